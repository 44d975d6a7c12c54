package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.codegen.ncptl.NModel.Bin;
import org.benchgen.codegen.ncptl.NModel.Expr;
import org.benchgen.codegen.ncptl.NModel.Lit;
import org.benchgen.codegen.ncptl.NModel.Name;
import org.benchgen.codegen.ncptl.NModel.Pick;

/**
 * Integer expressions for coNCePTuaL, simplified as they are built (no {@code + 0}, no
 * {@code * 1}, constants folded) and parenthesized only where an operator is an operand.
 */
final class Exprs {
  private Exprs() {}

  static Expr lit(long v) {
    return new Lit(v);
  }

  static Expr name(String n) {
    return new Name(n);
  }

  static Expr add(Expr a, long k) {
    if (k == 0) {
      return a;
    }
    if (a instanceof Lit x) {
      return lit(x.value() + k);
    }
    return k > 0 ? bin(a, "+", lit(k)) : bin(a, "-", lit(-k));
  }

  static Expr add(Expr a, Expr b) {
    if (b instanceof Lit y) {
      return add(a, y.value());
    }
    if (a instanceof Lit x && x.value() == 0) {
      return b;
    }
    return bin(a, "+", b);
  }

  static Expr mul(Expr a, long k) {
    if (k == 1) {
      return a;
    }
    if (k == 0) {
      return lit(0);
    }
    if (a instanceof Lit x) {
      return lit(x.value() * k);
    }
    return bin(a, "*", lit(k));
  }

  static Expr div(Expr a, long k) {
    return k == 1 ? a : a instanceof Lit x && x.value() >= 0 ? lit(x.value() / k)
        : bin(a, "/", lit(k));
  }

  /** {@code a MOD n}; coNCePTuaL's MOD is never negative. */
  static Expr mod(Expr a, Expr n) {
    return bin(a, "mod", n);
  }

  private static Expr bin(Expr a, String op, Expr b) {
    return new Bin(operand(a, op, false), op, operand(b, op, true), false);
  }

  /**
   * {@code e} as an operand of {@code op}, in parentheses where precedence needs them and
   * around every {@code mod}, which readers do not rank among the products.
   */
  private static Expr operand(Expr e, String op, boolean right) {
    if (!(e instanceof Bin b) || b.paren()) {
      return e;
    }
    int inner = precedence(b.op());
    int outer = precedence(op);
    boolean need = b.op().equals("mod") || op.equals("mod") && inner == outer
        || inner < outer || right && inner == outer;
    return need ? new Bin(b.a(), b.op(), b.b(), true) : e;
  }

  private static int precedence(String op) {
    return op.equals("+") || op.equals("-") ? 1 : 2;
  }

  private static Expr operand(Expr e) {
    return e instanceof Bin b && !b.paren() ? new Bin(b.a(), b.op(), b.b(), true) : e;
  }

  /** {@code e}, in parentheses if it is an operator (where a phrase follows it). */
  static Expr closed(Expr e) {
    return operand(e);
  }

  /** The sum of the terms ({@code 0} for none). */
  static Expr sum(List<Expr> terms) {
    Expr s = lit(0);
    for (Expr t : terms) {
      s = add(s, t);
    }
    return s;
  }

  /**
   * The value of a cyclic pattern at {@code index} (which runs over {@code 0 .. values.size()-1}):
   * a balanced tree of {@link Pick}s over the runs of equal values, so that a long irregular
   * pattern nests only log2(runs) deep (the compiler's parser recurses on nesting).
   */
  static Expr pattern(List<Expr> values, Expr index) {
    List<Expr> runValues = new ArrayList<>();
    List<Long> runEnds = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      if (!runValues.isEmpty() && runValues.get(runValues.size() - 1).equals(values.get(i))) {
        runEnds.set(runEnds.size() - 1, (long) i + 1);
      } else {
        runValues.add(values.get(i));
        runEnds.add((long) i + 1);
      }
    }
    return runs(runValues, runEnds, 0, runValues.size(), index);
  }

  /** Runs {@code from .. to-1}: the value of the first if alone, else split in the middle. */
  private static Expr runs(List<Expr> values, List<Long> ends, int from, int to, Expr index) {
    if (to - from == 1) {
      return values.get(from);
    }
    int mid = (from + to + 1) / 2;
    return new Pick(runs(values, ends, from, mid, index), index, ends.get(mid - 1),
        runs(values, ends, mid, to, index));
  }

  /** Whether {@code e} mentions the variable {@code var}. */
  static boolean uses(Expr e, String var) {
    if (e instanceof Name n) {
      return n.name().equals(var);
    }
    if (e instanceof Bin b) {
      return uses(b.a(), var) || uses(b.b(), var);
    }
    if (e instanceof Pick p) {
      return uses(p.then(), var) || uses(p.index(), var) || uses(p.otherwise(), var);
    }
    return false;
  }
}
