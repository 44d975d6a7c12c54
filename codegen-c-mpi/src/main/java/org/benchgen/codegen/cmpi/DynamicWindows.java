package org.benchgen.codegen.cmpi;

import java.util.EnumSet;
import java.util.Set;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;

/**
 * Whether a trace operates on a window of MPI_Win_create_dynamic: its target displacements are
 * then addresses in the target's memory (MPI_Get_address of what the target attached), which no
 * benchmark has. The trace is taken as a whole (a window's slot says nothing of its kind): one
 * dynamic window and one operation with a target displacement are enough to refuse it.
 */
final class DynamicWindows {
  private DynamicWindows() {}

  static boolean operated(CompressedTrace trace) {
    Set<Op> seen = EnumSet.noneOf(Op.class);
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd rsd) {
        seen.add(rsd.op());
      }
    }.scan(trace.body());
    return seen.contains(Op.WIN_CREATE_DYNAMIC)
        && seen.stream().anyMatch(op -> op.has(Field.TDISP));
  }
}
