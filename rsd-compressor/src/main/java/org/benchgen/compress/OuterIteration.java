package org.benchgen.compress;

import org.benchgen.compress.NodeBuilder.RsdBuilder;

/**
 * An iteration of the outer loop that the folder ends with, when that loop's body is an inner
 * loop of calls followed by calls, as a loop with a periodic collective is: held back from the
 * folder while the events match it (the inner loop's body twice or more, then the calls). The
 * folder would rebuild the inner loop: push the calls of its first two iterations one by one,
 * searching its window each time, fold them into a loop, absorb the further iterations, and at
 * the calls after it absorb the whole as one more iteration of the outer loop. Its choices
 * depend only on the shapes of what it holds and is given, not on their values. So once an
 * outer iteration went so from this same state, as checked when it was placed event by event,
 * the next one goes so too, for any count of inner iterations from two on: it is built here
 * directly, by the node operations the folder would have made. Any other iteration goes to the
 * folder event by event, as if never held.
 */
final class OuterIteration {
  /**
   * How many events an outer iteration may hold; past that they go to the folder. It bounds the
   * memory held, and an iteration that long pays for its rebuilding anyway.
   */
  private static final int MAX_HELD = 1 << 12;

  /** The compressor whose held events this works with, and its folder. */
  private final RankCompressor compressor;
  private final LoopFolder<FoldNode> folder;

  private FoldLoop loop;
  private FoldLoop inner;
  /** Where the outer loop is in the folder's sequence; that nothing follows it is checked. */
  private int index;
  private HeldEvent[] events = new HeldEvent[0];
  private int count;
  /** Where the calls after the inner loop begin among the held events, or -1 before they do. */
  private int tailStart;
  /** The outer loop known to take its iterations so (at its index), or null. */
  private FoldLoop learned;
  private int learnedIndex;

  /** Made once the compressor's folder exists. */
  OuterIteration(RankCompressor compressor) {
    this.compressor = compressor;
    this.folder = compressor.folder;
  }

  boolean isHolding() {
    return loop != null;
  }

  /** The body node the next event likely is, while holding (a guess at an inner loop's end). */
  FoldNode expected() {
    return tailStart < 0 ? inner.body().get(count % inner.body().size())
        : loop.body().get(1 + count - tailStart);
  }

  /** Whether the event of this shape continues the iteration being held. */
  boolean continuesWith(int shape) {
    int m = inner.body().size();
    if (tailStart < 0) {
      // Still in the inner loop: its next call, or after two or more whole iterations, the
      // first call after it.
      return inner.body().get(count % m).shape == shape || endsInner(shape);
    }
    return loop.body().get(1 + count - tailStart).shape == shape;
  }

  /** Whether an event of this shape, next, would be the first call after the inner loop. */
  private boolean endsInner(int shape) {
    int m = inner.body().size();
    return count >= 2 * m && count % m == 0 && loop.body().get(1).shape == shape;
  }

  /**
   * Whether an event of this shape starts an outer iteration to hold: the folder ends with a
   * loop whose body is an inner loop of calls, then calls, and waits for its next iteration.
   */
  boolean startsWith(int shape) {
    if (compressor.heldCount > 0 || !folder.trackingLastFresh()) {
      return false;
    }
    if (!(folder.last() instanceof FoldLoop o) || o.body().size() < 2
        || !(o.body().get(0) instanceof FoldLoop l) || l.body().get(0).shape != shape) {
      return false;
    }
    for (FoldNode n : l.body()) {
      if (!(n instanceof RsdBuilder)) {
        return false;
      }
    }
    for (int i = 1; i < o.body().size(); i++) {
      if (!(o.body().get(i) instanceof RsdBuilder)) {
        return false;
      }
    }
    if (o.body().get(1).shape == l.body().get(0).shape) {
      return false; // the end of the inner loop would be ambiguous
    }
    loop = o;
    inner = l;
    index = folder.size() - 1;
    count = 0;
    tailStart = -1;
    return true;
  }

  /** The slot of the next event, while holding. */
  HeldEvent slot() {
    if (count == events.length) {
      events = java.util.Arrays.copyOf(events, Math.max(16, 2 * count));
      for (int i = count; i < events.length; i++) {
        events[i] = new HeldEvent();
      }
    }
    return events[count];
  }

  /** Counts the event just encoded into {@link #slot}; builds the iteration once it is whole. */
  void advance() {
    if (tailStart < 0 && endsInner(events[count].shape)) {
      tailStart = count;
    }
    count++;
    if (tailStart >= 0 && count - tailStart == loop.body().size() - 1) {
      if (learned == loop && learnedIndex == index) {
        build();
      } else {
        learn();
      }
      loop = null;
    } else if (count == MAX_HELD) {
      release();
    }
  }

  /**
   * Adds the whole iteration to the outer loop as the folder would (see the class comment):
   * with the result of merging nodes of its inner loop instance and of its calls after that,
   * without making those nodes.
   */
  private void build() {
    int m = inner.body().size();
    loop.startIteration();
    inner.appendInstance(tailStart / m);
    for (int i = 0; i < tailStart; i++) {
      HeldEvent x = events[i];
      ((RsdBuilder) inner.body().get(i % m)).addToInstance(x.abs, x.rel, x.after, x.compute,
          x.cpu, x.duration);
    }
    for (int j = 0; j < m; j++) {
      ((RsdBuilder) inner.body().get(j)).endInstance();
    }
    for (int i = tailStart; i < count; i++) {
      HeldEvent x = events[i];
      ((RsdBuilder) loop.body().get(1 + i - tailStart)).add(x.abs, x.rel, x.after, x.compute,
          x.cpu, x.duration);
    }
  }

  /**
   * Places the whole iteration event by event, and checks that the folder went as the class
   * comment says: it appended the calls of the inner loop's first two iterations and folded
   * them into one loop, kept absorbing, and at the end absorbed the whole into the outer loop.
   */
  private void learn() {
    FoldLoop o = loop;
    int at = index;
    int m = inner.body().size();
    int n = count;
    loop = null;
    boolean ok = true;
    for (int i = 0; i < n; i++) {
      compressor.place(events[i]);
      int size = folder.size();
      if (i < 2 * m - 1) {
        ok &= size == at + 2 + i;
      } else if (i == 2 * m - 1) {
        ok &= size == at + 2 && folder.nodes().get(at) == o && folder.trackingLastFresh()
            && folder.last() instanceof FoldLoop l && l.shape == inner.shape;
      }
    }
    ok &= folder.size() == at + 1 && folder.last() == o && folder.trackingLastFresh();
    learned = ok ? o : null;
    learnedIndex = at;
  }

  /** Gives the held events to the folder, in order, as if they had just come. */
  void release() {
    int n = count;
    loop = null;
    for (int i = 0; i < n; i++) {
      compressor.place(events[i]);
    }
  }
}
