package org.benchgen.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PackedStatsTest {
  /** Doubles whose bits are awkward to keep: signed zero, infinities, NaN, the extremes. */
  private static final double[] ODD = {0.0, -0.0, Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY, Double.NaN, Double.MIN_VALUE, Double.MAX_VALUE, 54822.5, 1e-300};

  @Test
  void randomStatisticsReadBackEqual() {
    Random rnd = new Random(50);
    for (int round = 0; round < 500; round++) {
      List<ComputeStat> stats = new ArrayList<>();
      int n = 1 + rnd.nextInt(4);
      for (int i = 0; i < n; i++) {
        stats.add(randomStat(rnd, "a.c:" + i));
      }
      List<ComputeStat> packed = PackedStats.of(stats);
      assertInstanceOf(PackedStats.class, packed);
      assertEquals(stats, packed, "round " + round);
      assertEquals(packed, stats, "round " + round);
      assertEquals(stats.hashCode(), packed.hashCode(), "round " + round);
      assertEquals(PackedStats.of(new ArrayList<>(stats)), packed, "round " + round);
      for (int i = 0; i < n; i++) {
        assertEquals(stats.get(i).time(), packed.get(i).time(), "round " + round);
        assertEquals(stats.get(i).time().total(), packed.get(i).time().total(), 0.0);
      }
    }
  }

  private static ComputeStat randomStat(Random rnd, String after) {
    long count = rnd.nextBoolean() ? rnd.nextInt(4) : rnd.nextLong() & Long.MAX_VALUE;
    long min = rnd.nextInt(3) == 0 ? Long.MIN_VALUE : rnd.nextInt(100_000);
    long max = rnd.nextInt(3) == 0 ? Long.MAX_VALUE : min + rnd.nextInt(100_000);
    List<Histogram.Bin> bins = new ArrayList<>();
    for (int b = rnd.nextInt(5); b > 0; b--) {
      bins.add(new Histogram.Bin(rnd.nextInt(65), rnd.nextBoolean() ? 1 + rnd.nextInt(3)
          : rnd.nextLong()));
    }
    Histogram h = new Histogram(count, min, max, real(rnd), real(rnd), bins);
    OptionalDouble cpu = rnd.nextBoolean() ? OptionalDouble.empty()
        : OptionalDouble.of(real(rnd));
    return new ComputeStat(after, h, cpu);
  }

  private static double real(Random rnd) {
    int pick = rnd.nextInt(4);
    return pick == 0 ? ODD[rnd.nextInt(ODD.length)] : pick == 1 ? rnd.nextInt(1000)
        : rnd.nextDouble() * 1e6;
  }

  @Test
  void statisticsWithRankClassesAreCopiedAsTheyAre() {
    Histogram h = new Histogram(2, 1, 3, 2, 1.4, List.of(new Histogram.Bin(1, 1),
        new Histogram.Bin(2, 1)));
    ComputeStat classes = ComputeStat.ofClasses("a.c:1", List.of(
        new ComputeStat.RankClass(RankList.of(0), h), new ComputeStat.RankClass(RankList.of(1), h)));
    List<ComputeStat> stats = List.of(new ComputeStat("a.c:2", h), classes);
    List<ComputeStat> out = PackedStats.of(stats);
    assertFalse(out instanceof PackedStats);
    assertEquals(stats, out);
    assertEquals(List.of(), PackedStats.of(List.of()));
  }

  @Test
  void anRsdKeepsItsPackedListAsGiven() {
    List<ComputeStat> packed = PackedStats.of(List.of(new ComputeStat("a.c:2",
        Histogram.constant(3, 40))));
    Rsd r = new Rsd(org.benchgen.trace.Op.BARRIER, "a.c:3", RankList.of(0),
        java.util.Collections.nCopies(org.benchgen.trace.Op.BARRIER.fields().size(),
            Param.none()), packed, CallTime.NONE);
    // One list object for the RSD's life: the writer and PlaceShares key compute lists by it.
    assertSame(packed, r.compute());
    assertThrows(IndexOutOfBoundsException.class, () -> packed.get(1));
  }
}
