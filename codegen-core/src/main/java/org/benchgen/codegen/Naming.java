package org.benchgen.codegen;

/**
 * The identifiers a target's programs use for what the shared traversal makes: the rank, loop
 * indices, and the counters of a call's executions and of a loop's entries (which index changing
 * values). Each target chooses them (its reserved words, its conventions); the traversal asks.
 */
public interface Naming {
  /** The executing process's rank, as conditions on rank sets test it. */
  String rank();

  /** The index of a loop nested {@code depth} deep (0 at the top level). */
  String loopIndex(int depth);

  /** The counter of executions of the RSD numbered {@code index} in program order (from 1). */
  String executionCounter(int index);

  /** The counter of entries into the loop numbered {@code index} in program order (from 1). */
  String entryCounter(int index);
}
