package org.benchgen.codegen;

import java.util.List;
import java.util.Optional;
import org.benchgen.codegen.output.Compute;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;

/**
 * What the traversal hands a target for one RSD: the RSD and its parameters as expressions (peers
 * in their communicator, patterns indexed by the RSD's execution counter).
 */
public final class RsdContext {
  private final Generation g;
  private final Rsd rsd;
  private final int index;
  private final List<Loop> enclosing;
  /** Whether a value handed out so far reads the execution counter. */
  private boolean counterUsed;

  RsdContext(Generation g, Rsd rsd, int index, List<Loop> enclosing) {
    this.g = g;
    this.rsd = rsd;
    this.index = index;
    this.enclosing = enclosing;
  }

  /** The loops around the RSD, outermost first. */
  public List<Loop> enclosing() {
    return enclosing;
  }

  public Rsd rsd() {
    return rsd;
  }

  /** The RSD's number in program order, from 1. */
  public int index() {
    return index;
  }

  /** The name of this RSD's execution counter. */
  public String counter() {
    return g.naming().executionCounter(index);
  }

  /** Whether some parameter changes between executions, so the counter must be kept. */
  public boolean counterUsed() {
    return counterUsed;
  }

  public boolean has(Field f) {
    return !rsd.param(f).isAbsent();
  }

  /** A number or MPI symbol; peers relative to the rank in the call's communicator. */
  public Value value(Field f) {
    return value(f, ParamExpressions.NUMBER);
  }

  /** {@code f}'s value with leaves read by {@code leaf}. */
  public Value value(Field f, ParamExpressions.Leaf leaf) {
    return counted(g.values().of(rsd.param(f), leaf, counter(),
        f.isPeer() ? Optional.of(comm()) : Optional.empty()));
  }

  /** The slot of the call's communicator (the world's, 0, for calls without one). */
  public Value comm() {
    if (!has(Field.COMM)) {
      return new Value.Num(0);
    }
    return counted(g.values().of(rsd.param(Field.COMM), new ParamExpressions.Leaf(
        id -> new Value.Num(g.comms().of(id)), "int"), counter(), Optional.empty()));
  }

  /** The compute before the call. */
  public Optional<Compute> compute() {
    return g.compute(rsd);
  }

  /** The number to record as the last call's site, when later compute depends on it. */
  public Optional<Integer> trackedSite() {
    return g.trackedSite(rsd);
  }

  private Value counted(ParamExpressions.Counted c) {
    counterUsed |= c.readsCounter();
    return c.value();
  }
}
