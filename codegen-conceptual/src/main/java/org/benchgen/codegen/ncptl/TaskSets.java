package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.codegen.Expressions;
import org.benchgen.codegen.RankConditions;
import org.benchgen.codegen.ncptl.NModel.Who;
import org.benchgen.codegen.output.Atom;
import org.benchgen.codegen.output.Condition;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.RankList;

/**
 * Task sets as statements' subjects and targets: ALL TASKS, TASK n, or TASKS t SUCH THAT a
 * condition on the task variable (the shared rank conditions on the target's variables), with a
 * part's loop conditions where a loop runs longer on other tasks.
 */
final class TaskSets {
  /** The source task variable, and the target one (where a target set is a condition). */
  static final String SELF = "t";
  static final String OTHER = "u";

  private final Emission e;

  TaskSets(Emission e) {
    this.e = e;
  }

  /** The part's tasks as a statement's subject; {@code named}: binds {@code t}. */
  Who who(Part p, boolean named) {
    return who(p, p.ranks(), named);
  }

  /** The tasks {@code ranks} (of part {@code p}, under its loop conditions) as a subject. */
  Who who(Part p, RankList ranks, boolean named) {
    if (!p.extra().isEmpty()) {
      return new NModel.TasksSuchThat(SELF, cond(SELF, ranks, read(p.extra())));
    }
    return who(ranks, named);
  }

  /** The tasks {@code ranks} as a statement's subject; {@code named}: binds {@code t}. */
  Who who(RankList ranks, boolean named) {
    if (ranks.size() == e.world) {
      return new NModel.AllTasks(named);
    }
    if (ranks.size() == 1 && !named) {
      return new NModel.OneTask(Expressions.lit(ranks.first()));
    }
    return new NModel.TasksSuchThat(SELF, cond(SELF, ranks, List.of()));
  }

  /**
   * The part's tasks as a RECEIVE's subject, which the compiler treats as a target set: "all
   * tasks" is not one, so every task is {@code TASKS t SUCH THAT t >= 0}.
   */
  Who receiver(Part p, boolean named) {
    if (p.ranks().size() == e.world && p.extra().isEmpty()) {
      return new NModel.TasksSuchThat(SELF, new Condition(List.of(new Condition.Term(List.of(
          new Atom.AtLeast(Expressions.var(SELF), 0)), false))));
    }
    return who(p, named);
  }

  /** {@code atoms}, recorded as read by a statement ({@link Counts#mark}). */
  private List<Atom> read(List<Atom> atoms) {
    for (Atom a : atoms) {
      List<Value> vs = a instanceof Atom.Is x ? List.of(x.left())
          : a instanceof Atom.AtLeast x ? List.of(x.left())
          : a instanceof Atom.AtMost x ? List.of(x.left())
          : a instanceof Atom.Below x ? List.of(x.left())
          : a instanceof Atom.Less x ? List.of(x.left(), x.right())
          : a instanceof Atom.Differs x ? List.of(x.left(), x.right())
          : List.of(Expressions.var(((Atom.ModIn) a).var()));
      vs.forEach(v -> e.counts.mark(e.here, v));
    }
    return atoms;
  }

  /** The tasks {@code ranks} as a target. */
  Who target(RankList ranks) {
    if (ranks.size() == 1) {
      return new NModel.OneTask(Expressions.lit(ranks.first()));
    }
    return new NModel.TasksSuchThat(OTHER, cond(OTHER, ranks, List.of()));
  }

  /** The condition on {@code var} that holds for {@code ranks}, each term with {@code extra}. */
  Condition cond(String var, RankList ranks, List<Atom> extra) {
    // Every task under conditions on loop variables only: the task variable must still be read
    // (the compiler warns about a variable it binds and nothing uses), as in a RECEIVE's subject.
    Condition rc = ranks.size() == e.world ? Condition.anyOf(List.of(List.of(
        new Atom.AtLeast(Expressions.var(var), 0)))) : RankConditions.of(ranks, e.world, var);
    List<List<Atom>> terms = new ArrayList<>();
    for (Condition.Term t : rc.terms()) {
      List<Atom> atoms = new ArrayList<>(t.atoms());
      atoms.addAll(extra);
      terms.add(atoms);
    }
    return Condition.anyOf(terms);
  }
}
