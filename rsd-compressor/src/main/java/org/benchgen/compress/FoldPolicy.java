package org.benchgen.compress;

import java.util.List;

/**
 * What {@link LoopFolder} needs to know of its nodes: a shape to compare (equal shapes fold), loop
 * bodies, and how to fold and absorb. Events fold on op, call site and loop shape, merging their
 * parameters; values fold only when equal.
 */
interface FoldPolicy<N> {
  /** A hash of the node's shape; nodes of equal shape have equal hashes. */
  long shape(N node);

  /** Whether two nodes with equal {@link #shape} really have the same shape. */
  boolean sameShape(N a, N b);

  /** The number of body nodes of a loop; 0 for a node that is no loop. */
  int bodySize(N node);

  N bodyAt(N loop, int i);

  /**
   * A loop of two iterations, {@code first} then {@code second} (of equal shapes). The lists are
   * views of the folder's sequence, valid only during the call (here and in {@link #absorb}).
   */
  N fold(List<N> first, List<N> second);

  /** {@code loop} with one more iteration appended; may return a new node. */
  N absorb(N loop, List<N> iteration);
}
