package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.ComputeStat.RankClass;
import org.benchgen.ir.Histogram;
import org.benchgen.ir.RankList;
import org.junit.jupiter.api.Test;

/** Load imbalance kept as rank classes when compute statistics of ranks merge. */
class ComputeClassesTest {
  /** n values drawn around mean with standard deviation {@code spread} (seeded). */
  private static Histogram times(int n, double mean, double spread) {
    Histogram.Builder b = new Histogram.Builder();
    Random r = new Random(n * 31L + (long) mean);
    for (int i = 0; i < n; i++) {
      b.add(Math.max(0, Math.round(mean + spread * r.nextGaussian())));
    }
    return b.build();
  }

  private static List<ComputeStat> stat(Histogram h) {
    return List.of(new ComputeStat("a.c:1", h));
  }

  private static ComputeStat mergeRanks(Histogram... perRank) {
    List<ComputeStat> out = stat(perRank[0]);
    RankList ranks = RankList.of(0);
    for (int r = 1; r < perRank.length; r++) {
      out = ComputeClasses.merge(out, ranks, stat(perRank[r]), RankList.of(r));
      ranks = ranks.union(RankList.of(r));
    }
    assertEquals(1, out.size());
    return out.get(0);
  }

  @Test
  void ranksThatComputeTwiceAsLongKeepTheirOwnClass() {
    // 200 intervals of 100 us (sd 1 us) on ranks 0 and 2, of 200 us on ranks 1 and 3.
    ComputeStat s = mergeRanks(times(200, 100_000, 1000), times(200, 200_000, 1000),
        times(200, 100_000, 1000), times(200, 200_000, 1000));
    assertEquals(2, s.classes().size());
    assertEquals(RankList.of(0, 2), s.classes().get(0).ranks());
    assertEquals(RankList.of(1, 3), s.classes().get(1).ranks());
    assertEquals(100_000, s.timeOf(2).mean(), 500);
    assertEquals(200_000, s.timeOf(3).mean(), 500);
    assertEquals(800, s.time().count());
    assertEquals(150_000, s.time().mean(), 500);
  }

  @Test
  void ranksWithinTwoPercentArePooled() {
    ComputeStat s = mergeRanks(times(500, 100_000, 100), times(500, 101_500, 100));
    assertEquals(List.of(), s.classes());
    assertEquals(1000, s.time().count());
  }

  @Test
  void aDifferenceThatAddsUpToLessThanATenthOfAMillisecondIsPooled() {
    // One interval per rank, 50 us apart: 50 us per rank in all, under the 100 us that matters.
    ComputeStat s = mergeRanks(times(1, 100_000, 0), times(1, 150_000, 0));
    assertEquals(List.of(), s.classes());
  }

  @Test
  void aSpreadByDesignDoesNotHideADifference() {
    // A multigrid's call alternates coarse (100 us) and fine (1,000 us) levels on both ranks; rank
    // 1 takes 29 % longer at each (NPB MG W at 2 ranks). Means 550 and 709.5 us, spread about
    // 470 us each: a t-test could not tell them apart, yet rank 0 waits 159.5 us a call.
    Histogram.Builder r0 = new Histogram.Builder();
    Histogram.Builder r1 = new Histogram.Builder();
    for (int i = 0; i < 5; i++) {
      r0.add(100_000);
      r0.add(1_000_000);
      r1.add(129_000);
      r1.add(1_290_000);
    }
    ComputeStat s = mergeRanks(r0.build(), r1.build());
    assertEquals(2, s.classes().size());
    assertEquals(550_000, s.timeOf(0).mean(), 1e-6);
    assertEquals(709_500, s.timeOf(1).mean(), 1e-6);
  }

  @Test
  void manyDistinctRanksAreClusteredIntoAtMostTheBoundOfContiguousClasses() {
    // 12 ranks whose means climb in three steps of four: the partition of the line of means keeps
    // neighbours together, so each class holds ranks of one step or adjacent steps.
    Histogram[] h = new Histogram[12];
    for (int r = 0; r < h.length; r++) {
      h[r] = times(100, 100_000 * (1 + r / 4) + 5_000 * (r % 4), 100);
    }
    ComputeStat s = mergeRanks(h);
    assertTrue(s.classes().size() <= ComputeStat.MAX_CLASSES, "" + s.classes().size());
    assertTrue(s.classes().size() >= 3);
    List<Integer> all = new ArrayList<>();
    long n = 0;
    for (RankClass c : s.classes()) {
      int[] ranks = c.ranks().toArray();
      // Contiguous in mean order, which here is rank order.
      assertEquals(ranks.length - 1, ranks[ranks.length - 1] - ranks[0], c.ranks().toString());
      c.ranks().stream().forEach(all::add);
      n += c.time().count();
    }
    assertEquals(12, all.size());
    assertEquals(12, all.stream().distinct().count());
    assertEquals(1200, n);
  }

  @Test
  void fiveDistinctRanksJoinTheTwoWhoseMeansAreClosest() {
    // Means 1.0, 1.1, 2.0, 2.3 and 5.0 ms, 100 intervals each: no two alike (10 % apart at least).
    // Four classes by the least spread: joining 1.0 and 1.1 adds 2 x 0.05^2 = 0.005 ms^2, 2.0 and
    // 2.3 would add 0.045, any other pair more; so ranks 0 and 1 are one class, with mean 1.05 ms.
    long[] means = {1_000_000, 1_100_000, 2_000_000, 2_300_000, 5_000_000};
    Histogram[] h = new Histogram[means.length];
    for (int r = 0; r < h.length; r++) {
      h[r] = times(100, means[r], 100);
    }
    ComputeStat s = mergeRanks(h);
    assertEquals(4, s.classes().size());
    assertEquals("0,1", s.classes().get(0).ranks().toString());
    assertEquals(1_050_000, s.classes().get(0).time().mean(), 100);
    assertEquals(List.of("2", "3", "4"), s.classes().subList(1, 4).stream()
        .map(c -> c.ranks().toString()).toList());
  }

  @Test
  void overlappingRankSetsAreJoined() {
    List<RankClass> joined = ComputeClasses.group(List.of(
        new RankClass(RankList.of(0, 1), times(100, 100_000, 10)),
        new RankClass(RankList.of(1, 2), times(100, 300_000, 10)),
        new RankClass(RankList.of(5), times(100, 300_000, 10))));
    // 0,1 and 1,2 share rank 1: one class of 0..2 (mean 200 us), apart from rank 5 (300 us).
    assertEquals(2, joined.size());
    assertEquals(RankList.of(0, 1, 2), joined.get(0).ranks());
    assertEquals(200_000, joined.get(0).time().mean(), 100);
    assertEquals(RankList.of(5), joined.get(1).ranks());
  }
}
