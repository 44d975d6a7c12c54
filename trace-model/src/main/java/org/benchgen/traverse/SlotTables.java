package org.benchgen.traverse;

import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PrimitiveIterator;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Op;
import org.benchgen.trace.TraceProblem;

/**
 * Which parameter entry each rank reads in each slot of an RSD, kept once per class of ranks
 * that read the same entries, not once per rank (issue 50: at 65,536 ranks the per-rank tables
 * were a tenth of the matching simulation's heap). An entry whose rank list is the RSD's own
 * serves every rank of it without a look-up. Contexts of one trace share one instance (see
 * {@link TraversalContext#TraversalContext(org.benchgen.ir.CompressedTrace, int, Communicators,
 * SlotTables)}); it is not thread-safe.
 */
public final class SlotTables {
  /** Per operation, the slots of its peers (ranks in the call's communicator, roots included). */
  private static final int[][] PEER_SLOTS = Arrays.stream(Op.values())
      .map(op -> java.util.stream.IntStream.range(0, op.fields().size())
          .filter(i -> op.fields().get(i).kind() == FieldKind.PEER
              || op.fields().get(i).kind() == FieldKind.ROOT).toArray())
      .toArray(int[][]::new);

  private final Map<Rsd, PerRsd> byRsd = new IdentityHashMap<>();

  /**
   * The slots of a class of ranks: per slot its entry (null: absent there), the cursor every rank
   * of the class shares where the entry is one value (null where each rank needs its own),
   * which slots are relative, and the peers' slots.
   */
  record Table(ParamEntry[] entries, PrimitiveIterator.OfLong[] cursors, boolean[] relative,
      int[] peers, boolean shared) {}

  /** One RSD's tables: the entry that serves all its ranks per slot, and the tables made. */
  private static final class PerRsd {
    final ParamEntry[] whole;
    final Map<Choice, Table> tables = new HashMap<>();
    /** The one table of all the RSD's ranks, where every slot has an entry that serves all. */
    final Optional<Table> only;

    PerRsd(Rsd r) {
      whole = new ParamEntry[r.params().size()];
      boolean all = true;
      for (int i = 0; i < whole.length; i++) {
        List<ParamEntry> es = r.params().get(i).entries();
        if (es.size() == 1 && es.get(0).ranks().equals(r.ranks())) {
          whole[i] = es.get(0);
        } else {
          all = all && es.isEmpty() && !r.op().isRequired(r.op().fields().get(i));
        }
      }
      only = all ? Optional.of(table(r, whole)) : Optional.empty();
    }
  }

  /** The table of {@code rank}'s slots of {@code r}, shared with the ranks that read alike. */
  Table of(Rsd r, int rank) {
    PerRsd per = byRsd.computeIfAbsent(r, PerRsd::new);
    if (per.only.isPresent()) {
      return per.only.get();
    }
    int n = r.params().size();
    ParamEntry[] chosen = new ParamEntry[n];
    for (int i = 0; i < n; i++) {
      if (per.whole[i] != null) {
        chosen[i] = per.whole[i];
        continue;
      }
      Param param = r.params().get(i);
      Optional<ParamEntry> e = param.entryFor(rank);
      Field f = r.op().fields().get(i);
      if (e.isPresent()) {
        chosen[i] = e.get();
      } else if (r.op().isRequired(f)) {
        throw new TraceProblem(r.op().mpiName() + " at " + r.site() + " has no " + f.key()
            + " for rank " + rank + ", which it requires");
      }
    }
    return per.tables.computeIfAbsent(new Choice(chosen), k -> table(r, chosen));
  }

  /**
   * The entries a rank reads, compared by identity: within a slot, entries are distinct objects
   * of disjoint rank lists, and hashing their values would cost more than the look-up saves.
   */
  private record Choice(ParamEntry[] entries) {
    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Choice c) || c.entries.length != entries.length) {
        return false;
      }
      for (int i = 0; i < entries.length; i++) {
        if (entries[i] != c.entries[i]) {
          return false;
        }
      }
      return true;
    }

    @Override
    public int hashCode() {
      int h = 1;
      for (ParamEntry e : entries) {
        h = 31 * h + System.identityHashCode(e);
      }
      return h;
    }
  }

  private static Table table(Rsd r, ParamEntry[] entries) {
    int n = entries.length;
    PrimitiveIterator.OfLong[] c = new PrimitiveIterator.OfLong[n];
    boolean[] rel = new boolean[n];
    boolean shared = true;
    for (int i = 0; i < n; i++) {
      ParamEntry e = entries[i];
      if (e == null) {
        continue;
      }
      rel[i] = e.values() instanceof EntryValues.Relative;
      if (e.values().seq().isSingleValue()) {
        c[i] = e.values().seq().iterator(); // stateless: one for every rank of the class
      } else {
        shared = false;
      }
    }
    return new Table(entries.clone(), c, rel, PEER_SLOTS[r.op().ordinal()], shared);
  }
}
