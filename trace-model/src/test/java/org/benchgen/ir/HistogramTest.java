package org.benchgen.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Histogram summaries against values worked out by hand. */
class HistogramTest {
  private static Histogram.Builder of(long... values) {
    Histogram.Builder b = new Histogram.Builder();
    for (long v : values) {
      b.add(v);
    }
    return b;
  }

  @Test
  void summarisesValues() {
    // 1, 2, 3, 10: mean 4; squared deviations 9 + 4 + 1 + 36 = 50, sample sd sqrt(50 / 3);
    // bins by bit length: 1 -> 1, 2 and 3 -> 2, 10 -> 4.
    Histogram h = of(1, 2, 3, 10).build();
    assertEquals(4, h.count());
    assertEquals(1, h.min());
    assertEquals(10, h.max());
    assertEquals(4.0, h.mean(), 1e-12);
    assertEquals(Math.sqrt(50.0 / 3), h.sd(), 1e-12);
    assertEquals(List.of(new Histogram.Bin(1, 1), new Histogram.Bin(2, 2), new Histogram.Bin(4, 1)),
        h.bins());
  }

  @Test
  void mergedBuildersPoolTheirValues() {
    Histogram.Builder a = of(1, 2);
    a.merge(of(3, 10));
    Histogram h = a.build();
    assertEquals(4, h.count());
    assertEquals(4.0, h.mean(), 1e-12);
    assertEquals(Math.sqrt(50.0 / 3), h.sd(), 1e-12);
    assertEquals(of(1, 2, 3, 10).build().bins(), h.bins());
  }

  @Test
  void aClearedBuilderStartsAfresh() {
    Histogram.Builder b = of(5000, 7, 0);
    b.clear();
    assertEquals(true, b.isEmpty());
    b.add(1);
    b.add(2);
    b.add(3);
    b.add(10);
    assertEquals(of(1, 2, 3, 10).build(), b.build());
  }
}
