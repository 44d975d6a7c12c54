package org.benchgen.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.TreeSet;
import org.benchgen.trace.TraceLimits;
import org.benchgen.trace.TraceProblem;
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

  @Test
  void readRunByRunItEqualsTheListOfItsRanks() {
    // Every way of writing a set as ordered runs (not only the canonical one) reads as the same
    // list as its ranks given one by one: the greedy runs are recomputed from runs.
    Random rnd = new Random(11);
    for (int k = 0; k < 2000; k++) {
      StringBuilder text = new StringBuilder();
      TreeSet<Integer> set = new TreeSet<>();
      int next = rnd.nextInt(4);
      for (int items = 1 + rnd.nextInt(6); items > 0; items--) {
        int stride = 1 + rnd.nextInt(3);
        int count = 1 + rnd.nextInt(5);
        int last = next + stride * (count - 1);
        text.append(text.length() > 0 ? "," : "").append(next);
        if (count > 1) {
          text.append("..").append(last).append(stride > 1 ? ":" + stride : "");
        }
        for (int x = next; x <= last; x += stride) {
          set.add(x);
        }
        next = last + 1 + rnd.nextInt(3);
      }
      RankList read = RankList.parse(text.toString(), 1000);
      assertEquals(RankList.of(set.stream().mapToInt(Integer::intValue).toArray()), read,
          text.toString());
      assertEquals(set.size(), read.size());
    }
  }

  @Test
  void aWholeWorldIsReadWithoutListingItsRanks() {
    int world = TraceLimits.MAX_WORLD;
    RankList all = RankList.parse("0.." + (world - 1), world);
    assertEquals(RankList.range(0, world), all);
    assertEquals("0..4193790:2/4194304x2", RankList.parse("0..4193790:2,4194304..8388094:2",
        world).toString());
    assertEquals(RankList.parse("0..8388606:2", world), RankList.parse("0/2x4194304", world));
  }

  @Test
  void overlappingRangesAreSortedOutOnlyWhenSmall() {
    assertEquals(RankList.range(0, 6), RankList.parse("3..5,0..3", 10));
    assertEquals(RankList.range(0, 12), RankList.parse("0..10:2,1..11:2", 12));
    TraceProblem e = assertThrows(TraceProblem.class,
        () -> RankList.parse("0..99998:2,1..99999:2", 200000));
    assertTrue(e.getMessage().contains("overlap or interleave"), e.getMessage());
    assertThrows(TraceProblem.class, () -> RankList.parse("0..5,3..9", 8));
  }
}
