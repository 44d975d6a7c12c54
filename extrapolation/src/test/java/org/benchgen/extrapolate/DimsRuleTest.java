package org.benchgen.extrapolate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DimsRuleTest {
  @Test
  void balancedIsMpiDimsCreate() {
    // MPI_Dims_create's answers, from the standard's examples and by hand.
    assertArrayEquals(new int[] {3, 2}, DimsRule.balanced(6, 2));
    assertArrayEquals(new int[] {4, 2, 2}, DimsRule.balanced(16, 3));
    assertArrayEquals(new int[] {7, 1}, DimsRule.balanced(7, 2));
    assertArrayEquals(new int[] {4, 4, 4}, DimsRule.balanced(64, 3));
    assertArrayEquals(new int[] {4, 3}, DimsRule.balanced(12, 2));
  }

  @Test
  void aRuleIsChosenThatGivesEveryTracedGrid() {
    DimsRule r = DimsRule.explain(List.of(4, 8, 16), List.of(new Grid(new int[] {2, 2}),
        new Grid(new int[] {4, 2}), new Grid(new int[] {4, 4}))).orElseThrow();
    assertEquals(new Grid(new int[] {8, 4}), r.at(32).orElseThrow());
    DimsRule shortFirst = DimsRule.explain(List.of(8, 16), List.of(new Grid(new int[] {2, 4}),
        new Grid(new int[] {4, 4}))).orElseThrow();
    assertEquals(new Grid(new int[] {4, 8}), shortFirst.at(32).orElseThrow());
  }

  @Test
  void aSideKeptAtEveryCountStaysKept() {
    DimsRule r = DimsRule.explain(List.of(8, 16, 32), List.of(new Grid(new int[] {2, 4}),
        new Grid(new int[] {4, 4}), new Grid(new int[] {8, 4}))).orElseThrow();
    assertEquals(new Grid(new int[] {16, 4}), r.at(64).orElseThrow());
    assertTrue(r.at(30).isEmpty()); // 30 is no multiple of the kept 4
  }

  @Test
  void gridsOfNoRuleAreNotExplained() {
    assertTrue(DimsRule.explain(List.of(8, 16), List.of(new Grid(new int[] {2, 4}),
        new Grid(new int[] {8, 2}))).isEmpty());
  }
}
