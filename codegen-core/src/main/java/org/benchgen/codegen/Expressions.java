package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.codegen.output.Value;
import org.benchgen.codegen.output.Value.Arith;
import org.benchgen.codegen.output.Value.Num;
import org.benchgen.codegen.output.Value.Operator;
import org.benchgen.codegen.output.Value.Pick;
import org.benchgen.codegen.output.Value.Var;

/**
 * Integer expressions built simplified (no {@code + 0}, no {@code * 1}, constants folded) and
 * parenthesized only where an operator is an operand, for targets that compute values from loop
 * indices and task variables; each target spells the operators in its templates.
 */
public final class Expressions {
  private Expressions() {}

  public static Value lit(long v) {
    return new Num(v);
  }

  public static Value var(String n) {
    return new Var(n);
  }

  public static Value add(Value a, long k) {
    if (k == 0) {
      return a;
    }
    if (a instanceof Num x) {
      return lit(x.value() + k);
    }
    return k > 0 ? arith(a, Operator.ADD, lit(k)) : arith(a, Operator.SUB, lit(-k));
  }

  public static Value add(Value a, Value b) {
    if (b instanceof Num y) {
      return add(a, y.value());
    }
    if (a instanceof Num x && x.value() == 0) {
      return b;
    }
    return arith(a, Operator.ADD, b);
  }

  public static Value mul(Value a, long k) {
    if (k == 1) {
      return a;
    }
    if (k == 0) {
      return lit(0);
    }
    if (a instanceof Num x) {
      return lit(x.value() * k);
    }
    return arith(a, Operator.MUL, lit(k));
  }

  /** {@code a * b}. */
  public static Value mul(Value a, Value b) {
    if (b instanceof Num y) {
      return mul(a, y.value());
    }
    if (a instanceof Num x) {
      return mul(b, x.value());
    }
    return arith(a, Operator.MUL, b);
  }

  public static Value div(Value a, long k) {
    return k == 1 ? a : a instanceof Num x && x.value() >= 0 ? lit(x.value() / k)
        : arith(a, Operator.DIV, lit(k));
  }

  /** {@code a mod n}, never negative in the targets that use it. */
  public static Value mod(Value a, Value n) {
    return arith(a, Operator.MOD, n);
  }

  private static Value arith(Value a, Operator op, Value b) {
    return new Arith(operand(a, op, false), op, operand(b, op, true), false);
  }

  /**
   * {@code e} as an operand of {@code op}, in parentheses where precedence needs them and
   * around every {@code mod}, which readers do not rank among the products.
   */
  private static Value operand(Value e, Operator op, boolean right) {
    if (!(e instanceof Arith b) || b.paren()) {
      return e;
    }
    int inner = precedence(b.op());
    int outer = precedence(op);
    boolean need = b.op() == Operator.MOD || op == Operator.MOD && inner == outer
        || inner < outer || right && inner == outer;
    return need ? new Arith(b.a(), b.op(), b.b(), true) : e;
  }

  private static int precedence(Operator op) {
    return op == Operator.ADD || op == Operator.SUB ? 1 : 2;
  }

  /** {@code e}, in parentheses if it is an operator (where a phrase follows it). */
  public static Value closed(Value e) {
    return e instanceof Arith b && !b.paren() ? new Arith(b.a(), b.op(), b.b(), true) : e;
  }

  /** The sum of the terms ({@code 0} for none). */
  public static Value sum(List<Value> terms) {
    Value s = lit(0);
    for (Value t : terms) {
      s = add(s, t);
    }
    return s;
  }

  /**
   * The value of a cyclic pattern at {@code index} (which runs over {@code 0 .. values.size()-1}):
   * a balanced tree of {@link Pick}s over the runs of equal values, so that a long irregular
   * pattern nests only log2(runs) deep (compilers' parsers recurse on nesting).
   */
  public static Value pattern(List<Value> values, Value index) {
    List<Value> runValues = new ArrayList<>();
    List<Long> runEnds = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      if (!runValues.isEmpty() && runValues.get(runValues.size() - 1).equals(values.get(i))) {
        runEnds.set(runEnds.size() - 1, (long) i + 1);
      } else {
        runValues.add(values.get(i));
        runEnds.add((long) i + 1);
      }
    }
    return piecewise(runValues, runEnds, index);
  }

  /**
   * {@code values[k]} where {@code index} is below {@code ends[k]} and at least the end before
   * (the last value past every end): a balanced tree of {@link Pick}s, nesting log2(n) deep.
   */
  public static Value piecewise(List<Value> values, List<Long> ends, Value index) {
    return runs(values, ends, 0, values.size(), index);
  }

  /** Runs {@code from .. to-1}: the value of the first if alone, else split in the middle. */
  private static Value runs(List<Value> values, List<Long> ends, int from, int to, Value index) {
    if (to - from == 1) {
      return values.get(from);
    }
    int mid = (from + to + 1) / 2;
    return new Pick(runs(values, ends, from, mid, index), index, ends.get(mid - 1),
        runs(values, ends, mid, to, index));
  }

  /** Whether {@code e} mentions the variable {@code var}. */
  public static boolean uses(Value e, String var) {
    if (e instanceof Var n) {
      return n.name().equals(var);
    }
    if (e instanceof Arith b) {
      return uses(b.a(), var) || uses(b.b(), var);
    }
    if (e instanceof Pick p) {
      return uses(p.then(), var) || uses(p.index(), var) || uses(p.otherwise(), var);
    }
    if (e instanceof Value.Max m) {
      return m.items().stream().anyMatch(x -> uses(x, var));
    }
    return false;
  }
}
