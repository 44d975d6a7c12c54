package org.benchgen.extrapolate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Param;
import org.benchgen.ir.VNode;
import org.benchgen.ir.ValueSeq;
import org.junit.jupiter.api.Test;

/** XOR and transpose partners, on values worked out by hand. */
class PeerFunctionsTest {
  /** Rank r's peers {@code peers[r]}, absolute, one entry a rank. */
  private static Param absolute(long[][] peers) {
    int[] ranks = new int[peers.length];
    List<EntryValues> v = new ArrayList<>();
    for (int r = 0; r < peers.length; r++) {
      ranks[r] = r;
      List<VNode> n = new ArrayList<>();
      for (long x : peers[r]) {
        n.add(new VNode.Leaf(x));
      }
      v.add(new EntryValues.Absolute(new ValueSeq(n)));
    }
    return Param.grouped(ranks, v);
  }

  @Test
  void transposeOfASquareAndOfATwiceWiderLayout() {
    Grid square = new Grid(new int[] {4, 4});
    // (row 0, col 1) <-> (row 1, col 0); (row 1, col 2) <-> (row 2, col 1).
    assertEquals(4, PeerFunctions.transpose(1, square));
    assertEquals(9, PeerFunctions.transpose(6, square));
    assertEquals(5, PeerFunctions.transpose(5, square));
    Grid wide = new Grid(new int[] {4, 2}); // 2 rows of 4: blocks of 2 columns swap
    // rank 2 = row 0, block 1, lo 0 -> row 1, block 0, lo 0 = 4; rank 5 = row 1, block 0,
    // lo 1 -> row 0, block 1, lo 1 = 3 (NPB CG's exch_proc: 2*(mod(me/2,2)*2 + me/2/2) + mod(me,2))
    assertEquals(4, PeerFunctions.transpose(2, wide));
    assertEquals(3, PeerFunctions.transpose(5, wide));
    assertEquals(1, PeerFunctions.transpose(1, wide));
  }

  @Test
  void theLayoutOfTransposesIsFoundAndOthersAreNot() {
    long[][] t = {{0}, {2}, {1}, {3}}; // 2x2
    assertEquals(Optional.of(new Grid(new int[] {2, 2})),
        PeerFunctions.transposeLayout(absolute(t), 4));
    long[][] wide = {{0}, {1}, {4}, {5}, {2}, {3}, {6}, {7}};
    assertEquals(Optional.of(new Grid(new int[] {4, 2})),
        PeerFunctions.transposeLayout(absolute(wide), 8));
    long[][] ring = {{1}, {2}, {3}, {0}};
    assertTrue(PeerFunctions.transposeLayout(absolute(ring), 4).isEmpty());
  }

  @Test
  void xorMasksAreTheSameOnEveryRankOrNone() {
    // 8 ranks, partners r^2 then r^1: rank 5 talks to 7, then 4.
    long[][] b = new long[8][];
    for (int r = 0; r < 8; r++) {
      b[r] = new long[] {r ^ 2, r ^ 1};
    }
    assertArrayEquals(new long[] {2, 1}, PeerFunctions.xorMasks(absolute(b), 8).orElseThrow());
    assertTrue(PeerFunctions.explains(absolute(b), 8));
    b[5] = new long[] {6, 4}; // rank 5: 5^3, 5^1
    assertTrue(PeerFunctions.xorMasks(absolute(b), 8).isEmpty());
    // A rank alone (a master's workers 1, 2, 3) is no XOR, nor are masks of two bits (r^3).
    assertTrue(PeerFunctions.xorMasks(absolute(new long[][] {{1, 2, 3}}), 4).isEmpty());
    long[][] three = {{3}, {2}, {1}, {0}};
    assertTrue(PeerFunctions.xorMasks(absolute(three), 4).isEmpty());
    // One mask alone is also a neighbour along a dimension of 2: not taken for an XOR.
    long[][] one = {{1}, {0}, {3}, {2}};
    assertArrayEquals(new long[] {1}, PeerFunctions.xorMasks(absolute(one), 4).orElseThrow());
    assertFalse(PeerFunctions.explains(absolute(one), 4));
  }

  @Test
  void aButterflysSpanIsTwoToItsSteps() {
    assertEquals(Optional.of(8L), PeerFunctions.span(new long[] {1, 2, 4}));
    assertEquals(Optional.of(8L), PeerFunctions.span(new long[] {4, 2, 1}));
    assertEquals(Optional.of(2L), PeerFunctions.span(new long[] {1}));
    assertTrue(PeerFunctions.span(new long[] {1, 4}).isEmpty());
    assertTrue(PeerFunctions.span(new long[] {2, 4}).isEmpty());
  }

  @Test
  void offsetsThatAreStepsOfTheLayout() {
    Grid g = new Grid(new int[] {2, 2});
    assertTrue(PeerFunctions.steps(Set.of(1L, 2L), g));
    assertFalse(PeerFunctions.steps(Set.of(3L), g));
    assertTrue(PeerFunctions.steps(Set.of(), g));
  }
}
