package org.benchgen.otf2;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.benchgen.rawtrace.RawEventBuilder;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;

/**
 * The communicator calls of one rank during an import: which communicator a creating call made
 * (its CommCreate record, or by rule without one), their arguments (from the new communicator and
 * the archive's Cartesian topologies), and which one {@code MPI_Comm_free} frees.
 */
final class RankComms {
  private final ImportDefs defs;
  private final int rank;
  private final RecordFields fields;
  private final RuleCounts notes;
  /** Communicators this rank created and has not freed, the newest last. */
  private final Deque<Long> created = new ArrayDeque<>();
  /** Every communicator a call of this rank made, freed or not. */
  private final Set<Long> createdEver = new HashSet<>();
  /** This rank's communicators but MPI_COMM_WORLD, in the definitions' order (computed once). */
  private final List<ImportDefs.Comm> mine;
  private int nextIndex;
  /** Cartesian topologies a Cart_create that left this rank out has used. */
  private final Set<Long> takenCarts = new HashSet<>();

  RankComms(ImportDefs defs, int rank, RecordFields fields, RuleCounts notes) {
    this.defs = defs;
    this.rank = rank;
    this.fields = fields;
    this.notes = notes;
    this.mine = defs.commsOf(rank);
  }

  /** Sets the fields of {@code op}, a creating call whose records are {@code records}. */
  boolean create(Op op, List<BridgeEvent> records, RawEventBuilder b) {
    BridgeEvent.CommCreate cc = RankImporter.first(records, BridgeEvent.CommCreate.class);
    ImportDefs.Comm made = cc != null ? fields.comm(cc.comm())
        : defs.commRecords() ? null : nextDefined();
    Optional<ImportDefs.Comm> parent = made == null || made.parentRef() < 0 ? Optional.empty()
        : defs.comm(made.parentRef(), rank);
    b.set(Field.COMM, parent.map(ImportDefs.Comm::id).orElse(0L));
    b.set(Field.NEWCOMM, made == null ? Sym.NULL.code() : made.id());
    if (made != null) {
      created.add(made.id());
      createdEver.add(made.id());
    }
    switch (op) {
      case COMM_SPLIT -> {
        b.set(Field.COLOR, made == null ? Sym.UNDEFINED.code() : made.id());
        b.set(Field.KEY, made == null ? 0 : RecordFields.indexIn(made, rank));
        notes.add("MPI_Comm_split: color and key made from the communicator created");
      }
      case CART_CREATE -> {
        Optional<long[][]> t = made == null ? leftOut() : Cartesian.topology(defs, made);
        if (t.isPresent()) {
          b.list(Field.DIMS, t.get()[0]).list(Field.PERIODS, t.get()[1]);
        } else {
          b.list(Field.DIMS, made == null ? 1 : made.members().length).list(Field.PERIODS, 0);
          notes.add("MPI_Cart_create without a Cartesian topology: one dimension, not"
              + " periodic");
        }
      }
      case CART_SUB -> {
        Optional<long[]> remain = made == null || parent.isEmpty() ? Optional.empty()
            : Cartesian.remain(defs, parent.get(), made, rank);
        b.list(Field.REMAIN, remain.orElse(new long[] {1}));
        if (remain.isEmpty()) {
          notes.add("MPI_Cart_sub whose kept dimensions the topologies do not say: remain=1");
        }
      }
      default -> { }
    }
    return true;
  }

  /**
   * The communicator a creating call without a CommCreate record (OTF2 before 3.0) made: the
   * first of this rank's communicators, in the definitions' order, that MPI did not predefine and
   * no call made yet; null when none is left ({@code MPI_COMM_NULL}).
   */
  private ImportDefs.Comm nextDefined() {
    while (nextIndex < mine.size() && (mine.get(nextIndex).predefined()
        || createdEver.contains(mine.get(nextIndex).id()))) {
      nextIndex++;
    }
    ImportDefs.Comm next = nextIndex < mine.size() ? mine.get(nextIndex) : null;
    notes.add("communicator creations without a CommCreate record (OTF2 before 3.0): the"
        + " rank's next communicator in the definitions");
    return next;
  }

  /**
   * The grid of a Cart_create that left this rank out ({@code MPI_COMM_NULL}): the other ranks'
   * grid, which MPI requires to be the same, taken as the next Cartesian topology in the
   * definitions of a communicator this rank is not in.
   */
  private Optional<long[][]> leftOut() {
    List<Long> refs = defs.carts().keySet().stream().sorted().toList();
    for (long ref : refs) {
      Optional<ImportDefs.Comm> c = defs.comm(ref, rank);
      if (!takenCarts.contains(ref) && c.isPresent()
          && RecordFields.indexIn(c.get(), rank) < 0) {
        takenCarts.add(ref);
        return Optional.of(defs.carts().get(ref));
      }
    }
    return Optional.empty();
  }

  /** Sets the communicator {@code MPI_Comm_free} frees; false when nothing says which. */
  boolean free(List<BridgeEvent> records, RawEventBuilder b) {
    BridgeEvent.CommDestroy d = RankImporter.first(records, BridgeEvent.CommDestroy.class);
    long id;
    if (d != null) {
      id = fields.comm(d.comm()).id();
      created.remove(id);
    } else if (!defs.commRecords() && !created.isEmpty()) {
      id = created.pollLast();
      notes.add("MPI_Comm_free without a CommDestroy record (OTF2 before 3.0): the"
          + " communicator the rank created last");
    } else {
      return false;
    }
    b.set(Field.COMM, id);
    return true;
  }
}
