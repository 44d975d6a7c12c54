package org.benchgen.traverse;

import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.Sym;

/**
 * One call of one rank: the RSD it comes from and the values of its parameters for this execution,
 * in the RSD's slots. {@code stored} holds them as the trace stores them (peers possibly relative,
 * requests as ages, lists as interned ids, {@link Sym#ABSENT} where the rank has no value); {@code
 * relative[i]} says that slot i was stored relative; {@code values} has peers made absolute
 * communicator ranks. {@code loops} says which iteration of each enclosing loop it is in. {@code
 * relative} is shared by all steps of the RSD on this rank: read it, do not change it.
 */
public record Step(int rank, Rsd rsd, long[] stored, boolean[] relative, long[] values,
    LoopPath loops) {

  /** The value of {@code f} (peers absolute), or {@link Sym#ABSENT}'s code. */
  public long value(Field f) {
    int s = rsd.op().slot(f);
    return s < 0 ? Sym.ABSENT.code() : values[s];
  }

  /** The communicator of this call: its {@code comm} value, or 0 (the world) for calls without. */
  public long comm() {
    long c = value(Field.COMM);
    return c == Sym.ABSENT.code() ? 0 : c;
  }

  /**
   * The communicator whose members all make this call, where it synchronizes ({@link
   * org.benchgen.trace.Participants}): {@link #comm}, or MPI_Comm_create_group's new one.
   */
  public long syncComm() {
    Field f = org.benchgen.trace.Participants.field(rsd.op());
    return f == Field.COMM ? comm() : value(f);
  }

  /** For people: the call, its site and its loop iterations, innermost first. */
  public String describe() {
    return rsd.op().mpiName() + " at " + rsd.site() + loops.describe();
  }
}
