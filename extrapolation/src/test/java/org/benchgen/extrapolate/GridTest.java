package org.benchgen.extrapolate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class GridTest {
  @Test
  void coordinatesRunFastestFirst() {
    Grid g = new Grid(new int[] {4, 3});
    assertArrayEquals(new int[] {1, 2}, g.coords(9)); // 9 = 1 + 2*4
    assertEquals(9, g.rank(new int[] {1, 2}));
    assertEquals(4, g.stride(1));
  }

  @Test
  void regionsCoverEveryRankOnce() {
    Grid g = new Grid(new int[] {5, 4});
    List<Grid.Region> regions = g.regions();
    assertEquals(9, regions.size()); // low, inside, high in each of 2 dimensions
    int[] all = regions.stream().flatMapToInt(r -> Arrays.stream(r.ranks())).sorted().toArray();
    int[] expect = new int[20];
    Arrays.setAll(expect, i -> i);
    assertArrayEquals(expect, all);
    // The inside of a 5x4 grid, by hand: x 1..3, y 1..2.
    Grid.Region inside = regions.stream().filter(r -> r.first() == 6).findFirst().orElseThrow();
    assertArrayEquals(new int[] {6, 7, 8, 11, 12, 13}, inside.ranks());
    assertEquals("x=1..3 y=1..2", inside.describe());
  }

  @Test
  void aSideOfTwoHasNoInsideAndASideOfOneIsBothEnds() {
    assertEquals(4, new Grid(new int[] {2, 2}).regions().size());
    assertEquals(3, new Grid(new int[] {3, 1}).regions().size());
  }

  @Test
  void ranksMapToTheRankPlacedAlike() {
    Grid big = new Grid(new int[] {8, 8});
    Grid small = new Grid(new int[] {4, 4});
    assertEquals(OptionalInt.of(0), big.mapTo(0, small)); // corner
    assertEquals(OptionalInt.of(15), big.mapTo(63, small)); // far corner
    assertEquals(OptionalInt.of(5), big.mapTo(36, small)); // inside (4,4) -> (1,1)
    assertEquals(OptionalInt.of(7), big.mapTo(15, small)); // (7,1): high x, inside y -> (3,1)
    assertTrue(big.mapTo(36, new Grid(new int[] {2, 2})).isEmpty()); // no inside there
    assertTrue(big.mapTo(0, new Grid(new int[] {2, 2, 1})).isEmpty()); // other dimensions
  }

  @Test
  void paddingAddsSidesOfOne() {
    assertEquals(new Grid(new int[] {2, 2, 1}), new Grid(new int[] {2, 2}).padded(3));
  }
}
