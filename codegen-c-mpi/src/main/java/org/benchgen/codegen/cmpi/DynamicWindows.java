package org.benchgen.codegen.cmpi;

import java.util.HashSet;
import java.util.Set;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Param;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;

/**
 * The windows of MPI_Win_create_dynamic in a trace, for the benchmark's operations on them: their
 * target displacements are addresses in the target's memory (MPI_Get_address of what the target
 * attached), which no benchmark has, so the run-time library attaches to each such window one
 * region of {@link #regionBytes} for the operations, and an operation on it is made at the start
 * of its target's (bg_win_disp). The trace is taken as a whole: a window's slot says nothing of
 * its kind, so a slot that some rank gives a dynamic window is {@link #mayBeDynamic}, and one
 * that no rank gives any other window {@link #onlyDynamic} (its operations need no traced
 * displacement at all).
 */
final class DynamicWindows {
  private final boolean present;
  private final long regionBytes;
  private final Set<Long> dynamicSlots;
  private final Set<Long> otherSlots;

  private DynamicWindows(boolean present, long regionBytes, Set<Long> dynamicSlots,
      Set<Long> otherSlots) {
    this.present = present;
    this.regionBytes = regionBytes;
    this.dynamicSlots = Set.copyOf(dynamicSlots);
    this.otherSlots = Set.copyOf(otherSlots);
  }

  static DynamicWindows of(CompressedTrace trace) {
    Set<Long> dynamic = new HashSet<>();
    Set<Long> other = new HashSet<>();
    long[] bytes = {0};
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd rsd) {
        Op op = rsd.op();
        if (op == Op.WIN_CREATE_DYNAMIC) {
          rsd.param(Field.WIN).leaves().forEach(dynamic::add);
        } else if (op == Op.WIN_CREATE || op == Op.WIN_ALLOCATE
            || op == Op.WIN_ALLOCATE_SHARED) {
          rsd.param(Field.WIN).leaves().forEach(other::add);
        }
        if (op.has(Field.TDISP)) {
          // MPI_Fetch_and_op and MPI_Compare_and_swap: one element of the origin's type.
          long target = op.has(Field.TCOUNT)
              ? max(rsd.param(Field.TCOUNT)) * max(rsd.param(Field.TTSIZE))
              : max(rsd.param(Field.TSIZE));
          bytes[0] = Math.max(bytes[0], target);
        }
      }
    }.scan(trace.body());
    return new DynamicWindows(!dynamic.isEmpty(), Math.max(bytes[0], 1), dynamic, other);
  }

  private static long max(Param p) {
    return p.leaves().filter(v -> v > 0).max().orElse(0);
  }

  /** Whether the trace has a window of MPI_Win_create_dynamic. */
  boolean present() {
    return present;
  }

  /** The bytes of the region for the operations: the largest target bytes of any operation. */
  long regionBytes() {
    return regionBytes;
  }

  /** Whether some rank gives one of these slots to a dynamic window. */
  boolean mayBeDynamic(Param slot) {
    return present && slot.leaves().anyMatch(dynamicSlots::contains);
  }

  /** Whether every one of these slots is a dynamic window's, on every rank. */
  boolean onlyDynamic(Param slot) {
    return mayBeDynamic(slot) && slot.leaves().allMatch(s -> dynamicSlots.contains(s)
        && !otherSlots.contains(s));
  }
}
