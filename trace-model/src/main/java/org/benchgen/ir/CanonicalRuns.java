package org.benchgen.ir;

import java.util.Arrays;

/**
 * The greedy runs of {@link IntRuns#runs} computed from runs instead of from every element: a rank
 * list written as {@code 0..8388606} is read in a few steps, not one per rank, so the cost of
 * reading a compressed trace follows its text, not the ranks its lines name. The input is ordered,
 * range-disjoint runs (each run's last element before the next run's first), which is what the
 * writer produces; the output equals {@code IntRuns.runs} of the expanded elements, so lists read
 * either way are {@code equals}.
 */
final class CanonicalRuns {
  private final int[] in;
  private final int n;
  private int[] out = new int[12];
  private int len;

  private CanonicalRuns(int[] in) {
    this.in = in;
    this.n = in.length / 3;
  }

  /** The canonical runs of {@code runs}: (start, stride, count) triples, ordered, disjoint. */
  static int[] of(int[] runs) {
    return new CanonicalRuns(runs).compute();
  }

  /** True when {@code runs} are ordered and range-disjoint, as {@link #of} requires. */
  static boolean ordered(int[] runs) {
    for (int i = 3; i < runs.length; i += 3) {
      if (last(runs, i - 3) >= runs[i]) {
        return false;
      }
    }
    return true;
  }

  private static long last(int[] r, int i) {
    return r[i] + (long) r[i + 1] * (r[i + 2] - 1);
  }

  private int value(int run, int k) {
    return in[3 * run] + in[3 * run + 1] * k;
  }

  private int[] compute() {
    int run = 0;
    int k = 0;
    while (run < n) {
      int start = value(run, k);
      // The element after (run, k), if any.
      int nRun = k + 1 < in[3 * run + 2] ? run : run + 1;
      int nK = nRun == run ? k + 1 : 0;
      if (nRun >= n) {
        emit(start, 1, 1);
        break;
      }
      int stride = value(nRun, nK) - start;
      long count = 2;
      int cRun = nRun;
      int cK = nK;
      while (true) {
        int runCount = in[3 * cRun + 2];
        if (cK + 1 < runCount && in[3 * cRun + 1] == stride) {
          count += runCount - 1 - cK; // the rest of this run steps by the same stride
          cK = runCount - 1;
        }
        int xRun = cK + 1 < runCount ? cRun : cRun + 1;
        int xK = xRun == cRun ? cK + 1 : 0;
        if (xRun >= n || value(xRun, xK) - value(cRun, cK) != stride) {
          break;
        }
        count++;
        cRun = xRun;
        cK = xK;
      }
      if (count == 2 && stride != 1) {
        // A lone pair with a gap reads better as two singles (as IntRuns.runs decides).
        emit(start, 1, 1);
        run = nRun;
        k = nK;
        continue;
      }
      emit(start, stride, (int) count);
      run = cK + 1 < in[3 * cRun + 2] ? cRun : cRun + 1;
      k = run == cRun ? cK + 1 : 0;
    }
    return Arrays.copyOf(out, len);
  }

  private void emit(int start, int stride, int count) {
    if (len + 3 > out.length) {
      out = Arrays.copyOf(out, 2 * out.length);
    }
    out[len++] = start;
    out[len++] = stride;
    out[len++] = count;
  }
}
