package org.benchgen.stats;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.math3.random.JDKRandomGenerator;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;

/**
 * Whether two traces' compute intervals come from the same distribution, rank by rank: a
 * two-sample Kolmogorov-Smirnov test (Apache Commons Math) on each rank's sample of intervals
 * ({@link TraceStats#sampled}). Only traced intervals are tested: a compressed trace keeps them as
 * histograms merged over ranks, in power-of-two bins, too coarse to test a distribution against.
 */
public final class ComputeDistributions {
  /** The significance level: a rank whose p-value is below it differs. */
  public static final double ALPHA = 0.01;
  /** Fewer intervals than this on either side and the rank is not tested. */
  public static final int MIN_INTERVALS = 20;

  private ComputeDistributions() {}

  /**
   * One rank's test: the intervals tested on each side, their medians and interquartile ranges
   * (nanoseconds), Kolmogorov-Smirnov's statistic D (the largest gap between the two cumulative
   * distributions, 0 to 1) and its p-value.
   */
  public record RankTest(int rank, int nA, int nB, double medianA, double medianB, double iqrA,
      double iqrB, double d, double p) {
    /** Whether the distributions differ at {@link #ALPHA}. */
    public boolean differ() {
      return p < ALPHA;
    }

    /** Whether B's intervals are less spread than A's (as a benchmark's that replays means). */
    public boolean narrower() {
      return iqrB < iqrA;
    }
  }

  /** What the comparison found. */
  public sealed interface Outcome permits Tested, NotTested {}

  /** The ranks tested, and how many ranks had too few intervals to test. */
  public record Tested(List<RankTest> ranks, int tooFew) implements Outcome {
    public Tested {
      ranks = List.copyOf(ranks);
    }

    /** The ranks whose distributions differ. */
    public List<RankTest> differing() {
      return ranks.stream().filter(RankTest::differ).toList();
    }
  }

  /** Why nothing was tested. */
  public record NotTested(String reason) implements Outcome {}

  /** Tests every rank that both traces have and sampled. */
  public static Outcome compare(TraceStats a, TraceStats b) {
    Optional<String> why = unsampled(a, "A").or(() -> unsampled(b, "B"));
    if (why.isPresent()) {
      return new NotTested(why.get());
    }
    List<RankTest> out = new ArrayList<>();
    int tooFew = 0;
    for (int r = 0; r < Math.min(a.worldSize(), b.worldSize()); r++) {
      double[] x = a.rank(r).computeSample().orElseThrow().values();
      double[] y = b.rank(r).computeSample().orElseThrow().values();
      if (x.length < MIN_INTERVALS || y.length < MIN_INTERVALS) {
        tooFew++;
      } else {
        out.add(test(r, x, y));
      }
    }
    return new Tested(out, tooFew);
  }

  private static Optional<String> unsampled(TraceStats s, String name) {
    if (s.estimatedTimes()) {
      return Optional.of(name + " is a compressed trace, whose intervals are histograms merged"
          + " over ranks in power-of-two bins");
    }
    boolean sampled = s.worldSize() > 0 && s.rank(0).computeSample().isPresent();
    return sampled ? Optional.empty() : Optional.of(name + "'s intervals were not sampled");
  }

  /** The test of one rank's two samples (nanoseconds; sorted in place). */
  static RankTest test(int rank, double[] x, double[] y) {
    // Ties are broken by a seeded jitter in small samples: the same input, the same p-value.
    KolmogorovSmirnovTest ks = new KolmogorovSmirnovTest(new JDKRandomGenerator(rank));
    double d = ks.kolmogorovSmirnovStatistic(x, y);
    // P(D >= d), the p-value; the library's default, P(D > d), is 0 for any two disjoint
    // samples however small (3 against 3: 0 where the p-value is 0.1).
    double p = ks.kolmogorovSmirnovTest(x, y, false);
    Arrays.sort(x);
    Arrays.sort(y);
    return new RankTest(rank, x.length, y.length, quantile(x, 0.5), quantile(y, 0.5),
        quantile(x, 0.75) - quantile(x, 0.25), quantile(y, 0.75) - quantile(y, 0.25), d, p);
  }

  /** The {@code q} quantile of sorted values, linear between the two nearest. */
  static double quantile(double[] sorted, double q) {
    double at = q * (sorted.length - 1);
    int lo = (int) Math.floor(at);
    int hi = Math.min(sorted.length - 1, lo + 1);
    return sorted[lo] + (at - lo) * (sorted[hi] - sorted[lo]);
  }

