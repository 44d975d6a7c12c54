package org.benchgen.compress;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * A node being folded by a {@link LoopFolder}: a call (subclassed by each user: one rank's events
 * in the compressor, calls of rank sets when a pass rebuilds a trace) or a {@link FoldLoop}.
 * Nodes of equal {@link #shape} merge their executions.
 */
abstract class FoldNode {
  /** Equal shapes fold: an id the user hands out for a call's kind, or for a loop's body shapes. */
  public final int shape;

  protected FoldNode(int shape) {
    this.shape = shape;
  }

  /** Appends {@code other}'s executions (same shape) after this node's. */
  public abstract void merge(FoldNode other);

  /** Makes this node ready to be a loop body element (its executions will be appended to). */
  public abstract void settle();

  /**
   * The folding rules for these nodes; {@code loopShape} gives the shape id of a loop from its
   * body's shapes.
   */
  public static FoldPolicy<FoldNode> policy(ToIntFunction<int[]> loopShape) {
    return new FoldPolicy<>() {
      @Override
      public long shape(FoldNode node) {
        return node.shape;
      }

      @Override
      public boolean sameShape(FoldNode a, FoldNode b) {
        return a.shape == b.shape;
      }

      @Override
      public int bodySize(FoldNode node) {
        return node instanceof FoldLoop l ? l.body().size() : 0;
      }

      @Override
      public FoldNode bodyAt(FoldNode loop, int i) {
        return ((FoldLoop) loop).body().get(i);
      }

      @Override
      public FoldNode fold(List<FoldNode> first, List<FoldNode> second) {
        int shape = loopShape.applyAsInt(first.stream().mapToInt(n -> n.shape).toArray());
        FoldLoop loop = new FoldLoop(shape, new ArrayList<>(first));
        loop.absorb(second);
        return loop;
      }

      @Override
      public FoldNode absorb(FoldNode loop, List<FoldNode> iteration) {
        ((FoldLoop) loop).absorb(iteration);
        return loop;
      }
    };
  }
}
