package org.benchgen.codegen;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.Loop;

/**
 * What the traversal hands a target for one loop: its trip count as an expression (indexed by the
 * loop's entry counter where it changes), its index's name, its depth and the loops around it.
 */
public final class LoopContext {
  private final Generation g;
  private final Loop loop;
  private final int index;
  private final int depth;
  private final Value trips;
  private final boolean counterUsed;
  private final List<Loop> enclosing;
  private final OptionalInt region;

  LoopContext(Generation g, Loop loop, int index, OptionalInt region, int depth,
      List<Loop> enclosing) {
    this.g = g;
    this.region = region;
    this.loop = loop;
    this.enclosing = enclosing;
    this.index = index;
    this.depth = depth;
    ParamExpressions.Counted t = g.values().of(loop.trips(), ParamExpressions.NUMBER, counter(),
        Optional.empty());
    this.trips = t.value();
    this.counterUsed = t.readsCounter();
  }

  public Loop loop() {
    return loop;
  }

  /** The loops around this one, outermost first. */
  public List<Loop> enclosing() {
    return enclosing;
  }

  /**
   * The loop's number in the program the target writes, in program order from 1: it names the
   * loop's entry counter. Where sections are data it is the loop's region number.
   */
  public int index() {
    return index;
  }

  /**
   * The number of the loop's region ({@link Regions}), the same in every target; none for a loop
   * inside an irregular section, which only a target without data tables writes.
   */
  public OptionalInt region() {
    return region;
  }

  /** Nesting depth, 0 for a top-level loop. */
  public int depth() {
    return depth;
  }

  /** The name of the loop's index, the target's. */
  public String variable() {
    return g.naming().loopIndex(depth);
  }

  /** The trip count of this entry into the loop. */
  public Value trips() {
    return trips;
  }

  /** The last value of the loop's index, for targets that write an inclusive bound. */
  public Value last() {
    return Expressions.add(trips, -1);
  }

  /** The name of the counter of entries into the loop (used when trip counts change). */
  public String counter() {
    return g.naming().entryCounter(index);
  }

  public boolean counterUsed() {
    return counterUsed;
  }
}
