package org.benchgen.compress;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.ComputeStat.RankClass;
import org.benchgen.ir.Histogram;
import org.benchgen.ir.RankList;

/**
 * Compute statistics merged across ranks with load imbalance kept: where ranks' times on one call
 * path differ significantly, they stay apart as rank classes. Two groups are alike when their means
 * differ by at most {@link #SAME_FRACTION} or {@link #SAME_NS}, or when the difference adds up to
 * less than {@link #SAME_TOTAL_NS} per rank; groups sorted by mean are swept into classes of alike
 * neighbours, and more than {@link ComputeStat#MAX_CLASSES} are grouped by the optimal
 * partition of their means into that many runs ({@link #cluster}). The groups'
 * spread is no test of chance: a path's histogram pools executions that differ by design on every
 * rank alike (the levels of a multigrid), and what a rank waits for is the difference of the
 * means whatever its cause. A t-test on it pooled NPB MG's ranks, whose time per level differs by
 * 29 % at the same call (issue 19: the benchmark then replayed the run 7.2 % short, 1.5 % without
 * the test).
 */
public final class ComputeClasses {
  /** Means this close (relative to the larger) are alike: below what a benchmark run can show. */
  static final double SAME_FRACTION = 0.02;
  /** Means this close in nanoseconds are alike: the clock and the tracer's own noise. */
  static final double SAME_NS = 100;
  /**
   * A difference that adds up to less than this per rank (0.1 ms) over a path's intervals is
   * alike: it cannot change a run's time measurably, so it is not worth the trace's bytes.
   */
  static final double SAME_TOTAL_NS = 100_000;

  private ComputeClasses() {}

  /**
   * The statistics of two RSDs as one: {@code a} made by ranks {@code aRanks}, {@code b} by
   * {@code bRanks}; per previous call site, their classes joined and regrouped.
   */
  public static List<ComputeStat> merge(List<ComputeStat> a, RankList aRanks, List<ComputeStat> b,
      RankList bRanks) {
    Map<String, ComputeStat> out = new LinkedHashMap<>();
    for (ComputeStat c : a) {
      out.put(c.after(), c);
    }
    for (ComputeStat c : b) {
      ComputeStat old = out.get(c.after());
      if (old == null) {
        out.put(c.after(), c);
      } else {
        List<RankClass> all = new ArrayList<>(old.classesOr(aRanks));
        all.addAll(c.classesOr(bRanks));
        out.put(c.after(), ComputeStat.ofClasses(c.after(), group(all)));
      }
    }
    return new ArrayList<>(out.values());
  }

  /** Classes regrouped: overlapping rank sets joined, alike times joined, at most the bound. */
  static List<RankClass> group(List<RankClass> classes) {
    List<RankClass> disjoint = joinOverlapping(classes);
    disjoint.sort(Comparator.comparingDouble(c -> c.time().mean()));
    List<RankClass> swept = new ArrayList<>();
    for (RankClass c : disjoint) {
      int last = swept.size() - 1;
      if (last >= 0 && alike(swept.get(last), c)) {
        swept.set(last, swept.get(last).join(c));
      } else {
        swept.add(c);
      }
    }
    List<RankClass> bounded = swept.size() > ComputeStat.MAX_CLASSES ? cluster(swept) : swept;
    bounded.sort(Comparator.comparingInt(c -> c.ranks().first()));
    return bounded;
  }

  /** Whether two groups are one class. */
  static boolean alike(RankClass a, RankClass b) {
    Histogram x = a.time();
    Histogram y = b.time();
    double d = Math.abs(x.mean() - y.mean());
    return d <= SAME_NS || d <= SAME_FRACTION * Math.max(x.mean(), y.mean())
        || d * Math.min(perRank(a), perRank(b)) < SAME_TOTAL_NS;
  }

  /** Intervals per rank of a class (its ranks share them equally). */
  private static double perRank(RankClass c) {
    return (double) c.time().count() / Math.max(1, c.ranks().size());
  }

  private static List<RankClass> joinOverlapping(List<RankClass> classes) {
    List<RankClass> out = new ArrayList<>();
    for (RankClass c : classes) {
      RankClass joined = c;
      for (int i = out.size() - 1; i >= 0; i--) {
        if (joined.ranks().intersects(out.get(i).ranks())) {
          joined = out.remove(i).join(joined);
        }
      }
      out.add(joined);
    }
    return out;
  }

  /**
   * Too many classes (in order of mean), joined into {@link ComputeStat#MAX_CLASSES} runs of
   * neighbours with the least total spread (sum of squared deviations) of their means: k-means on
   * a line, solved exactly by dynamic programming, ties to the earliest cut. Deterministic and
   * exact, where a seeded k-means++ is neither; the tracer's C twin (tracer/src/fold_classes.c)
   * computes the same operations in the same order, so that both compress a run alike.
   */
  private static List<RankClass> cluster(List<RankClass> classes) {
    int n = classes.size();
    int k = ComputeStat.MAX_CLASSES;
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = classes.get(i).time().mean();
    }
    double[][] best = new double[k + 1][n + 1];
    int[][] cut = new int[k + 1][n + 1];
    for (int j = 1; j <= n; j++) {
      best[1][j] = spread(x, 0, j);
    }
    for (int g = 2; g <= k; g++) {
      for (int j = g; j <= n; j++) {
        best[g][j] = Double.POSITIVE_INFINITY;
        for (int i = g - 1; i < j; i++) {
          double v = best[g - 1][i] + spread(x, i, j);
          if (v < best[g][j]) {
            best[g][j] = v;
            cut[g][j] = i;
          }
        }
      }
    }
    int[] starts = new int[k + 1];
    starts[k] = n;
    for (int g = k, j = n; g >= 1; g--) {
      starts[g - 1] = cut[g][j];
      j = cut[g][j];
    }
    List<RankClass> out = new ArrayList<>();
    for (int g = 0; g < k; g++) {
      RankClass joined = classes.get(starts[g]);
      for (int t = starts[g] + 1; t < starts[g + 1]; t++) {
        joined = joined.join(classes.get(t));
      }
      out.add(joined);
    }
    return out;
  }

  /** The sum of squared deviations of {@code x[i..j)} from their mean. */
  private static double spread(double[] x, int i, int j) {
    double s = 0;
    for (int t = i; t < j; t++) {
      s += x[t];
    }
    double m = s / (j - i);
    double c = 0;
    for (int t = i; t < j; t++) {
      double d = x[t] - m;
      c += d * d;
    }
    return c;
  }
}
