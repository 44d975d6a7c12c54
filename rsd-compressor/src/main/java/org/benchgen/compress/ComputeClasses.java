package org.benchgen.compress;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.ml.clustering.CentroidCluster;
import org.apache.commons.math3.ml.clustering.DoublePoint;
import org.apache.commons.math3.ml.clustering.KMeansPlusPlusClusterer;
import org.apache.commons.math3.random.JDKRandomGenerator;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.ComputeStat.RankClass;
import org.benchgen.ir.Histogram;
import org.benchgen.ir.RankList;

/**
 * Compute statistics merged across ranks with load imbalance kept: where ranks' times on one call
 * path differ significantly, they stay apart as rank classes. Two groups are alike when their means
 * differ by at most {@link #SAME_FRACTION} or {@link #SAME_NS}, or when the difference adds up to
 * less than {@link #SAME_TOTAL_NS} per rank; groups sorted by mean are swept into classes of alike
 * neighbours, and more than {@link ComputeStat#MAX_CLASSES} are clustered by k-means++ on their
 * means (Apache Commons Math, seeded, so a trace compresses the same every time). The groups'
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
  private static final long SEED = 19;

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

  /** Too many classes, clustered by their means into {@link ComputeStat#MAX_CLASSES}. */
  private static List<RankClass> cluster(List<RankClass> classes) {
    List<Point> points = new ArrayList<>();
    for (RankClass c : classes) {
      points.add(new Point(c));
    }
    KMeansPlusPlusClusterer<Point> k = new KMeansPlusPlusClusterer<>(ComputeStat.MAX_CLASSES, 100,
        new org.apache.commons.math3.ml.distance.EuclideanDistance(), new JDKRandomGenerator(
            (int) SEED));
    List<RankClass> out = new ArrayList<>();
    for (CentroidCluster<Point> cl : k.cluster(points)) {
      RankClass joined = null;
      for (Point p : cl.getPoints()) {
        joined = joined == null ? p.of : joined.join(p.of);
      }
      if (joined != null) {
        out.add(joined);
      }
    }
    return out;
  }

  /** A class as a point on the line of means, for the clusterer. */
  private static final class Point extends DoublePoint {
    private static final long serialVersionUID = 1L;
    final transient RankClass of;

    Point(RankClass of) {
      super(new double[] {of.time().mean()});
      this.of = of;
    }
  }
}
