package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How a program lays its ranks out at any count: the grids seen at the traced counts, explained
 * by one rule. Rules: sides as equal as possible (MPI_Dims_create's), largest or smallest fastest;
 * the same, with the dimensions that kept one size at every traced count kept at it.
 */
record DimsRule(String name, int dimsCount, int[] fixed, boolean largestFirst) {
  /** The grid at {@code p} ranks, if the rule gives one. */
  Optional<Grid> at(int p) {
    int free = 0;
    long fixedProduct = 1;
    for (int f : fixed) {
      if (f > 0) {
        fixedProduct *= f;
      } else {
        free++;
      }
    }
    if (p % fixedProduct != 0) {
      return Optional.empty();
    }
    int[] balanced = balanced((int) (p / fixedProduct), free);
    if (!largestFirst) {
      reverse(balanced);
    }
    int[] dims = new int[dimsCount];
    int k = 0;
    for (int i = 0; i < dimsCount; i++) {
      dims[i] = fixed[i] > 0 ? fixed[i] : balanced[k++];
    }
    return Optional.of(new Grid(dims));
  }

  /** The first rule that gives every traced grid, if one does. */
  static Optional<DimsRule> explain(List<Integer> counts, List<Grid> grids) {
    int d = grids.get(0).dims().length;
    if (grids.stream().anyMatch(g -> g.dims().length != d)) {
      return Optional.empty();
    }
    List<DimsRule> rules = new ArrayList<>();
    int[] none = new int[d];
    rules.add(new DimsRule("sides as equal as possible, the longest fastest", d, none, true));
    rules.add(new DimsRule("sides as equal as possible, the shortest fastest", d, none, false));
    int[] kept = new int[d];
    for (int i = 0; i < d; i++) {
      int side = grids.get(0).dims()[i];
      final int dim = i;
      kept[i] = grids.stream().allMatch(g -> g.dims()[dim] == side) ? side : 0;
    }
    if (Arrays.stream(kept).anyMatch(k -> k > 0) && Arrays.stream(kept).anyMatch(k -> k == 0)) {
      rules.add(new DimsRule("fixed sides kept, the others as equal as possible, the longest"
          + " fastest", d, kept, true));
      rules.add(new DimsRule("fixed sides kept, the others as equal as possible, the shortest"
          + " fastest", d, kept, false));
    }
    for (DimsRule r : rules) {
      boolean all = true;
      for (int i = 0; i < counts.size() && all; i++) {
        all = r.at(counts.get(i)).map(grids.get(i)::equals).orElse(false);
      }
      if (all) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  /**
   * {@code n} as {@code k} factors as equal as possible (least largest factor, then least
   * spread), largest first: MPI_Dims_create's answer.
   */
  static int[] balanced(int n, int k) {
    if (k == 0) {
      return new int[0];
    }
    int[] best = null;
    int[] cur = new int[k];
    best = search(n, k, 0, n, cur, best);
    return best;
  }

  private static int[] search(int rest, int k, int i, int max, int[] cur, int[] best) {
    if (i == k - 1) {
      if (rest > max) {
        return best;
      }
      cur[i] = rest;
      if (best == null || better(cur, best)) {
        return cur.clone();
      }
      return best;
    }
    for (int f = Math.min(max, rest); f >= 1; f--) {
      if (rest % f == 0) {
        cur[i] = f;
        best = search(rest / f, k, i + 1, f, cur, best);
      }
    }
    return best;
  }

  private static boolean better(int[] a, int[] b) {
    return a[0] - a[a.length - 1] < b[0] - b[b.length - 1];
  }

  private static void reverse(int[] a) {
    for (int i = 0, j = a.length - 1; i < j; i++, j--) {
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
}
