package org.benchgen.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.Random;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.VNode;
import org.benchgen.ir.ValueSeq;
import org.junit.jupiter.api.Test;

/**
 * Sequences read at an index as expressions, checked by evaluating the expression at every index
 * (an evaluator written here, with the integer semantics every target has for non-negative
 * operands) against the sequence's own iterator and a running sum of it.
 */
class SeqExpressionsTest {
  private static long eval(Value v, Map<String, Long> vars) {
    if (v instanceof Value.Num n) {
      return n.value();
    }
    if (v instanceof Value.Var x) {
      return vars.get(x.name());
    }
    if (v instanceof Value.Pick p) {
      return eval(p.index(), vars) < p.bound() ? eval(p.then(), vars) : eval(p.otherwise(), vars);
    }
    if (v instanceof Value.Max m) {
      return m.items().stream().mapToLong(x -> eval(x, vars)).max().orElseThrow();
    }
    Value.Arith a = (Value.Arith) v;
    long x = eval(a.a(), vars);
    long y = eval(a.b(), vars);
    assertTrue(x >= 0 || a.op() != Value.Operator.MOD, () -> "mod of a negative number: " + v);
    return switch (a.op()) {
      case ADD -> x + y;
      case SUB -> x - y;
      case MUL -> x * y;
      case DIV -> x / y;
      case MOD -> x % y;
    };
  }

  private static VNode leaf(long v) {
    return new VNode.Leaf(v);
  }

  private static VNode rep(long times, VNode... body) {
    return VNode.Rep.of(List.of(body), times);
  }

  /** PROC_NULL as -1, then (0, -1, -1) 99 times, then 0, -1: the period-3 pattern. */
  private static final ValueSeq PERIOD3 = new ValueSeq(List.of(leaf(-1),
      rep(99, leaf(0), leaf(-1), leaf(-1)), leaf(0), leaf(-1)));

  private static long[] expanded(ValueSeq s, int n) {
    long[] out = new long[n];
    PrimitiveIterator.OfLong it = s.iterator();
    for (int i = 0; i < n; i++) {
      out[i] = it.nextLong();
    }
    return out;
  }

  private static void checkAt(ValueSeq s, int executions) {
    Value e = SeqExpressions.at(s, ExecIndex.of(Expressions.var("x"), executions),
        Expressions::lit);
    long[] want = expanded(s, executions);
    long sum = 0;
    Value before = SeqExpressions.before(s, ExecIndex.of(Expressions.var("x"), executions));
    for (int x = 0; x < executions; x++) {
      Map<String, Long> vars = Map.of("x", (long) x);
      int at = x;
      // Messages built only on failure: building them took most of this test's time.
      assertEquals(want[x], eval(e, vars), () -> "value at " + at + " of " + s + ": " + e);
      assertEquals(sum, eval(before, vars), () -> "sum before " + at + " of " + s + ": "
          + before);
      assertEquals(sum, SeqExpressions.before(s, x), () -> "sum of the first " + at);
      sum += want[x];
    }
  }

  @Test
  void aPeriodicPatternWithAHeadAndATailIsAModuloInsideRanges() {
    checkAt(PERIOD3, 300);
    Value e = SeqExpressions.at(PERIOD3, ExecIndex.of(Expressions.var("x"), 300),
        Expressions::lit);
    // Four ranges (-1, the repeated body, 0, -1) and a choice of two by (x - 1) mod 3: the
    // size of the compressed form, not of 300 values.
    assertEquals(4, count(e, Value.Pick.class), e.toString());
    assertEquals(1, e.toString().split("op=MOD").length - 1, e.toString());
  }

  @Test
  void readingPastOneCycleStartsIt() {
    checkAt(new ValueSeq(List.of(leaf(5), rep(2, leaf(7)), leaf(9))), 41);
    checkAt(ValueSeq.of(4), 10);
  }

  @Test
  void randomNestedSequencesReadAsTheirIterator() {
    Random r = new Random(7);
    for (int k = 0; k < 300; k++) {
      ValueSeq s = new ValueSeq(nodes(r, 3));
      long len = s.length();
      if (len == 0 || len > 400) {
        continue;
      }
      checkAt(s, (int) (len * (1 + r.nextInt(3)) - r.nextInt((int) len)));
    }
  }

  private static List<VNode> nodes(Random r, int depth) {
    List<VNode> out = new ArrayList<>();
    int n = 1 + r.nextInt(4);
    for (int i = 0; i < n; i++) {
      if (depth > 0 && r.nextInt(3) == 0) {
        out.add(VNode.Rep.of(nodes(r, depth - 1), 1 + r.nextInt(5)));
      } else {
        out.add(leaf(r.nextInt(4)));
      }
    }
    return out;
  }

  @Test
  void inLoopsOfConstantCountsOnlyTheIndicesThatMatterAreRead() {
    // i1 in 0..3, i2 in 0..5: a pattern of period 3 depends on i2 alone (6 is a multiple of 3).
    ExecIndex idx = ExecIndex.zero().times(4, Expressions.var("i1"))
        .times(6, Expressions.var("i2"));
    assertEquals(23, idx.max());
    ValueSeq s = new ValueSeq(List.of(rep(8, leaf(1), leaf(2), leaf(3))));
    Value e = SeqExpressions.at(s, idx, Expressions::lit);
    assertFalse(Expressions.uses(e, "i1"), e.toString());
    for (long i1 = 0; i1 < 4; i1++) {
      for (long i2 = 0; i2 < 6; i2++) {
        assertEquals((i1 * 6 + i2) % 3 + 1, eval(e, Map.of("i1", i1, "i2", i2)));
      }
    }
    // Below the period, no modulo at all.
    ExecIndex small = ExecIndex.of(Expressions.var("i2"), 3);
    assertEquals(Expressions.var("i2"), small.mod(3).value());
  }

  private static int count(Value v, Class<?> kind) {
    int n = kind.isInstance(v) ? 1 : 0;
    if (v instanceof Value.Pick p) {
      n += count(p.then(), kind) + count(p.index(), kind) + count(p.otherwise(), kind);
    } else if (v instanceof Value.Arith a) {
      n += count(a.a(), kind) + count(a.b(), kind);
    }
    return n;
  }
}
