package org.benchgen.compress;

import java.util.Collections;
import java.util.List;
import org.benchgen.ir.ValueSeq;

/**
 * A loop being folded: its body and the trip count of each instance; {@code open} counts the
 * iterations of the instance still being matched (0: none).
 */
final class FoldLoop extends FoldNode {
  private final List<FoldNode> body;
  /** Made once: the compressor reads the body on every event of a loop's steady state. */
  private final List<FoldNode> view;
  private final ValueSeqBuilder trips = new ValueSeqBuilder();
  private long open = 1;

  /** A loop whose first iteration is {@code body}. */
  FoldLoop(int shape, List<FoldNode> body) {
    super(shape);
    this.body = body;
    this.view = Collections.unmodifiableList(body);
    for (FoldNode b : body) {
      b.settle();
    }
  }

  public List<FoldNode> body() {
    return view;
  }

  /** Appends one iteration of the open instance. */
  void absorb(List<FoldNode> iteration) {
    startIteration();
    for (int i = 0; i < body.size(); i++) {
      body.get(i).merge(iteration.get(i));
    }
  }

  /** Counts one more iteration of the open instance, whose executions are then merged in. */
  void startIteration() {
    open++;
  }

  /**
   * Counts one more instance of this loop, of {@code trips} iterations, whose executions the
   * caller appends to the body's nodes itself: as {@link #merge} of such an instance counts it.
   */
  void appendInstance(long trips) {
    settle();
    this.trips.push(trips);
  }

  @Override
  public void settle() {
    if (open > 0) {
      trips.push(open);
      open = 0;
    }
  }

  @Override
  public void merge(FoldNode other) {
    FoldLoop o = (FoldLoop) other;
    settle();
    o.settle();
    trips.appendAll(o.trips);
    for (int i = 0; i < body.size(); i++) {
      body.get(i).merge(o.body.get(i));
    }
  }

  /** The trip counts of all instances, in order. */
  public ValueSeq trips() {
    settle();
    return trips.build();
  }
}
