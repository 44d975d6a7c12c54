package org.benchgen.compress;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.BiPredicate;

/**
 * Myers' greedy diff that gives up when the edit distance passes a bound. Within the bound it
 * matches exactly the elements that java-diff-utils 4.12's {@code MeyersDiff} matches (same
 * furthest-reaching paths, same choice between a deletion and an insertion on ties), so merges that
 * were cheap before keep their result. Time is O((n+m)·D) and memory O(D²) ints for D up to the
 * bound, so a failed attempt costs little; the caller then aligns another way.
 */
final class BoundedMyers {
  private BoundedMyers() {}

  /**
   * The matched pairs {@code (i, j)} of {@code a} and {@code b}, increasing in both, as a
   * flattened array {@code [i0, j0, i1, j1, ...]}; empty when the edit distance exceeds
   * {@code maxD}.
   */
  static <T> Optional<int[]> match(List<T> a, List<T> b, BiPredicate<T, T> eq, int maxD) {
    int n = a.size();
    int m = b.size();
    int limit = Math.min(maxD, n + m);
    // Furthest x on each diagonal k after d edits; rows of 2d+1 values stored one after another.
    int[] rows = new int[16];
    int[] rowStart = new int[Math.min(limit, 1 << 20) + 1];
    int used = 0;
    for (int d = 0; d <= limit; d++) {
      if (d >= rowStart.length) {
        rowStart = Arrays.copyOf(rowStart, Math.min(limit + 1, 2 * rowStart.length));
      }
      int width = 2 * d + 1;
      if (used + width > rows.length) {
        rows = Arrays.copyOf(rows, Math.max(used + width, 2 * rows.length));
      }
      rowStart[d] = used;
      int prev = d == 0 ? -1 : rowStart[d - 1];
      for (int k = -d; k <= d; k += 2) {
        int x = d == 0 ? 0 : start(rows, prev, d, k);
        int y = x - k;
        while (x < n && y < m && eq.test(a.get(x), b.get(y))) {
          x++;
          y++;
        }
        rows[used + k + d] = x;
        if (x >= n && y >= m) {
          return Optional.of(backtrack(n, m, rows, rowStart, d, k));
        }
      }
      used += width;
    }
    return Optional.empty();
  }

  /** Where diagonal k's path starts at step d: below k+1 (insertion) or right of k-1. */
  private static int start(int[] rows, int prev, int d, int k) {
    // Row d-1 holds diagonals -(d-1) .. d-1 at offsets 0 .. 2d-2.
    return fromAbove(rows, prev, d, k)
        ? rows[prev + k + 1 + d - 1] : rows[prev + k - 1 + d - 1] + 1;
  }

  /** java-diff-utils' choice: from diagonal k+1 unless k-1 reached further (ties: k+1). */
  private static boolean fromAbove(int[] rows, int prev, int d, int k) {
    return k == -d || (k != d && rows[prev + k - 1 + d - 1] < rows[prev + k + 1 + d - 1]);
  }

  private static int[] backtrack(int n, int m, int[] rows, int[] rowStart, int dEnd, int kEnd) {
    int[] pairs = new int[2 * Math.min(n, m)];
    int count = 0;
    int k = kEnd;
    for (int d = dEnd; d >= 0; d--) {
      int xEnd = rows[rowStart[d] + k + d];
      int xStart;
      int kPrev = k;
      if (d == 0) {
        xStart = 0;
      } else {
        int prev = rowStart[d - 1];
        xStart = start(rows, prev, d, k);
        kPrev = fromAbove(rows, prev, d, k) ? k + 1 : k - 1;
      }
      // The snake of this step, backwards so that pairs come out reversed in one array.
      for (int x = xEnd - 1; x >= xStart; x--) {
        pairs[count++] = x - k;
        pairs[count++] = x;
      }
      k = kPrev;
    }
    int[] out = new int[count];
    for (int p = 0; p < count; p++) {
      out[p] = pairs[count - 1 - p];
    }
    return out;
  }
}
