package org.benchgen.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.benchgen.rawtrace.TraceDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComputeDistributionsTest {
  @TempDir
  Path tmp;

  private static double[] range(int from, int to) {
    return java.util.stream.IntStream.range(from, to).asDoubleStream().toArray();
  }

  @Test
  void disjointSamplesHaveTheExactPValueWorkedByHand() {
    // 1..10 against 11..20: D = 1, and of the C(20, 10) = 184,756 equally likely orders of the
    // pooled values only 2 (all of one sample first) reach it: p = 2 / 184,756.
    ComputeDistributions.RankTest t = ComputeDistributions.test(0, range(1, 11),
        range(11, 21));
    assertEquals(1, t.d());
    assertEquals(2.0 / 184_756, t.p(), 1e-12);
    assertTrue(t.differ());
    // 3 against 3: the same D, but p = 2 / C(6, 3) = 0.1: too few to tell.
    ComputeDistributions.RankTest few = ComputeDistributions.test(0, range(1, 4), range(4, 7));
    assertEquals(0.1, few.p(), 1e-12);
    assertFalse(few.differ());
  }

  @Test
  void identicalSamplesAreAlikeAndShiftedOnesDiffer() {
    Random rnd = new Random(1);
    double[] x = new double[5000];
    double[] y = new double[5000];
    for (int i = 0; i < x.length; i++) {
      x[i] = 20_000 + 2_000 * rnd.nextGaussian();
      y[i] = 20_000 + 2_000 * rnd.nextGaussian();
    }
    ComputeDistributions.RankTest same = ComputeDistributions.test(0, x.clone(), x.clone());
    assertEquals(0, same.d());
    assertEquals(1, same.p(), 1e-9);
    // Two draws of one distribution: alike (this seed's p is far above 0.01).
    assertFalse(ComputeDistributions.test(0, x.clone(), y.clone()).differ());
    // Shifted by a quarter of a standard deviation (500 ns): D near 0.1, far beyond chance.
    double[] shifted = java.util.Arrays.stream(y).map(v -> v + 500).toArray();
    ComputeDistributions.RankTest moved = ComputeDistributions.test(0, x.clone(), shifted);
    assertTrue(moved.differ());
    assertEquals(0.1, moved.d(), 0.03);
    assertTrue(moved.medianB() > moved.medianA() + 300);
  }

  @Test
  void quantilesInterpolateBetweenTheNearestValues() {
    double[] v = {1, 2, 3, 4};
    assertEquals(2.5, ComputeDistributions.quantile(v, 0.5));
    assertEquals(1.75, ComputeDistributions.quantile(v, 0.25));
    assertEquals(3.25, ComputeDistributions.quantile(v, 0.75));
    assertEquals(4, ComputeDistributions.quantile(v, 1));
  }

  /** A rank's stream whose compute intervals are {@code gaps}, in nanoseconds. */
  private static String rank(int r, int size, long[] gaps) {
    StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + r + " size=" + size + "\n");
    long t = 0;
    b.append("MPI_Init site=i enter=0 exit=10\n");
    t = 10;
    for (long g : gaps) {
      t += g;
      b.append("MPI_Barrier site=b enter=").append(t).append(" exit=").append(t + 100)
          .append(" comm=0\n");
      t += 100;
    }
    return b.append("MPI_Finalize site=f enter=").append(t + 50).append(" exit=")
        .append(t + 60).append('\n').toString();
  }

  private TraceStats raw(String name, long[]... gaps) throws IOException {
    Path d = tmp.resolve(name);
    Files.createDirectories(d);
    for (int r = 0; r < gaps.length; r++) {
      Files.writeString(d.resolve("rank-" + r + ".trace"), rank(r, gaps.length, gaps[r]));
    }
    return TraceStats.sampled(TraceDirectory.open(d), 1000, x -> { });
  }

  @Test
  void aTraceDirectorysIntervalsOfAtLeastTheCutOffAreSampled() throws IOException {
    // Intervals 500 (under the cut-off), 1000, 2000, then Finalize's 50: two are kept.
    TraceStats s = raw("cut", new long[] {500, 1000, 2000});
    ComputeSample c = s.rank(0).computeSample().orElseThrow();
    assertEquals(2, c.seen());
    double[] v = c.values();
    java.util.Arrays.sort(v);
    assertEquals(List.of(1000.0, 2000.0), java.util.Arrays.stream(v).boxed().toList());
    assertFalse(s.estimatedTimes());
    assertTrue(SendRecvTrace.stats().estimatedTimes());
  }

  /** {@code n} intervals around {@code mean}, spread by {@code sd}. */
  private static long[] gaps(Random rnd, int n, double mean, double sd) {
    long[] g = new long[n];
    for (int i = 0; i < n; i++) {
      g[i] = Math.max(1000, Math.round(mean + sd * rnd.nextGaussian()));
    }
    return g;
  }

  private static List<String> verdict(ComputeDistributions.Outcome o) {
    return ComputeDistributions.verdict(o);
  }

  @Test
  void aBenchmarkReplayingMeansIsNarrowerAndTheVerdictSaysWhy() throws IOException {
    // A: 400 intervals of 20 us +- 3 us per rank; B replays their mean, 20 us +- 20 ns.
    Random rnd = new Random(3);
    TraceStats a = raw("a", gaps(rnd, 400, 20_000, 3_000), gaps(rnd, 400, 20_000, 3_000));
    TraceStats b = raw("b", gaps(rnd, 400, 20_000, 20), gaps(rnd, 400, 20_000, 20));
    ComputeDistributions.Tested t = assertInstanceOf(ComputeDistributions.Tested.class,
        ComputeDistributions.compare(a, b));
    assertEquals(2, t.differing().size());
    assertTrue(t.differing().stream().allMatch(ComputeDistributions.RankTest::narrower));
    List<String> v = verdict(t);
    assertTrue(v.get(0).startsWith("compute distributions: differ on 2 of 2 ranks tested (KS,"
        + " p < 0.01; largest gap D = "), v::toString);
    assertTrue(v.get(1).startsWith("  B's intervals are narrower (interquartile range) on 2 of"
        + " them"), v::toString);
    assertTrue(v.get(2).contains("--compute mean (the default), which replays each call path's"
        + " mean") && v.get(2).contains("--compute sample"), v::toString);
    // The same run against itself: alike.
    assertEquals(List.of("compute distributions: alike on all 2 ranks tested (KS, p >= 0.01)"),
        verdict(ComputeDistributions.compare(a, a)));
  }

  @Test
  void aWiderBenchmarkIsNotExplainedByTheMeanMode() throws IOException {
    Random rnd = new Random(4);
    TraceStats a = raw("a", gaps(rnd, 400, 20_000, 20));
    TraceStats b = raw("b", gaps(rnd, 400, 20_000, 5_000));
    List<String> v = verdict(ComputeDistributions.compare(a, b));
    assertTrue(v.get(1).startsWith("  B's intervals are narrower (interquartile range) on 0 of"
        + " them"), v::toString);
    assertTrue(v.get(2).startsWith("  more than the narrowing of --compute mean"), v::toString);
  }

  @Test
  void compressedTracesAndShortRunsAreNotTested() throws IOException {
    TraceStats a = raw("a", new long[] {5000, 6000});
    ComputeDistributions.Outcome o = ComputeDistributions.compare(a, SendRecvTrace.stats());
    assertEquals(new ComputeDistributions.NotTested("B is a compressed trace, whose intervals are"
        + " histograms merged over ranks in power-of-two bins"), o);
    assertEquals(List.of("compute distributions: not compared (B is a compressed trace, whose"
        + " intervals are histograms merged over ranks in power-of-two bins); only the compute"
        + " time per rank is"), verdict(o));
    // Two intervals a rank: too few to test.
    ComputeDistributions.Tested few = assertInstanceOf(ComputeDistributions.Tested.class,
        ComputeDistributions.compare(a, a));
    assertEquals(1, few.tooFew());
    assertEquals(List.of("compute distributions: not compared (no rank has 20 intervals on both"
        + " sides)"), verdict(few));
  }

  @Test
  void theTableShowsEachRankInMicroseconds() {
    List<ComputeDistributions.RankTest> ranks = new ArrayList<>();
    ranks.add(ComputeDistributions.test(0, range(1000, 1100), range(1000, 1100)));
    StringWriter out = new StringWriter();
    ComputeDistributions.report(new ComputeDistributions.Tested(ranks, 0), 1000, 32,
        new PrintWriter(out, true));
    List<String> lines = out.toString().lines().toList();
    assertEquals("compute distributions per rank (intervals of at least 1 us; two-sample"
        + " Kolmogorov-Smirnov test, alpha 0.01)", lines.get(0));
    // 1000..1099 ns: median 1049.5 ns, quartiles 1024.75 and 1074.25 (IQR 49.5 ns).
    assertEquals("     0         100         100        1.05        1.05       0.05       0.05"
        + "  0.000       1.0  alike", lines.get(2));
  }
}
