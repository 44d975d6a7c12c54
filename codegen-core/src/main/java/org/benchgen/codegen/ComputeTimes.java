package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToIntFunction;
import org.benchgen.codegen.output.Compute;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.Histogram;

/**
 * The compute interval before each call, from the RSD's histograms, in the chosen mode. Intervals
 * shorter than {@link #MIN_NS} on average are left out (they are the tracer's and the
 * application's own bookkeeping between back-to-back calls, which the benchmark has too), and call
 * paths whose times differ by less than {@link #SAME_FRACTION} are pooled into one, so a loop's
 * first iteration keeps its own time only where it really differs. A call path that keeps rank
 * classes (load imbalance) computes each class's time, chosen by the executing rank. In
 * {@link ComputeMode#CPU} the trace's times are already its CPU times ({@link Benchmarks}).
 */
public final class ComputeTimes {
  /** Shortest mean interval that is kept, in nanoseconds. */
  public static final double MIN_NS = 1000;
  /** Call paths within this fraction of the pooled mean (or {@link #MIN_NS}) are pooled. */
  public static final double SAME_FRACTION = 0.05;

  private final ComputeMode mode;
  private final Tables tables;
  private final int worldSize;
  /** The target's name of the rank variable, which rank classes test. */
  private final String rank;

  public ComputeTimes(ComputeMode mode, Tables tables, int worldSize, String rank) {
    this.mode = mode;
    this.tables = tables;
    this.worldSize = worldSize;
    this.rank = rank;
  }

  /** The compute before a call with these statistics, if any; {@code site} numbers call sites. */
  public Optional<Compute> of(List<ComputeStat> stats, ToIntFunction<String> site) {
    Optional<Histogram> kept = pooled(stats);
    if (kept.isEmpty()) {
      return Optional.empty();
    }
    Histogram pooled = kept.get();
    double tolerance = Math.max(MIN_NS, SAME_FRACTION * pooled.mean());
    Histogram base = pooled;
    boolean alike = stats.stream().allMatch(s -> Math.abs(s.time().mean() - base.mean())
        <= tolerance);
    boolean classes = stats.stream().anyMatch(s -> !s.classes().isEmpty());
    if (alike && (!classes || stats.size() == 1)) {
      return Optional.of(new Compute(List.of(), classes ? amount(stats.get(0))
          : amount(pooled)));
    }
    // The most frequent path is the default; the others are cases. By place in the list, not
    // identity: a packed RSD's list makes its records anew on each get (PackedStats).
    int common = 0;
    for (int i = 1; i < stats.size(); i++) {
      if (stats.get(i).time().count() > stats.get(common).time().count()) {
        common = i;
      }
    }
    List<Compute.AfterSite> cases = new ArrayList<>();
    for (int i = 0; i < stats.size(); i++) {
      if (i != common) {
        ComputeStat s = stats.get(i);
        cases.add(new Compute.AfterSite(site.applyAsInt(s.after()), amount(s)));
      }
    }
    return Optional.of(new Compute(cases, amount(stats.get(common))));
  }

  /**
   * The time before a call whatever the previous call was, in nanoseconds: the mode's statistic
   * of all call paths pooled (the mean when sampling, for targets that cannot draw); empty under
   * {@link #MIN_NS}.
   */
  public Optional<Double> pooledNs(List<ComputeStat> stats) {
    return pooled(stats).map(h -> mode == ComputeMode.MEDIAN ? median(h) : h.mean());
  }

  private static Optional<Histogram> pooled(List<ComputeStat> stats) {
    if (stats.isEmpty()) {
      return Optional.empty();
    }
    Histogram pooled = stats.get(0).time();
    for (int i = 1; i < stats.size(); i++) {
      pooled = pooled.merge(stats.get(i).time());
    }
    return pooled.mean() < MIN_NS ? Optional.empty() : Optional.of(pooled);
  }

  /** A call path's amount: by rank class where it keeps classes, the largest class unsaid. */
  private Compute.Amount amount(ComputeStat s) {
    if (s.classes().isEmpty()) {
      return amount(s.time());
    }
    ComputeStat.RankClass rest = s.classes().get(0);
    for (ComputeStat.RankClass c : s.classes()) {
      if (c.ranks().size() > rest.ranks().size()) {
        rest = c;
      }
    }
    List<Compute.RankAmount> cases = new ArrayList<>();
    for (ComputeStat.RankClass c : s.classes()) {
      if (c != rest) {
        cases.add(new Compute.RankAmount(RankConditions.of(c.ranks(), worldSize, rank),
            amount(c.time())));
      }
    }
    return new Compute.ByRank(cases, amount(rest.time()));
  }

  private Compute.Amount amount(Histogram h) {
    return switch (mode) {
      case MEAN, CPU -> micros(h.mean());
      case MEDIAN -> micros(median(h));
      case SAMPLE -> new Compute.Sampled(tables.histogram(h.min(), h.max(),
          h.bins().stream().map(b -> new Compute.Bin(b.log2(), b.count())).toList(),
          String.format(Locale.ROOT, "%.6f", drawScale(h))));
    };
  }

  private static Compute.Micros micros(double ns) {
    return new Compute.Micros(String.format(Locale.ROOT, "%.1f", ns / 1000));
  }

  /** Bounds of bin {@code log2}'s range, clamped to the observed min and max. */
  private static double[] range(Histogram h, int log2) {
    double lo = log2 == 0 ? 0 : Math.pow(2, log2 - 1);
    double hi = log2 == 0 ? 0 : Math.pow(2, log2) - 1;
    lo = Math.max(lo, h.min());
    hi = Math.max(lo, Math.min(hi, h.max()));
    return new double[] {lo, hi};
  }

  /**
   * What a draw (a bin by count, then uniform in its clamped range) must be multiplied by for
   * the draws' expectation to be the mean: a wide bin's middle is not where its values are.
   */
  static double drawScale(Histogram h) {
    double expected = 0;
    for (Histogram.Bin b : h.bins()) {
      double[] r = range(h, b.log2());
      expected += b.count() * (r[0] + r[1]) / 2;
    }
    expected /= h.count();
    return expected > 0 ? h.mean() / expected : 1;
  }

  /**
   * The median estimated from power-of-two bins: the bin holding the middle value, linearly
   * interpolated within its range, the range clamped to the observed min and max.
   */
  static double median(Histogram h) {
    double half = h.count() / 2.0;
    long seen = 0;
    for (Histogram.Bin b : h.bins()) {
      if (seen + b.count() >= half) {
        double[] r = range(h, b.log2());
        return r[0] + (r[1] - r[0]) * (half - seen) / b.count();
      }
      seen += b.count();
    }
    return h.mean();
  }
}