  /** The table of the ranks tested, up to {@code maxRows}, in microseconds. */
  public static void report(Outcome o, long minNs, int maxRows, PrintWriter out) {
    out.printf(Locale.ROOT, "compute distributions per rank (intervals of at least %s us;"
        + " two-sample Kolmogorov-Smirnov test, alpha %.2f)%n", micros(minNs), ALPHA);
    if (o instanceof NotTested n) {
      out.println("  not compared: " + n.reason());
      return;
    }
    Tested t = (Tested) o;
    out.printf(Locale.ROOT, "%6s %11s %11s %11s %11s %10s %10s %6s %9s  %s%n", "rank",
        "intervals A", "intervals B", "median A us", "median B us", "IQR A us", "IQR B us", "D",
        "p", "verdict");
    for (RankTest r : t.ranks().subList(0, Math.min(maxRows, t.ranks().size()))) {
      out.printf(Locale.ROOT, "%6d %11d %11d %11.2f %11.2f %10.2f %10.2f %6.3f %9.2g  %s%n",
          r.rank(), r.nA(), r.nB(), r.medianA() / 1e3, r.medianB() / 1e3, r.iqrA() / 1e3,
          r.iqrB() / 1e3, r.d(), r.p(), r.differ() ? "differ" : "alike");
    }
    if (t.ranks().size() > maxRows) {
      out.printf(Locale.ROOT, "%6s (%d more ranks)%n", "...", t.ranks().size() - maxRows);
    }
    if (t.tooFew() > 0) {
      out.printf(Locale.ROOT, "  %d ranks not tested: fewer than %d intervals%n", t.tooFew(),
          MIN_INTERVALS);
    }
  }

  /** The verdict's lines: alike or not, and why a benchmark's distribution may differ. */
  public static List<String> verdict(Outcome o) {
    if (o instanceof NotTested n) {
      return List.of("compute distributions: not compared (" + n.reason() + "); only the"
          + " compute time per rank is");
    }
    Tested t = (Tested) o;
    List<RankTest> differ = t.differing();
    if (t.ranks().isEmpty()) {
      return List.of("compute distributions: not compared (no rank has " + MIN_INTERVALS
          + " intervals on both sides)");
    }
    if (differ.isEmpty()) {
      return List.of(String.format(Locale.ROOT, "compute distributions: alike on all %d ranks"
          + " tested (KS, p >= %.2f)", t.ranks().size(), ALPHA));
    }
    RankTest worst = differ.get(0);
    for (RankTest r : differ) {
      worst = r.d() > worst.d() ? r : worst;
    }
    List<String> lines = new ArrayList<>();
    lines.add(String.format(Locale.ROOT, "compute distributions: differ on %d of %d ranks tested"
        + " (KS, p < %.2f; largest gap D = %.3f, rank %d)", differ.size(), t.ranks().size(),
        ALPHA, worst.d(), worst.rank()));
    long narrower = differ.stream().filter(RankTest::narrower).count();
    double low = Double.POSITIVE_INFINITY;
    double high = Double.NEGATIVE_INFINITY;
    for (RankTest r : differ) {
      double change = TraceComparison.error(r.medianA(), r.medianB());
      low = Math.min(low, change);
      high = Math.max(high, change);
    }
    lines.add(String.format(Locale.ROOT, "  B's intervals are narrower (interquartile range) on"
        + " %d of them; B's medians differ from A's by %+.1f %% to %+.1f %%", narrower, low,
        high));
    lines.add(narrower == differ.size()
        ? "  expected of a benchmark generated with --compute mean (the default), which replays"
            + " each call path's mean, so that its distribution is narrow by design; --compute"
            + " sample draws from the traced histograms and reproduces the distribution, to"
            + " within their power-of-two bins"
        : "  more than the narrowing of --compute mean (the default, which replays each call"
            + " path's mean); --compute sample draws uniformly within the histograms'"
            + " power-of-two bins, which widens narrow peaks");
    return lines;
  }

  private static String micros(long ns) {
    return ns % 1000 == 0 ? Long.toString(ns / 1000) : String.format(Locale.ROOT, "%.3f",
        ns / 1e3);
  }
}
