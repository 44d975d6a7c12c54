package org.benchgen.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class RankListTest {
  @Test
  void regularSetsHaveCompactText() {
    assertEquals("0..15", RankList.range(0, 16).toString());
    assertEquals("1..15:2", RankList.of(1, 3, 5, 7, 9, 11, 13, 15).toString());
    // A 2-D block: columns 0..3 of rows 0, 8, 16, 24.
    assertEquals("0..3/8x4", RankList.of(0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27)
        .toString());
    // A base run of two inside a block must stay one item.
    assertEquals("1..2/3x2,7", RankList.of(1, 2, 4, 5, 7).toString());
    assertEquals("0,5", RankList.of(5, 0).toString());
  }

  @Test
  void membershipWithoutExpanding() {
    RankList r = RankList.parse("0..3/8x4,100..200:10", TraceLimits.MAX_WORLD);
    assertTrue(r.contains(0) && r.contains(11) && r.contains(27) && r.contains(150));
    assertFalse(r.contains(4) || r.contains(28) || r.contains(155) || r.contains(210));
    assertEquals(16 + 11, r.size());
  }

  @Test
  void randomSetsRoundTripThroughText() {
    Random rnd = new Random(7);
    for (int k = 0; k < 500; k++) {
      TreeSet<Integer> set = new TreeSet<>();
      int n = rnd.nextInt(40);
      int stride = 1 + rnd.nextInt(4);
      for (int i = 0; i < n; i++) {
        set.add(rnd.nextBoolean() ? rnd.nextInt(200) : stride * rnd.nextInt(30));
      }
      RankList r = RankList.of(set.stream().mapToInt(Integer::intValue).toArray());
      assertEquals(set.size(), r.size());
      RankList back = RankList.parse(r.isEmpty() ? "none" : r.toString(),
          TraceLimits.MAX_WORLD);
      assertEquals(r, back, r.toString());
      for (int x = 0; x < 220; x++) {
        assertEquals(set.contains(x), r.contains(x));
      }
    }
  }

  @Test
  void unionMergesRuns() {
    RankList evens = RankList.parse("0..14:2", TraceLimits.MAX_WORLD);
    RankList odds = RankList.parse("1..15:2", TraceLimits.MAX_WORLD);
    assertEquals(RankList.range(0, 16), evens.union(odds));
    assertEquals(evens, evens.union(RankList.of(4)));
  }
}
