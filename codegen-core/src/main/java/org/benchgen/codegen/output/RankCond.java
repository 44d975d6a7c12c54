package org.benchgen.codegen.output;

import java.util.List;

/**
 * A condition on the executing process's world rank: true when any term holds. Built from a rank
 * list's regular blocks (ranges, strides, {@code rank % k} windows), so its size follows the
 * list's regularity, not the rank count.
 */
public record RankCond(List<Term> terms) implements OutputModel {
  public RankCond {
    terms = List.copyOf(terms);
  }

  /** The condition that any of these terms holds (each a list of atoms that all hold). */
  public static RankCond anyOf(List<List<RankAtom>> terms) {
    return new RankCond(terms.stream().map(t -> new Term(t, t.size() > 1 && terms.size() > 1))
        .toList());
  }

  /**
   * All of {@code atoms} hold; no atom means any rank. {@code grouped}: several atoms in a
   * condition of several terms, to be parenthesized.
   */
  public record Term(List<RankAtom> atoms, boolean grouped) implements OutputModel {
    public Term {
      atoms = List.copyOf(atoms);
    }
  }
}
