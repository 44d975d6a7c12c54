package org.benchgen.codegen;

import java.util.List;
import java.util.Optional;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.Loop;

/** What the traversal hands a target for one loop: its trip count as an expression, its depth. */
public final class LoopContext {
  private final Loop loop;
  private final int index;
  private final int depth;
  private final Value trips;
  private final boolean counterUsed;
  private final List<Loop> enclosing;

  LoopContext(Generation g, Loop loop, int index, int depth, List<Loop> enclosing) {
    this.loop = loop;
    this.enclosing = enclosing;
    this.index = index;
    this.depth = depth;
    boolean[] used = new boolean[1];
    this.trips = g.values().of(loop.trips(), ParamExpressions.NUMBER, counter(), Optional.empty(), used);
    this.counterUsed = used[0];
  }

  public Loop loop() {
    return loop;
  }

  /** The loops around this one, outermost first. */
  public List<Loop> enclosing() {
    return enclosing;
  }

  /** The loop's number in program order, from 1. */
  public int index() {
    return index;
  }

  /** Nesting depth, 0 for a top-level loop. */
  public int depth() {
    return depth;
  }

  /** The trip count of this entry into the loop. */
  public Value trips() {
    return trips;
  }

  /** The name of the counter of entries into the loop (used when trip counts change). */
  public String counter() {
    return "e" + index;
  }

  public boolean counterUsed() {
    return counterUsed;
  }
}
