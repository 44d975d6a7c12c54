package org.benchgen.codegen.output;

/** One comparison of an integer value; a {@link Condition.Term} joins them with "and". */
public sealed interface Atom extends OutputModel {
  /** {@code left == value}. */
  record Is(Value left, long value) implements Atom {}

  /** {@code left >= value}. */
  record AtLeast(Value left, long value) implements Atom {}

  /** {@code left <= value}. */
  record AtMost(Value left, long value) implements Atom {}

  /** {@code left < value}. */
  record Below(Value left, long value) implements Atom {}

  /** {@code left < right}. */
  record Less(Value left, Value right) implements Atom {}

  /** {@code left != right}. */
  record Differs(Value left, Value right) implements Atom {}

  /**
   * {@code lo <= (var - offset) % modulus <= hi}; {@code hasOffset} false means offset 0 (written
   * {@code var % modulus}), {@code single} that lo == hi; {@code hasLo} and {@code hasHi} say
   * which bounds are needed (lo > 0, hi < modulus - 1).
   */
  record ModIn(String var, int offset, boolean hasOffset, int modulus, int lo, int hi,
      boolean single, boolean hasLo, boolean hasHi) implements Atom {}
}
