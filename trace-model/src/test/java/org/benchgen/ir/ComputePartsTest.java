package org.benchgen.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The parts of a call's compute paths, worked out by hand. */
class ComputePartsTest {
  private static Histogram h(long min, long max, double mean, double sd, int[] log2, long[] n) {
    List<Histogram.Bin> bins = new java.util.ArrayList<>();
    long count = 0;
    for (int i = 0; i < log2.length; i++) {
      bins.add(new Histogram.Bin(log2[i], n[i]));
      count += n[i];
    }
    return new Histogram(count, min, max, mean, sd, bins);
  }

  /** A part as text: per path, after=, count and bins (bins as log2:count). */
  private static String text(List<ComputeStat> part) {
    return part.stream().map(c -> c.after() + " " + (c.classes().isEmpty() ? bins(c.time())
        : c.classes().stream().map(k -> k.ranks() + ":" + bins(k.time()))
            .collect(Collectors.joining(" ")))).collect(Collectors.joining("; "));
  }

  private static String bins(Histogram h) {
    return h.count() + "[" + h.bins().stream().map(b -> b.log2() + ":" + b.count())
        .collect(Collectors.joining(",")) + "]";
  }

  /**
   * Path a.c:1 has 8 intervals (bin 10: 5, bin 12: 3), path a.c:2 has 2 (bin 14). A part of 30 %
   * of the calls wants 3 of the 10 intervals; the bins' ideal shares are 1.5, 0.9 and 0.6. Each
   * rounded alone they give 2 + 1 + 1 = 4 intervals to 3 calls; here the 3 go by largest
   * remainder after the floors (1, 0, 0): to bin 12 (0.9), then bin 14 (0.6). The rest takes
   * 4, 2 and 1.
   */
  @Test
  void aPartGetsItsShareOfAllIntervalsRoundedOnce() {
    ComputeStat a = new ComputeStat("a.c:1",
        h(600, 3000, 1200, 900, new int[] {10, 12}, new long[] {5, 3}));
    ComputeStat b = new ComputeStat("a.c:2", h(9000, 9100, 9050, 70, new int[] {14},
        new long[] {2}));
    ComputeParts parts = new ComputeParts(List.of(a, b), RankList.of(0));
    List<ComputeStat> first = parts.next((p, g) -> 0.3);
    assertEquals("a.c:1 2[10:1,12:1]; a.c:2 1[14:1]", text(first));
    // The distribution's summary is the whole's.
    Histogram t = first.get(0).time();
    assertEquals(List.of(600L, 3000L, 1200.0, 900.0), List.of(t.min(), t.max(), t.mean(), t.sd()));
    assertEquals("a.c:1 6[10:4,12:2]; a.c:2 1[14:1]", text(parts.next((p, g) -> 0.7)));
  }

  /**
   * Rank classes take their own fractions: the part makes a quarter of rank 0's calls and three
   * quarters of rank 1's, so it gets 1 of rank 0's 4 intervals and 3 of rank 1's 4; the next part
   * the rest. A path none of whose intervals a part gets is left out of it.
   */
  @Test
  void eachRankClassGivesItsOwnFraction() {
    ComputeStat c = ComputeStat.ofClasses("b.c:7", List.of(
        new ComputeStat.RankClass(RankList.of(0), h(1000, 1000, 1000, 0, new int[] {10},
            new long[] {4})),
        new ComputeStat.RankClass(RankList.of(1), h(3000, 3000, 3000, 0, new int[] {12},
            new long[] {4}))));
    ComputeStat once = new ComputeStat("b.c:1", h(50, 50, 50, 0, new int[] {6}, new long[] {1}));
    ComputeParts parts = new ComputeParts(List.of(once, c), RankList.of(0, 1));
    List<ComputeStat> first = parts.next((p, g) -> g.equals(RankList.of(0)) ? 0.25
        : g.equals(RankList.of(1)) ? 0.75 : 0);
    assertEquals("b.c:7 0:1[10:1] 1:3[12:3]", text(first));
    assertEquals("b.c:1 1[6:1]; b.c:7 0:3[10:3] 1:1[12:1]", text(parts.next((p, g) ->
        g.equals(RankList.of(0)) ? 0.75 : g.equals(RankList.of(1)) ? 0.25 : 1)));
  }
}
