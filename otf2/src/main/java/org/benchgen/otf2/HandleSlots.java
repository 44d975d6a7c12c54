package org.benchgen.otf2;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A rank's live handles of one kind (windows, MPI-IO files) numbered as the tracer numbers them:
 * each new handle takes the lowest slot no live one holds (docs/compressed-format.md), keyed
 * here by its OTF2 reference.
 */
final class HandleSlots {
  private final Map<Long, Long> slots = new HashMap<>();
  private final BitSet used = new BitSet();

  /** Gives handle {@code ref}, just made, the lowest free slot; that slot. */
  long open(long ref) {
    long slot = used.nextClearBit(0);
    used.set((int) slot);
    slots.put(ref, slot);
    return slot;
  }

  /** The slot of live handle {@code ref}; none if it is not live. */
  OptionalLong of(long ref) {
    Long slot = slots.get(ref);
    return slot == null ? OptionalLong.empty() : OptionalLong.of(slot);
  }

  /** Frees the slot of {@code ref}, which was freed or closed (nothing if it was not live). */
  void close(long ref) {
    Long slot = slots.remove(ref);
    if (slot != null) {
      used.clear((int) (long) slot);
    }
  }
}
