package org.benchgen.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ComputeSampleTest {
  @Test
  void fewerIntervalsThanTheCapacityAreAllKept() {
    ComputeSample s = new ComputeSample(100, 1);
    for (long v = 1; v <= 40; v++) {
      s.add(v);
    }
    assertEquals(40, s.seen());
    double[] kept = s.values();
    Arrays.sort(kept);
    assertArrayEquals(java.util.stream.LongStream.rangeClosed(1, 40).asDoubleStream().toArray(),
        kept);
  }

  @Test
  void moreAreSampledUniformlyWithinTheCapacity() {
    // 0..99,999 offered to a reservoir of 2,000: the kept values are distinct values offered,
    // and uniform: their mean is 49,999.5 within 3 standard errors (28,868 / sqrt(2,000) = 645)
    // and each tenth of the range holds 200 of them within 4 binomial deviations (13.4).
    ComputeSample s = new ComputeSample(2000, 7);
    for (long v = 0; v < 100_000; v++) {
      s.add(v);
    }
    assertEquals(100_000, s.seen());
    double[] kept = s.values();
    assertEquals(2000, kept.length);
    assertEquals(2000, Arrays.stream(kept).distinct().count());
    assertEquals(49_999.5, Arrays.stream(kept).average().orElseThrow(), 3 * 645);
    int[] tenths = new int[10];
    for (double v : kept) {
      tenths[(int) (v / 10_000)]++;
    }
    for (int t : tenths) {
      assertEquals(200, t, 4 * 13.4, Arrays.toString(tenths));
    }
  }

  @Test
  void theSameSeedKeepsTheSameIntervals() {
    ComputeSample a = new ComputeSample(10, 3);
    ComputeSample b = new ComputeSample(10, 3);
    for (long v = 0; v < 1000; v++) {
      a.add(v);
      b.add(v);
    }
    assertArrayEquals(a.values(), b.values());
    ComputeSample none = new ComputeSample(0, 3);
    none.add(5);
    assertEquals(1, none.seen());
    assertTrue(none.values().length == 0);
  }
}
