package org.benchgen.codegen.output;

/** One comparison on the rank; a {@link RankCond.Term} joins them with "and". */
public sealed interface RankAtom extends OutputModel {
  /** rank == value. */
  record RankIs(int value) implements RankAtom {}

  /** rank >= value. */
  record RankFrom(int value) implements RankAtom {}

  /** rank <= value. */
  record RankUpTo(int value) implements RankAtom {}

  /**
   * {@code lo <= (rank - offset) % modulus <= hi}; {@code hasOffset} false means offset 0 (written
   * {@code rank % modulus}), {@code single} that lo == hi; {@code hasLo} and {@code hasHi} say
   * which bounds are needed (lo > 0, hi < modulus - 1).
   */
  record RankMod(int offset, boolean hasOffset, int modulus, int lo, int hi, boolean single,
      boolean hasLo, boolean hasHi) implements RankAtom {}
}
