package org.benchgen.codegen;

import static org.benchgen.codegen.Expressions.add;
import static org.benchgen.codegen.Expressions.div;
import static org.benchgen.codegen.Expressions.lit;
import static org.benchgen.codegen.Expressions.mod;
import static org.benchgen.codegen.Expressions.mul;
import static org.benchgen.codegen.Expressions.var;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.codegen.output.Value;
import org.benchgen.codegen.output.Value.Arith;
import org.benchgen.codegen.output.Value.Num;
import org.benchgen.codegen.output.Value.Operator;
import org.benchgen.codegen.output.Value.Pick;
import org.junit.jupiter.api.Test;

class ExpressionsTest {
  private static final Value X = var("x");
  private static final Value Y = var("y");
  private static final Value N = var("n");
  private static final Value I = var("i");

  private static Arith op(Value a, Operator o, Value b) {
    return new Arith(a, o, b, false);
  }

  private static Arith paren(Value a, Operator o, Value b) {
    return new Arith(a, o, b, true);
  }

  @Test
  void addingOrMultiplyingByTheNeutralElementIsTheOperand() {
    assertSame(X, add(X, 0));
    assertSame(X, mul(X, 1));
    assertSame(X, div(X, 1));
    assertSame(X, add(lit(0), X));
    assertEquals(lit(0), mul(X, 0));
  }

  @Test
  void constantsFold() {
    assertEquals(lit(7), add(lit(3), 4));
    assertEquals(lit(7), add(lit(3), lit(4)));
    assertEquals(lit(12), mul(lit(3), 4));
    assertEquals(lit(4), div(lit(9), 2));
  }

  @Test
  void aNegativeConstantIsSubtracted() {
    assertEquals(op(X, Operator.SUB, lit(3)), add(X, -3));
    assertEquals(op(X, Operator.ADD, lit(3)), add(X, 3));
  }

  @Test
  void aNegativeDividendIsNotFolded() {
    // Only non-negative dividends are folded.
    assertEquals(op(lit(-9), Operator.DIV, lit(2)), div(lit(-9), 2));
  }

  @Test
  void modIsParenthesizedWheneverItIsAnOperand() {
    assertEquals(op(X, Operator.MOD, N), mod(X, N));
    assertEquals(op(paren(X, Operator.MOD, N), Operator.ADD, lit(1)), add(mod(X, N), 1));
    assertEquals(op(paren(X, Operator.MOD, N), Operator.MUL, lit(2)), mul(mod(X, N), 2));
    assertEquals(op(paren(X, Operator.MOD, N), Operator.MOD, Y), mod(mod(X, N), Y));
  }

  @Test
  void anOperandOfModOfTheSameOrLowerPrecedenceIsParenthesized() {
    assertEquals(op(paren(X, Operator.MUL, lit(2)), Operator.MOD, N), mod(mul(X, 2), N));
    assertEquals(op(paren(X, Operator.ADD, lit(1)), Operator.MOD, N), mod(add(X, 1), N));
  }

  @Test
  void parenthesesOnlyWherePrecedenceNeedsThem() {
    // (x + 1) * 2, but x * 2 + 1.
    assertEquals(op(paren(X, Operator.ADD, lit(1)), Operator.MUL, lit(2)), mul(add(X, 1), 2));
    assertEquals(op(op(X, Operator.MUL, lit(2)), Operator.ADD, lit(1)), add(mul(X, 2), 1));
    // Left-associative: x + y + 1 as it is, but x + (y + 1) on the right.
    assertEquals(op(op(X, Operator.ADD, Y), Operator.ADD, lit(1)), add(add(X, Y), 1));
    assertEquals(op(X, Operator.ADD, paren(Y, Operator.ADD, lit(1))), add(X, add(Y, 1)));
  }

  @Test
  void closedParenthesizesOnlyOperators() {
    assertEquals(paren(X, Operator.ADD, lit(1)), Expressions.closed(add(X, 1)));
    assertSame(X, Expressions.closed(X));
  }

  @Test
  void aSumOfNoTermsIsZero() {
    assertEquals(lit(0), Expressions.sum(List.of()));
    assertEquals(lit(5), Expressions.sum(List.of(lit(2), lit(3))));
    assertEquals(op(X, Operator.ADD, Y), Expressions.sum(List.of(X, Y)));
  }

  @Test
  void aPatternIsABalancedTreeOfPicksOverItsRuns() {
    // Runs 1 (indices 0-1), 2 (2), 3 (3-5), 4 (6): ends 2, 3, 6, 7; split in the middle.
    List<Value> values = List.of(lit(1), lit(1), lit(2), lit(3), lit(3), lit(3), lit(4));
    assertEquals(new Pick(new Pick(lit(1), I, 2, lit(2)), I, 3, new Pick(lit(3), I, 6, lit(4))),
        Expressions.pattern(values, I));
    // Three runs: the larger half first.
    assertEquals(new Pick(new Pick(lit(5), I, 1, lit(6)), I, 2, lit(7)),
        Expressions.pattern(List.of(lit(5), lit(6), lit(7)), I));
  }

  @Test
  void aPatternOfOneRunIsItsValue() {
    assertEquals(lit(9), Expressions.pattern(List.of(lit(9), lit(9), lit(9)), I));
  }

  @Test
  void aLongPatternNestsLogarithmicallyAndPicksEveryValue() {
    List<Value> values = new ArrayList<>();
    for (int k = 0; k < 1000; k++) {
      values.add(lit(k * 7 % 13));
    }
    Value tree = Expressions.pattern(values, I);
    // 1000 values, no two neighbours equal: 1000 runs, ceil(log2 1000) = 10 levels.
    assertEquals(10, depth(tree));
    for (int k = 0; k < values.size(); k++) {
      assertEquals(values.get(k), pick(tree, k), "index " + k);
    }
  }

  @Test
  void usesFindsAVariableAnywhereInAnExpression() {
    assertTrue(Expressions.uses(add(mul(X, 2), 1), "x"));
    assertTrue(Expressions.uses(new Pick(lit(1), I, 3, lit(2)), "i"));
    assertFalse(Expressions.uses(add(X, Y), "i"));
    assertFalse(Expressions.uses(lit(1), "x"));
  }

  private static int depth(Value v) {
    return v instanceof Pick p ? 1 + Math.max(depth(p.then()), depth(p.otherwise())) : 0;
  }

  /** The value of a tree of Picks when the index is {@code k}. */
  private static Value pick(Value v, long k) {
    return v instanceof Pick p ? pick(k < p.bound() ? p.then() : p.otherwise(), k) : v;
  }
}
