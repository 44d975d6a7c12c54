package org.benchgen.extrapolate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PeerMapTest {
  private static final Grid LINE8 = new Grid(new int[] {8});
  private static final Grid LINE64 = new Grid(new int[] {64});

  @Test
  void aRingNeighbourAcrossTheEndStaysANeighbour() {
    assertEquals(1, PeerMap.map(1, 7, LINE8, 63, LINE64)); // 7 -> 0 is 63 -> 0: +1
    assertEquals(-1, PeerMap.map(-1, 0, LINE8, 0, LINE64)); // 0 -> 7 is 0 -> 63: -1
  }

  @Test
  void aRowUpIsARowUpHoweverLongTheRows() {
    Grid g4 = new Grid(new int[] {4, 4});
    Grid g8 = new Grid(new int[] {8, 8});
    // Rank 5 (1,1) of 4x4 sends to rank 1 (1,0): -4; rank 9 (1,1) of 8x8 sends to 1: -8.
    assertEquals(-8, PeerMap.map(-4, 5, g4, 9, g8));
    assertEquals(1, PeerMap.map(1, 5, g4, 9, g8));
  }

  @Test
  void aThreeDimensionalPlaneStepScalesWithThePlane() {
    Grid a = new Grid(new int[] {3, 3, 3});
    Grid b = new Grid(new int[] {4, 4, 4});
    assertEquals(16, PeerMap.map(9, 13, a, 21, b)); // +z: 9 = 3*3 -> 16 = 4*4
  }
}
