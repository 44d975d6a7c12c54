package org.benchgen.rawtrace;

import java.util.Arrays;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;

/**
 * One MPI call on one rank as the per-rank stream records it. Scalar field values sit in {@code
 * values} by the op's slot ({@link Op#slot}); list fields in {@code lists}. Absent optional fields
 * hold {@link Sym#ABSENT} (scalars) or an empty array (lists). {@code cpu} is the thread's CPU time
 * in the compute interval before the call, where the tracer recorded it ({@code trace
 * --cpu-time}), else {@link #NO_CPU}.
 */
public record RawEvent(Op op, String site, long enter, long exit, long[] values, long[][] lists,
    long cpu) {
  public static final long[] NO_LIST = new long[0];
  /** {@code cpu} of an event whose CPU time was not recorded. */
  public static final long NO_CPU = -1;

  /** An event without CPU time. */
  public RawEvent(Op op, String site, long enter, long exit, long[] values, long[][] lists) {
    this(op, site, enter, exit, values, lists, NO_CPU);
  }

  /** Whether the tracer recorded the CPU time of the interval before this call. */
  public boolean hasCpu() {
    return cpu != NO_CPU;
  }

  /** The value of a scalar field, {@link Sym#ABSENT} when this call does not have it. */
  public long get(Field f) {
    int s = op.slot(f);
    return s < 0 ? Sym.ABSENT.code() : values[s];
  }

  /** The elements of a list field (empty when absent). */
  public long[] list(Field f) {
    int s = op.slot(f);
    return s < 0 ? NO_LIST : lists[s];
  }

  /** The requests a Start starts: MPI_Start's one, MPI_Startall's list. */
  public long[] startedRequests() {
    return op == Op.START ? new long[] {get(Field.REQ)} : list(Field.REQS);
  }

  /** Whether the call was made in its MPI-4 large-count form (MPI_Send_c): {@code large=1}. */
  public boolean isLarge() {
    return isPresent(Field.LARGE) && get(Field.LARGE) == 1;
  }

  public boolean isPresent(Field f) {
    int s = op.slot(f);
    return s >= 0 && (f.kind().isList() ? lists[s] != NO_LIST : values[s] != Sym.ABSENT.code());
  }

  /** Same call, site and parameters; times are not compared (compression summarizes them). */
  public boolean sameCall(RawEvent o) {
    return op == o.op && site.equals(o.site) && Arrays.equals(values, o.values)
        && Arrays.deepEquals(lists, o.lists);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RawEvent e && sameCall(e) && enter == e.enter && exit == e.exit
        && cpu == e.cpu;
  }

  @Override
  public int hashCode() {
    return op.hashCode() * 31 + site.hashCode() * 17 + Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    // Names are ids of a table this value does not know: shown as #ID.
    return RawTraceWriter.format(this, id -> "#" + id);
  }
}
