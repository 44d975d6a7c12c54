package org.benchgen.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class CallTimeTest {
  @Test
  void mergingPoolsCountsAndMeansAsTheHistogramsOfTheSameCallsDo() {
    // Two calls of 10 ns and two of 20 ns: 4 calls, mean 15 (by hand).
    assertEquals(new CallTime(4, 15), new CallTime(2, 10).merge(new CallTime(2, 20)));
    assertEquals(new CallTime(2, 10), CallTime.NONE.merge(new CallTime(2, 10)));
    Histogram a = new Histogram(3, 1, 7, 3.5, 2.1, List.of(new Histogram.Bin(1, 1),
        new Histogram.Bin(3, 2)));
    Histogram b = new Histogram(5, 900, 1100, 1000.25, 80, List.of(new Histogram.Bin(10, 4),
        new Histogram.Bin(11, 1)));
    // The mean to the bit, which the tracer's fold (it merges histograms) relies on.
    assertEquals(CallTime.of(a.merge(b)), CallTime.of(a).merge(CallTime.of(b)));
  }

  @Test
  void countsSaturateInsteadOfOverflowing() {
    // A hostile file's counts: nothing makes 2^63 calls, but a merge must not turn negative.
    CallTime big = new CallTime(Long.MAX_VALUE, 1);
    assertEquals(Long.MAX_VALUE, big.merge(big).count());
    assertThrows(IllegalArgumentException.class, () -> new CallTime(-1, 0));
  }

  @Test
  void consecutiveSharesAddUpToTheWhole() {
    // 10 calls in a quarter, a half and a quarter: 2.5 rounds to 3, 7.5 to 8 (by hand: 3, 5, 2).
    CallTime t = new CallTime(10, 7.5);
    assertEquals(new CallTime(3, 7.5), t.share(0, 0.25));
    assertEquals(new CallTime(5, 7.5), t.share(0.25, 0.75));
    assertEquals(new CallTime(2, 7.5), t.share(0.75, 1));
    assertEquals(CallTime.NONE, t.share(0.5, 0.5));
  }
}
