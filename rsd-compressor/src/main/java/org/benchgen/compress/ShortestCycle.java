package org.benchgen.compress;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.PrimitiveIterator;
import org.benchgen.ir.VNode;
import org.benchgen.ir.ValueSeq;

/**
 * The shortest cycle of a value sequence. A parameter's values are read cyclically, as many as
 * its call runs (docs/compressed-format.md), so a sequence whose values repeat a shorter one from
 * the start at least twice, whole or not, can be stored as that one:
 * {@code PROC_NULL,(0,PROC_NULL*2)*99,0,PROC_NULL} (300 values that the folder, matching from the
 * end, split at another phase) is {@code PROC_NULL,0,PROC_NULL}, and ranks that ran the same
 * pattern a different number of times get the same sequence. Found with the prefix function
 * (Knuth-Morris-Pratt) over the expanded values, O(n), for sequences of at most {@link
 * #MAX_VALUES} values; longer ones are left as they are, so its cost stays bounded by what it may
 * save.
 */
final class ShortestCycle {
  static final int MAX_VALUES = 1 << 16;

  private ShortestCycle() {}

  /** The values of the shortest cycle of {@code nodes}, when it runs at least twice. */
  static Optional<long[]> of(List<VNode> nodes) {
    long[] v = expand(nodes);
    if (v.length < 2) {
      return Optional.empty();
    }
    int p = period(v);
    // Only a cycle that runs at least twice: saving the last values of a sequence that barely
    // repeats would cost generated code a modulo for nothing.
    return 2 * p <= v.length ? Optional.of(Arrays.copyOf(v, p)) : Optional.empty();
  }

  /** One cycle of {@code nodes}, or nothing when it has more than MAX_VALUES values. */
  private static long[] expand(List<VNode> nodes) {
    long[] out = new long[16];
    int n = 0;
    for (PrimitiveIterator.OfLong it = new ValueSeq(nodes).once(); it.hasNext(); ) {
      if (n == MAX_VALUES) {
        return new long[0];
      }
      if (n == out.length) {
        out = Arrays.copyOf(out, 2 * n);
      }
      out[n++] = it.nextLong();
    }
    return Arrays.copyOf(out, n);
  }

  /** The nodes of {@code nodes}, counted through repetitions: what writing them costs. */
  static long size(List<VNode> nodes) {
    long n = 0;
    for (VNode v : nodes) {
      n += v instanceof VNode.Rep r ? 1 + size(r.body()) : 1;
    }
    return n;
  }

  /** The smallest p with v[i] == v[i + p] for every i: n minus the longest border. */
  static int period(long[] v) {
    int[] border = new int[v.length];
    for (int i = 1; i < v.length; i++) {
      int k = border[i - 1];
      while (k > 0 && v[i] != v[k]) {
        k = border[k - 1];
      }
      border[i] = v[i] == v[k] ? k + 1 : 0;
    }
    return v.length - border[v.length - 1];
  }
}
