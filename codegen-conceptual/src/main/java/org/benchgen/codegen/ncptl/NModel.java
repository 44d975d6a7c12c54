package org.benchgen.codegen.ncptl;

import java.util.List;
import org.benchgen.codegen.Expressions;
import org.benchgen.codegen.output.Condition;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;

/**
 * The coNCePTuaL statements: one record per template of {@code conceptual.stg}, same name. Values,
 * conditions and loops are the shared output model's ({@code org.benchgen.codegen.output}),
 * built in Java, already simplified and parenthesized; the templates only lay out the language's
 * words around them.
 */
public sealed interface NModel extends OutputModel {
  /**
   * The whole program. {@code about}: header comment lines; {@code substitutions}: what could
   * not be said exactly (all already safe inside a {@code #} comment); {@code scales}: the
   * regions' parameters; {@code body}: top-level statements.
   */
  record Program(String name, int ranks, List<String> about, List<String> substitutions,
      List<Scale> scales, List<OutputModel> body) implements NModel {}

  /**
   * The parameter {@code scale_LN} of region {@code number}, from {@code --scale-LN} or the
   * one-character {@code -option}: its compute in percent, -1 for the factor around it.
   */
  record Scale(int number, String option) implements NModel {}

  /**
   * Region {@code number} ({@code codegen.Regions}), named in a comment: a loop, or the
   * statements of an irregular section ({@code section}) in a {@link Block}; where it has a
   * parameter ({@code scaled}), {@code compute_scale} is bound to it inside, unless it is -1.
   */
  record Region(int number, boolean scaled, boolean section, OutputModel body)
      implements NModel {}

  /**
   * {@code LET name BE value [AND ...] WHILE body}: variables the body's statements read (how
   * many times a loop's body ran, its trip count on this entry: {@code Counts}).
   */
  record Let(List<Binding> bindings, OutputModel body) implements NModel {}

  /** One {@code name BE value} of a {@link Let}: a {@link Value} or a {@link Cell}. */
  record Binding(String name, OutputModel value) implements NModel {}

  /**
   * {@code STATIC_FILE_DATA("file", column, row)}: a number in a data file beside the program
   * (rows and columns counted from 1).
   */
  record Cell(String file, Value column, Value row) implements NModel {}

  /** {@code IF cond THEN body}. */
  record If(Condition cond, OutputModel body) implements NModel {}

  /**
   * An irregular section's steps ({@code DataSections}): comment lines {@code about}, then {@code
   * FOR EACH var IN {0, ..., last} LET bindings WHILE body}.
   */
  record Steps(List<String> about, String var, long last, List<Binding> bindings,
      OutputModel body) implements NModel {}

  /** {@code IF count > 0 THEN body}: a loop that may run no iteration. */
  record IfPositive(Value count, OutputModel body) implements NModel {}

  /** Statements joined by THEN in braces, one statement for what surrounds it. */
  record Block(List<OutputModel> statements) implements NModel {}

  /** Statements joined by THEN, after a comment line naming the traced call. */
  record Commented(String comment, List<OutputModel> statements) implements NModel {}

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
  record OneTask(Value rank) implements Who {
    @Override
    public boolean third() {
      return true;
    }
  }

  /** {@code TASKS var SUCH THAT cond}. */
  record TasksSuchThat(String var, Condition cond) implements Who {
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

  /** A message: {@code A bytes BYTE MESSAGE [USING TAG tag]}; {@code tag} empty for tag 0. */
  record Message(Value bytes, List<Value> tag) implements NModel {
    /** A message of these bytes and tags, each in parentheses if it is an operator. */
    static Message of(Value bytes, List<Value> tag) {
      return new Message(Expressions.closed(bytes), tag.stream().map(Expressions::closed).toList());
    }
  }

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
  record Reduce(Who who, boolean third, Value doublewords, List<Who> to) implements NModel {
    Reduce(Who who, Value doublewords, List<Who> to) {
      this(who, who.third(), doublewords, List.copyOf(to));
    }
  }
}
