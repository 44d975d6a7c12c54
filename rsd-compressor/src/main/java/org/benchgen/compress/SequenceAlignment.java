package org.benchgen.compress;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiPredicate;
import java.util.function.ToIntFunction;

/**
 * Which elements of two sequences to merge, in near-linear time whatever they share. First Myers'
 * diff with a bound on the edit distance ({@link BoundedMyers}): for sequences that differ little
 * (ranks running the same code) this is the minimal alignment, as before. When they differ more,
 * Myers is quadratic (MPMD ranks share no call site: D = n + m), so the sequences are cut at
 * anchors instead, elements whose key occurs exactly once in each (patience diff), the longest run
 * of anchors in the same order in both; each stretch between anchors is aligned the same way, and a
 * stretch without anchors is left unmatched (spliced, each side in its own order).
 */
final class SequenceAlignment {
  /** Myers' bound: past this many edits a failed attempt has cost about MAX_EDITS² steps. */
  static final int MAX_EDITS = 2_000;
  /** Nested stretches aligned by anchors; deeper ones are spliced (bounds the recursion). */
  private static final int MAX_DEPTH = 24;

  private SequenceAlignment() {}

  /**
   * The pairs to merge, {@code [i0, j0, i1, j1, ...]}, increasing in both. {@code eq} says whether
   * two elements may merge; {@code key} is an id such that equal keys imply {@code eq}.
   */
  static <T> int[] align(List<T> a, List<T> b, BiPredicate<T, T> eq, ToIntFunction<T> key) {
    Pairs out = new Pairs();
    align(a, 0, a.size(), b, 0, b.size(), eq, key, 0, out);
    return Arrays.copyOf(out.values, out.size);
  }

  private static <T> void align(List<T> a, int alo, int ahi, List<T> b, int blo, int bhi,
      BiPredicate<T, T> eq, ToIntFunction<T> key, int depth, Pairs out) {
    if (alo == ahi || blo == bhi) {
      return;
    }
    Optional<int[]> myers = BoundedMyers.match(a.subList(alo, ahi), b.subList(blo, bhi), eq,
        MAX_EDITS);
    if (myers.isPresent()) {
      int[] p = myers.get();
      for (int q = 0; q < p.length; q += 2) {
        out.add(alo + p[q], blo + p[q + 1]);
      }
      return;
    }
    if (depth == MAX_DEPTH) {
      return;
    }
    int[] anchors = anchors(a, alo, ahi, b, blo, bhi, key);
    int i = alo;
    int j = blo;
    for (int q = 0; q < anchors.length; q += 2) {
      align(a, i, anchors[q], b, j, anchors[q + 1], eq, key, depth + 1, out);
      out.add(anchors[q], anchors[q + 1]);
      i = anchors[q] + 1;
      j = anchors[q + 1] + 1;
    }
    if (anchors.length > 0) {
      align(a, i, ahi, b, j, bhi, eq, key, depth + 1, out);
    }
  }

  /**
   * Elements whose key occurs once in {@code a[alo..ahi)} and once in {@code b[blo..bhi)}: the
   * longest set of them in the same order in both (patience sorting), as pairs.
   */
  private static <T> int[] anchors(List<T> a, int alo, int ahi, List<T> b, int blo, int bhi,
      ToIntFunction<T> key) {
    // key -> position in b, or -1 when it occurs more than once there.
    Map<Integer, Integer> inB = new HashMap<>();
    for (int j = blo; j < bhi; j++) {
      inB.merge(key.applyAsInt(b.get(j)), j, (x, y) -> -1);
    }
    Map<Integer, Integer> inA = new HashMap<>();
    for (int i = alo; i < ahi; i++) {
      int k = key.applyAsInt(a.get(i));
      if (inB.getOrDefault(k, -1) >= 0) {
        inA.merge(k, i, (x, y) -> -1);
      }
    }
    int[] is = new int[inA.size()];
    int[] js = new int[inA.size()];
    int n = 0;
    for (int i = alo; i < ahi; i++) {
      Integer at = inA.get(key.applyAsInt(a.get(i)));
      if (at != null && at == i) {
        is[n] = i;
        js[n++] = inB.get(key.applyAsInt(a.get(i)));
      }
    }
    return increasingRun(is, js, n);
  }

  /** The longest run of {@code js[0..n)} that increases, with its {@code is}, as pairs. */
  private static int[] increasingRun(int[] is, int[] js, int n) {
    int[] tails = new int[n]; // index of the smallest last element of a run of each length
    int[] before = new int[n];
    int len = 0;
    for (int x = 0; x < n; x++) {
      int lo = 0;
      int hi = len;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (js[tails[mid]] < js[x]) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      before[x] = lo > 0 ? tails[lo - 1] : -1;
      tails[lo] = x;
      len = Math.max(len, lo + 1);
    }
    int[] out = new int[2 * len];
    for (int x = len == 0 ? -1 : tails[len - 1], q = len - 1; x >= 0; x = before[x], q--) {
      out[2 * q] = is[x];
      out[2 * q + 1] = js[x];
    }
    return out;
  }

  /** A growing array of int pairs. */
  private static final class Pairs {
    int[] values = new int[32];
    int size;

    void add(int i, int j) {
      if (size + 2 > values.length) {
        values = Arrays.copyOf(values, 2 * values.length);
      }
      values[size++] = i;
      values[size++] = j;
    }
  }
}
