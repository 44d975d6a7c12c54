package org.benchgen.ir;

import static org.benchgen.ir.Nodes.leaf;
import static org.benchgen.ir.Nodes.rep;
import static org.benchgen.ir.Nodes.seq;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.OptionalLong;
import java.util.PrimitiveIterator;
import org.junit.jupiter.api.Test;

/** The patterns of docs/compressed-format.md, "Parameters", expanded by hand. */
class ValueSeqTest {
  private static List<Long> take(PrimitiveIterator.OfLong it, int n) {
    List<Long> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(it.nextLong());
    }
    return out;
  }

  private static List<Long> all(PrimitiveIterator.OfLong it) {
    List<Long> out = new ArrayList<>();
    it.forEachRemaining((long v) -> out.add(v));
    return out;
  }

  @Test
  void aPatternIsReadCyclically() {
    assertEquals(List.of(1024L, 2048L, 1024L, 2048L, 1024L),
        take(seq(leaf(1024), leaf(2048)).iterator(), 5));
  }

  @Test
  void oneCycleOfRepeatsAndATail() {
    // 64*2,4096*3
    assertEquals(List.of(64L, 64L, 4096L, 4096L, 4096L),
        all(seq(rep(2, leaf(64)), rep(3, leaf(4096))).once()));
    // (1024,2048)*3,4096: the tail once per cycle.
    assertEquals(List.of(1024L, 2048L, 1024L, 2048L, 1024L, 2048L, 4096L),
        all(seq(rep(3, leaf(1024), leaf(2048)), leaf(4096)).once()));
  }

  @Test
  void theIteratorStartsTheNextCycleAfterTheTail() {
    assertEquals(List.of(1L, 1L, 2L, 1L, 1L, 2L, 1L),
        take(seq(rep(2, leaf(1)), leaf(2)).iterator(), 7));
  }

  @Test
  void nestedRepeatsExpandInsideOut() {
    // ((1*2),5)*2 = 1,1,5,1,1,5
    assertEquals(List.of(1L, 1L, 5L, 1L, 1L, 5L),
        all(seq(rep(2, rep(2, leaf(1)), leaf(5))).once()));
  }

  @Test
  void aConstantIsOneValueHoweverItIsWritten() {
    assertEquals(OptionalLong.of(8), ValueSeq.of(8).constant());
    assertEquals(OptionalLong.of(8), seq(rep(5, leaf(8))).constant());
    assertEquals(OptionalLong.of(8), seq(rep(2, leaf(8), leaf(8)), leaf(8)).constant());
    assertEquals(OptionalLong.empty(), seq(leaf(8), leaf(9)).constant());
    assertEquals(OptionalLong.empty(), seq().constant());
  }

  @Test
  void allEqualNeedsAtLeastOneValue() {
    assertTrue(seq(rep(3, leaf(7)), leaf(7)).allEqual(7));
    assertFalse(seq(rep(3, leaf(7)), leaf(7)).allEqual(8));
    assertFalse(seq().allEqual(7));
  }

  @Test
  void leavesAreDistinctInOrderOfFirstAppearance() {
    assertEquals(List.of(3L, 1L, 2L),
        seq(rep(2, leaf(3), leaf(1)), leaf(3), leaf(2)).leaves().boxed().toList());
  }

  @Test
  void anEmptySequenceHasNoValues() {
    assertFalse(seq().iterator().hasNext());
    assertFalse(seq().once().hasNext());
    assertThrows(NoSuchElementException.class, () -> seq().iterator().nextLong());
  }

  @Test
  void oneCycleEnds() {
    PrimitiveIterator.OfLong it = seq(leaf(1), leaf(2)).once();
    assertEquals(List.of(1L, 2L), take(it, 2));
    assertThrows(NoSuchElementException.class, it::nextLong);
  }
}
