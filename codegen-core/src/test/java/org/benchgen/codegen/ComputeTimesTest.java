package org.benchgen.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.benchgen.codegen.output.Compute;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.Histogram;
import org.junit.jupiter.api.Test;

class ComputeTimesTest {
  private static Histogram of(long... values) {
    Histogram.Builder b = new Histogram.Builder();
    for (long v : values) {
      b.add(v);
    }
    return b.build();
  }

  private static int site(String s) {
    return s.equals("a.c:1") ? 0 : 1;
  }

  @Test
  void meansInMicroseconds() {
    Optional<Compute> c = new ComputeTimes(ComputeMode.MEAN, new Tables(), 4, "rank").of(List.of(
        new ComputeStat("a.c:1", of(150_000, 151_000)), new ComputeStat("b.c:2",
            of(152_000, 149_000, 150_500))), ComputeTimesTest::site);
    // Both paths within 5 % of the pooled mean (150,500 ns): one pooled time.
    assertEquals(new Compute(List.of(), new Compute.Micros("150.5")), c.orElseThrow());
  }

  @Test
  void aPathThatDiffersKeepsItsOwnTime() {
    // Entering the loop (after a.c:1) costs 400 us once; steady state (after b.c:2) is 0.
    Optional<Compute> c = new ComputeTimes(ComputeMode.MEAN, new Tables(), 4, "rank").of(List.of(
        new ComputeStat("a.c:1", of(400_000)), new ComputeStat("b.c:2", of(0, 0, 0, 0))),
        ComputeTimesTest::site);
    assertEquals(new Compute(List.of(new Compute.AfterSite(0, new Compute.Micros("400.0"))),
        new Compute.Micros("0.0")), c.orElseThrow());
  }

  @Test
  void intervalsUnderAMicrosecondAreLeftOut() {
    assertTrue(new ComputeTimes(ComputeMode.MEAN, new Tables(), 4, "rank").of(List.of(
        new ComputeStat("a.c:1", of(300, 900, 700))), ComputeTimesTest::site).isEmpty());
  }

  @Test
  void medianFromBins() {
    // 1000 x3 (bin 10: 512..1023) and 3000 (bin 12): the 2nd of 4 values is in bin 10, whose
    // range clamped to [min 1000, max 3000] is 1000..1023; 2 of its 3 values: 1000 + 23 * 2/3.
    assertEquals(1000 + 23 * 2.0 / 3, ComputeTimes.median(of(1000, 1000, 1000, 3000)), 1e-9);
    assertEquals(new Compute(List.of(), new Compute.Micros("1.0")), new ComputeTimes(
        ComputeMode.MEDIAN, new Tables(), 4, "rank").of(List.of(new ComputeStat("a.c:1",
            of(1000, 1000, 1000, 3000))), ComputeTimesTest::site).orElseThrow());
  }

  @Test
  void samplesReferToOneSharedHistogramTable() {
    Tables t = new Tables();
    ComputeTimes times = new ComputeTimes(ComputeMode.SAMPLE, t, 4, "rank");
    Compute a = times.of(List.of(new ComputeStat("a.c:1", of(5000, 9000))), ComputeTimesTest::site)
        .orElseThrow();
    Compute b = times.of(List.of(new ComputeStat("b.c:2", of(5000, 9000))), ComputeTimesTest::site)
        .orElseThrow();
    assertEquals(a, b);
    assertEquals(1, t.histograms().size());
    // 5000 is in bin 13, 9000 in bin 14.
    assertEquals(List.of(new Compute.Bin(13, 1), new Compute.Bin(14, 1)),
        t.histograms().get(0).bins());
    // Bin 13 (4096..8191) clamped to [5000, 9000] is 5000..8191, middle 6595.5; bin 14
    // (8192..16383) is 8192..9000, middle 8596: the draws' expectation is 7595.75, the mean
    // 7000, so draws are scaled by 7000 / 7595.75.
    assertEquals(7000 / 7595.75, ComputeTimes.drawScale(of(5000, 9000)), 1e-12);
    assertEquals(String.format(java.util.Locale.ROOT, "%.6f", 7000 / 7595.75),
        t.histograms().get(0).scale());
  }
}
