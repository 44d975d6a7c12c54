package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.codegen.output.Value;

/**
 * How many times a call has run before, as a sum of terms {@code weight * atom} where each atom
 * (a loop index, or a variable bound to a count) takes the values {@code 0 .. count-1}: so a
 * call in loops of constant trip counts {@code T1, T2} is {@code i1*T2 + i2}. Knowing the terms,
 * the index modulo a period drops those that are multiples of it and needs no {@code mod} when
 * what is left stays below the period. For targets without counters (coNCePTuaL).
 */
public record ExecIndex(List<Term> terms, long limit) {
  /** {@code weight * atom}, the atom in {@code 0 .. count-1}. */
  public record Term(Value atom, long weight, long count) {}

  /** {@code limit}: a bound on the index known besides its terms' (Long.MAX_VALUE: none). */
  public ExecIndex {
    terms = List.copyOf(terms);
  }

  private ExecIndex(List<Term> terms) {
    this(terms, Long.MAX_VALUE);
  }

  /** The index of a call outside every loop: 0. */
  public static ExecIndex zero() {
    return new ExecIndex(List.of());
  }

  /** An index that is {@code atom}, in {@code 0 .. count-1}. */
  public static ExecIndex of(Value atom, long count) {
    return new ExecIndex(List.of(new Term(atom, 1, count)));
  }

  /** The same index, known to be at most {@code max}. */
  public ExecIndex atMost(long max) {
    return new ExecIndex(terms, Math.min(limit, max));
  }

  /**
   * The index inside a loop of {@code trips} iterations with index {@code var}, entered once per
   * execution counted by this one: {@code this * trips + var}. Throws ArithmeticException when a
   * weight overflows.
   */
  public ExecIndex times(long trips, Value var) {
    List<Term> out = new ArrayList<>();
    for (Term t : terms) {
      out.add(new Term(t.atom(), Math.multiplyExact(t.weight(), trips), t.count()));
    }
    out.add(new Term(var, 1, trips));
    return new ExecIndex(out);
  }

  /** The largest value; saturates at Long.MAX_VALUE. */
  public long max() {
    return Math.min(limit, termsMax(terms));
  }

  private static long termsMax(List<Term> terms) {
    long m = 0;
    for (Term t : terms) {
      long w = Math.max(0, t.count() - 1);
      long k = w == 0 ? 0 : t.weight() > Long.MAX_VALUE / w ? Long.MAX_VALUE : t.weight() * w;
      m = k > Long.MAX_VALUE - m ? Long.MAX_VALUE : m + k;
    }
    return m;
  }

  /** The index as an expression. */
  public Value value() {
    List<Value> vs = new ArrayList<>();
    for (Term t : terms) {
      vs.add(Expressions.mul(t.atom(), t.weight()));
    }
    return Expressions.sum(vs);
  }

  /**
   * The index modulo {@code n}, as an index: the terms whose weight is a multiple of {@code n}
   * left out, and a {@code mod} only if the rest can reach {@code n}.
   */
  public ExecIndex mod(long n) {
    List<Term> kept = terms.stream().filter(t -> t.weight() % n != 0 && t.count() > 1).toList();
    ExecIndex rest = new ExecIndex(kept);
    if (termsMax(kept) < n) {
      return rest;
    }
    return of(Expressions.mod(rest.value(), Expressions.lit(n)), n);
  }

  /** {@code this - k}, for an index known to be at least {@code k}, in {@code 0 .. max-k}. */
  public ExecIndex minus(long k) {
    if (k == 0) {
      return this;
    }
    return of(Expressions.add(value(), -k), max() - k + 1);
  }

  /** {@code this / n}, in {@code 0 .. max/n}. */
  public Value dividedBy(long n) {
    return Expressions.div(value(), n);
  }
}
