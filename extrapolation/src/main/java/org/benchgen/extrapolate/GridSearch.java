package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The process grid of a trace found with the ranks' coordinates, where the peers' offsets alone
 * show no product of strides: a periodic neighbour across an edge is {@code px-1} ranks away at
 * {@code x=0} and {@code -1} inside, and a multigrid's coarse level steps 2 along a dimension
 * where its fine levels step 1. Every grid of two or three sides of 2 or more whose product is
 * the world is tried: each (rank, peer) pair must be a step along one dimension (around its
 * edge where shorter) or a diagonal of steps of one; every dimension must be stepped along alone
 * by some pair. Of the grids that explain all pairs, the one with the fewest pairs stepping
 * more than one, then the shortest longest step, then the fewest dimensions, is taken.
 */
final class GridSearch {
  private GridSearch() {}

  /** The best grid for {@code pairs} ({rank, offset} each) at {@code p} ranks, if any. */
  static Optional<Grid> best(int p, List<long[]> pairs) {
    Set<Long> seen = new HashSet<>();
    List<long[]> distinct = new ArrayList<>();
    for (long[] x : pairs) {
      long peer = Math.floorMod(x[0] + x[1], (long) p);
      if (peer != x[0] && seen.add(x[0] * p + peer)) {
        distinct.add(new long[] {x[0], peer});
      }
    }
    if (distinct.isEmpty()) {
      return Optional.empty();
    }
    Grid best = null;
    long[] bestScore = null;
    for (int[] dims : factorizations(p)) {
      Grid g = new Grid(dims);
      long[] score = score(g, distinct);
      if (score.length > 0 && (bestScore == null || less(score, bestScore))) {
        best = g;
        bestScore = score;
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * {pairs stepping more than one, longest step, dimensions}, or an empty array where a pair is
   * no step of the grid or a dimension is never stepped along alone.
   */
  static long[] score(Grid g, List<long[]> pairs) {
    int n = g.dims().length;
    boolean[] alone = new boolean[n];
    long longPairs = 0;
    long longest = 0;
    for (long[] x : pairs) {
      int[] a = g.coords((int) x[0]);
      int[] b = g.coords((int) x[1]);
      int moved = 0;
      int dim = -1;
      int max = 0;
      for (int i = 0; i < n; i++) {
        int d = g.dims()[i];
        int step = Math.floorMod(b[i] - a[i], d);
        step = Math.min(step, d - step); // the shorter way round
        if (step != 0) {
          moved++;
          dim = i;
          max = Math.max(max, step);
        }
      }
      if (moved > 1 && max > 1) {
        return new long[0];
      }
      if (moved == 1) {
        alone[dim] = true;
      }
      if (max > 1) {
        longPairs++;
      }
      longest = Math.max(longest, max);
    }
    for (boolean s : alone) {
      if (!s) {
        return new long[0];
      }
    }
    return new long[] {longPairs, longest, n};
  }

  private static boolean less(long[] a, long[] b) {
    for (int i = 0; i < a.length; i++) {
      if (a[i] != b[i]) {
        return a[i] < b[i];
      }
    }
    return false;
  }

  /** The ordered ways of writing {@code p} as 2 or 3 factors of 2 or more. */
  static List<int[]> factorizations(int p) {
    List<int[]> out = new ArrayList<>();
    for (int a = 2; a <= p / 2; a++) {
      if (p % a != 0) {
        continue;
      }
      int rest = p / a;
      if (rest >= 2) {
        out.add(new int[] {a, rest});
      }
      for (int b = 2; b <= rest / 2; b++) {
        if (rest % b == 0 && rest / b >= 2) {
          out.add(new int[] {a, b, rest / b});
        }
      }
    }
    return out;
  }
}
