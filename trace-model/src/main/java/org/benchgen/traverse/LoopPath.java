package org.benchgen.traverse;

import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Rsd;

/**
 * Where a step is in its enclosing loops, innermost last: a linked path shared by every step of
 * one loop iteration, so that a traversal makes one per iteration entered, not one per step (at
 * 65,536 ranks a list of coordinates per step was a tenth of a simulation's time).
 */
public sealed interface LoopPath {
  /** Outside every loop. */
  LoopPath TOP = new Top();

  /** The path one loop deeper: iteration {@code iteration} (from 0) of {@code trips}. */
  default LoopPath in(Loop loop, long iteration, long trips) {
    return new In(this, loop, iteration, trips);
  }

  /** For people: {@code in iteration 5 of 100 of the loop from MPI_Irecv at halo.c:40, ...}. */
  String describe();

  /** The top level, outside every loop. */
  record Top() implements LoopPath {
    @Override
    public String describe() {
      return "";
    }
  }

  /** One iteration of one loop, inside {@code outer}. */
  record In(LoopPath outer, Loop loop, long iteration, long trips) implements LoopPath {
    @Override
    public String describe() {
      String outerText = outer.describe();
      return " in iteration " + (iteration + 1) + " of " + trips + " of the loop from "
          + first(loop) + (outerText.isEmpty() ? "" : "," + outerText.substring(" in".length()));
    }

    /** The loop's first call, depth-first, which names the loop. */
    private static String first(Loop l) {
      Node n = l;
      while (n instanceof Loop x && !x.body().isEmpty()) {
        n = x.body().get(0);
      }
      return n instanceof Rsd r ? r.op().mpiName() + " at " + r.site() : "an empty body";
    }
  }
}
