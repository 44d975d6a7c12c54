package org.benchgen.traverse;

import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Rsd;

/**
 * Where a step is inside one enclosing loop: the loop, its index in its parent's body, the
 * iteration (from 0) and the trip count of this entry of the loop.
 */
public record LoopCoord(Loop loop, int index, long iteration, long trips) {
  /** For people: {@code iteration 5 of 100 of the loop from MPI_Irecv at halo.c:40}. */
  public String describe() {
    return "iteration " + (iteration + 1) + " of " + trips + " of the loop from " + first(loop);
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
