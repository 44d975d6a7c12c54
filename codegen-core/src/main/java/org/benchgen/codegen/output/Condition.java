package org.benchgen.codegen.output;

import java.util.List;

/**
 * A condition on integer variables (the rank, a loop index): true when any term holds. Built by
 * {@link org.benchgen.codegen.RankConditions} from a rank list's regular blocks, so its size
 * follows the list's regularity, not the rank count; a target may add atoms of its own to the
 * terms (coNCePTuaL's loop conditions). The variables' names are the target's.
 */
public record Condition(List<Term> terms) implements OutputModel {
  public Condition {
    terms = List.copyOf(terms);
  }

  /** The condition that any of these terms holds (each a list of atoms that all hold). */
  public static Condition anyOf(List<List<Atom>> terms) {
    return new Condition(terms.stream().map(t -> new Term(t, t.size() > 1 && terms.size() > 1))
        .toList());
  }

  /**
   * All of {@code atoms} hold; no atom means always. {@code grouped}: several atoms in a
   * condition of several terms, to be parenthesized.
   */
  public record Term(List<Atom> atoms, boolean grouped) implements OutputModel {
    public Term {
      atoms = List.copyOf(atoms);
    }
  }
}
