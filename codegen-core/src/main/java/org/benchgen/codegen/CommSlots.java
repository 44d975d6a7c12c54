package org.benchgen.codegen;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;

/**
 * Where a generated program keeps each communicator: slot 0 is the world; each call that creates
 * communicators (an RSD with {@code newcomm}) has one slot, which holds, on every rank, the
 * communicator that call last gave it. So the row communicators of a split are one slot however
 * many rows there are, and a communicator created and freed in a loop is one slot however many
 * iterations. A communicator no recorded call created (the tracer defines those from their
 * members) gets a slot built at start-up; all single-rank ones share the slot of MPI_COMM_SELF.
 */
public final class CommSlots {
  private final Map<Long, Integer> slotOfComm = new HashMap<>();
  private final Map<Rsd, Integer> slotOfCreator = new IdentityHashMap<>();
  private final Map<Integer, List<Integer>> uncreated = new LinkedHashMap<>();
  private int selfSlot = -1;
  private int slots = 1;

  public CommSlots(CompressedTrace trace) {
    slotOfComm.put(0L, 0);
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        if (r.op().kind() == OpKind.COMM_CREATE) {
          created(r);
        }
      }
    }.scan(trace.body());
    for (CommDef c : trace.comms()) {
      if (slotOfComm.containsKey((long) c.id())) {
        continue;
      }
      if (c.members().size() == 1) {
        // Every rank's MPI_COMM_SELF (or a copy of it) is one slot.
        if (selfSlot < 0) {
          selfSlot = slots++;
        }
        slotOfComm.put((long) c.id(), selfSlot);
      } else {
        slotOfComm.put((long) c.id(), slots);
        uncreated.put(slots++, c.members());
      }
    }
  }

  /** Gives the communicator-creating RSD {@code r} the next slot. */
  private void created(Rsd r) {
    int slot = slots++;
    slotOfCreator.put(r, slot);
    r.param(Field.NEWCOMM).leaves().filter(v -> !Sym.isSymbol(v))
        .forEach(id -> slotOfComm.putIfAbsent(id, slot));
  }

  /** How many slots the program needs. */
  public int count() {
    return slots;
  }

  /** The slot of communicator {@code id}. */
  public int of(long id) {
    Integer s = slotOfComm.get(id);
    if (s == null) {
      throw new IllegalStateException("communicator " + id + " is used but never defined");
    }
    return s;
  }

  /** The slot that the communicator-creating RSD {@code creator} fills. */
  public int createdBy(Rsd creator) {
    return slotOfCreator.get(creator);
  }

  /** Communicators of more than one rank that no recorded call created: slot to world ranks. */
  public Map<Integer, List<Integer>> uncreated() {
    return uncreated;
  }

  /** The slot that holds MPI_COMM_SELF, if a single-rank communicator no call created is used. */
  public Optional<Integer> selfSlot() {
    return selfSlot < 0 ? Optional.empty() : Optional.of(selfSlot);
  }
}
