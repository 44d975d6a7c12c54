package org.benchgen.codegen.output;

import java.util.List;

/**
 * An integer value as an expression the program evaluates: a number, an MPI symbol, a variable,
 * arithmetic, a peer relative to the rank, the next value of a cyclic sequence, a choice by rank
 * set or by an index. Names and lists are references to checked tables, never trace text.
 */
public sealed interface Value extends OutputModel {
  /** A number. */
  record Num(long value) implements Value {}

  /**
   * An MPI constant ({@code ANY_SOURCE}, {@code PROC_NULL}, {@code ANY_TAG}, {@code UNDEFINED},
   * {@code NULL}); {@code inTable}: written as an element of a table of numbers, where a target
   * may need a sentinel that cannot be confused with a number.
   */
  record Symbol(String name, boolean inTable) implements Value {}

  /** The peer {@code offset} ranks after the rank's own, modulo the size of communicator slot {@code comm}. */
  record Relative(Value offset, Value comm) implements Value {}

  /**
   * Element {@code counter % length} of table {@code table}: the value of this execution of a
   * parameter that cycles through a pattern; {@code symbols}: the table holds sentinels to map back
   * to MPI constants.
   */
  record SeqAt(String table, String counter, int length, boolean symbols) implements Value {}

  /** The first case whose ranks hold the executing rank, else {@code otherwise}. */
  record Choice(List<Case> cases, Value otherwise) implements Value {
    public Choice {
      cases = List.copyOf(cases);
    }
  }

  /** One branch of a {@link Choice}. */
  record Case(Condition when, Value then) implements OutputModel {}

  /** An MPI datatype by its (checked, predefined) name. */
  record TypeName(String name) implements Value {}

  /** An MPI reduction operation by its (checked, predefined) name. */
  record OpName(String name) implements Value {}

  /** A table holding a list of integers, its length first. */
  record ListRef(String table) implements Value {}

  /** {@code ceil(bytes / size)}: the elements a receive must post to take what arrived. */
  record Ceil(Value bytes, Value size) implements Value {}

  /** {@code a * b}, in 64 bits (a count times a datatype's size may pass an int). */
  record Mul(Value a, Value b) implements Value {}

  /**
   * A list (length first) with every item times {@code size}, worked out at run time in scratch
   * list {@code which}: a derived datatype's per-rank counts in bytes; of MPI_Counts where
   * {@code large} (a large-count call's), else of ints.
   */
  record ScaledList(Value list, Value size, int which, boolean large) implements Value {}

  /** A variable of the program (a loop index, a task variable, the task count). */
  record Var(String name) implements Value {}

  /** The operators of {@link Arith}; each target spells them. */
  enum Operator { ADD, SUB, MUL, DIV, MOD }

  /** {@code a op b}, in parentheses when {@code paren} (as an operand of another operator). */
  record Arith(Value a, Operator op, Value b, boolean paren) implements Value {}

  /** The largest of {@code items} (at least two). */
  record Max(List<Value> items) implements Value {
    public Max {
      items = List.copyOf(items);
    }
  }

  /** {@code then} if {@code index < bound}, else {@code otherwise}: one run of a changing value. */
  record Pick(Value then, Value index, long bound, Value otherwise) implements Value {}
}
