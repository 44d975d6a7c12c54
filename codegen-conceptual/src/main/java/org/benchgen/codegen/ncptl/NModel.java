package org.benchgen.codegen.ncptl;

import java.util.List;
import org.benchgen.codegen.output.OutputModel;

/**
 * The coNCePTuaL output model: one record per template of {@code conceptual.stg}, same name.
 * Expressions are built in Java, already simplified and parenthesized; the templates only lay
 * out the language's words around them.
 */
public sealed interface NModel extends OutputModel {
  /**
   * The whole program. {@code about}: header comment lines; {@code substitutions}: what could
   * not be said exactly (all already safe inside a {@code #} comment); {@code body}: top-level
   * statements.
   */
  record Program(String name, int ranks, List<String> about, List<String> substitutions,
      List<OutputModel> body) implements NModel {}

  /** Statements joined by THEN, after a comment line naming the traced call. */
  record Commented(String comment, List<OutputModel> statements) implements NModel {}

  /** {@code FOR trips REPETITIONS { body }}. */
  record Repeat(Expr trips, List<OutputModel> body) implements NModel {}

  /** {@code FOR EACH var IN {0, ..., last} { body }}: a loop whose variable a value uses. */
  record ForEach(String var, Expr last, List<OutputModel> body) implements NModel {}

  /**
   * Task sets that perform a statement. {@code third()}: a single task, for the verb's -S (each
   * statement record copies it, as {@code third}, for its template).
   */
  sealed interface Who extends NModel {
    boolean third();
  }

  /** {@code ALL TASKS}, binding {@code t} when {@code named}. */
  record AllTasks(boolean named) implements Who {
    @Override
    public boolean third() {
      return false;
    }
  }

  /** {@code TASK rank}. */
  record OneTask(Expr rank) implements Who {
    @Override
    public boolean third() {
      return true;
    }
  }

  /** {@code TASKS var SUCH THAT cond}. */
  record TasksSuchThat(String var, Cond cond) implements Who {
    @Override
    public boolean third() {
      return false;
    }
  }

  /** {@code ALL OTHER TASKS} (only as a target). */
  record AllOtherTasks() implements Who {
    @Override
    public boolean third() {
      return false;
    }
  }

  /** A condition on a task variable: any of the terms. */
  record Cond(List<Term> terms) implements NModel {}

  /** All of the atoms; {@code grouped}: parenthesized, in a condition of several terms. */
  record Term(List<OutputModel> atoms, boolean grouped) implements NModel {}

  /** {@code var = value}. */
  record Eq(String var, long value) implements NModel {}

  /** {@code var <> other} (a number or another task variable). */
  record Ne(String var, String other) implements NModel {}

  /** {@code var < value} (a loop variable: the loop runs longer on other tasks). */
  record Lt(String var, long value) implements NModel {}

  /** {@code index = value}: one execution index. */
  record IndexIs(Expr index, long value) implements NModel {}

  /** {@code index >= value}: an execution index from this one on. */
  record IndexFrom(Expr index, long value) implements NModel {}

  /** {@code index < value}: an execution index before this one. */
  record IndexBelow(Expr index, long value) implements NModel {}

  /** {@code var >= value}. */
  record Ge(String var, long value) implements NModel {}

  /** {@code var <= value}. */
  record Le(String var, long value) implements NModel {}

  /**
   * {@code lo <= (var - offset) MOD modulus <= hi}, written with only the bounds needed, as in
   * {@link org.benchgen.codegen.output.RankAtom.RankMod}.
   */
  record ModIn(String var, int offset, boolean hasOffset, int modulus, int lo, int hi,
      boolean single, boolean hasLo, boolean hasHi) implements NModel {}

  /** A message: {@code A bytes BYTE MESSAGE [USING TAG tag]}; {@code tag} empty for tag 0. */
  record Message(Expr bytes, List<Expr> tag) implements NModel {}

  /** {@code who [ASYNCHRONOUSLY] SEND(S) message TO UNSUSPECTING to}. */
  record Send(Who who, boolean third, boolean async, Message message, Who to) implements NModel {
    Send(Who who, boolean async, Message message, Who to) {
      this(who, who.third(), async, message, to);
    }
  }

  /** {@code who [ASYNCHRONOUSLY] RECEIVE(S) message FROM from}. */
  record Receive(Who who, boolean third, boolean async, Message message, Who from)
      implements NModel {
    Receive(Who who, boolean async, Message message, Who from) {
      this(who, who.third(), async, message, from);
    }
  }

  /** {@code who AWAIT(S) COMPLETION}. */
  record Await(Who who, boolean third) implements NModel {
    Await(Who who) {
      this(who, who.third());
    }
  }

  /** {@code who COMPUTE(S) FOR micros * scale / 100 MICROSECONDS}. */
  record Compute(Who who, boolean third, long micros) implements NModel {
    Compute(Who who, long micros) {
      this(who, who.third(), micros);
    }
  }

  /** {@code who SYNCHRONIZE(S)}. */
  record Synchronize(Who who, boolean third) implements NModel {
    Synchronize(Who who) {
      this(who, who.third());
    }
  }

  /** {@code who MULTICAST(S) message TO to}. */
  record Multicast(Who who, boolean third, Message message, Who to) implements NModel {
    Multicast(Who who, Message message, Who to) {
      this(who, who.third(), message, to);
    }
  }

  /** {@code who REDUCE(S) doublewords DOUBLEWORDS [TO to]}; no target: every source gets it. */
  record Reduce(Who who, boolean third, Expr doublewords, List<Who> to) implements NModel {
    Reduce(Who who, Expr doublewords, List<Who> to) {
      this(who, who.third(), doublewords, List.copyOf(to));
    }
  }

  /** An integer expression. */
  sealed interface Expr extends NModel {}

  /** A number. */
  record Lit(long value) implements Expr {}

  /** A variable: a task or loop variable, {@code num_tasks}. */
  record Name(String name) implements Expr {}

  /** {@code a op b}, in parentheses when {@code paren} (as an operand of another operator). */
  record Bin(Expr a, String op, Expr b, boolean paren) implements Expr {}

  /** {@code (then IF index < bound OTHERWISE otherwise)}: one run of a changing value. */
  record Pick(Expr then, Expr index, long bound, Expr otherwise) implements Expr {}
}
