package org.benchgen.stats;

import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;

/**
 * The bytes a one-sided operation moves (issue 46), as {@code stats} and {@code verify} count
 * them, at its origin and towards its target: its origin buffer (what a Put or an Accumulate
 * sends, what a Get fetches), a Get_accumulate's result where that is larger (an MPI_NO_OP fetch
 * sends nothing), one element for Fetch_and_op and Compare_and_swap. Synchronisation, and an
 * operation on MPI_PROC_NULL, move none.
 */
public final class OneSidedBytes {
  private OneSidedBytes() {}

  /** The bytes of {@code e}; 0 for any call but a one-sided operation. */
  public static long of(RawEvent e) {
    Op op = e.op();
    if (op.kind() != OpKind.RMA || !op.has(Field.TARGET) || !op.has(Field.TSIZE)
        || e.get(Field.TARGET) == Sym.PROC_NULL.code()) {
      return 0;
    }
    long count = op.has(Field.COUNT) ? e.get(Field.COUNT) : 1;
    long bytes = count * e.get(Field.TSIZE);
    if (op.has(Field.RCOUNT)) {
      bytes = Math.max(bytes, e.get(Field.RCOUNT) * e.get(Field.RTSIZE));
    }
    return bytes;
  }

  /** Whether {@code e} moves data to or from a target rank ({@code target} in its window). */
  public static boolean hasTarget(RawEvent e) {
    return e.op().kind() == OpKind.RMA && e.op().has(Field.TSIZE)
        && !Sym.isSymbol(e.get(Field.TARGET));
  }
}
