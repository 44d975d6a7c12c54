package org.benchgen.compress;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.ir.VNode;
import org.benchgen.ir.ValueSeq;

/**
 * Builds a {@link ValueSeq} online with the same {@link LoopFolder} that folds events, with
 * equality as the shape. Equal values are first gathered into maximal runs, and each run is one
 * node for the folder; so the result depends only on the sequence of values, not on how they were
 * pushed, and two ranks with equal values get equal sequences.
 */
public final class ValueSeqBuilder {
  /** Values repeat with short periods; a small window keeps non-periodic values cheap. */
  private static final int WINDOW = 16;

  private static final FoldPolicy<VNode> POLICY = new FoldPolicy<>() {
    @Override
    public long shape(VNode node) {
      return node.hash();
    }

    @Override
    public boolean sameShape(VNode a, VNode b) {
      return a.equals(b);
    }

    @Override
    public int bodySize(VNode node) {
      return node instanceof VNode.Rep r ? r.body().size() : 0;
    }

    @Override
    public VNode bodyAt(VNode loop, int i) {
      return ((VNode.Rep) loop).body().get(i);
    }

    @Override
    public VNode fold(List<VNode> first, List<VNode> second) {
      return VNode.Rep.of(first, 2);
    }

    @Override
    public VNode absorb(VNode loop, List<VNode> iteration) {
      VNode.Rep r = (VNode.Rep) loop;
      return VNode.Rep.of(r.body(), r.times() + 1);
    }
  };

  /**
   * Created once the values change more than {@link #MAX_PENDING} times: most parameters are
   * constant, and where nothing folds (a random call order) most RSDs run two or three times, so
   * a folder each (about 250 bytes) was much of a rank's memory while it is compressed.
   */
  private LoopFolder<VNode> folder;
  /** The runs for the folder until it exists, value and length each, in order. */
  private long[] pending;
  private int pendingRuns;
  private static final int MAX_PENDING = 4;
  /** A run of equal values not yet given to the folder (the common case costs a compare). */
  private long runValue;
  private long runLength;

  public void push(long v) {
    if (runLength > 0 && v == runValue) {
      runLength++;
      return;
    }
    flush();
    runValue = v;
    runLength = 1;
  }

  /** Same result as pushing {@code v} {@code times} times. */
  void push(long v, long times) {
    if (runLength > 0 && v == runValue) {
      runLength += times;
      return;
    }
    flush();
    runValue = v;
    runLength = times;
  }

  private void flush() {
    if (runLength > 0) {
      long t = runLength;
      runLength = 0;
      pushToFolder(runValue, t);
    }
  }

  /** Maximal runs go to the folder as one node each, so what it sees depends only on the values. */
  private void pushToFolder(long v, long times) {
    if (folder == null && pendingRuns < MAX_PENDING) {
      if (pending == null) {
        pending = new long[2 * MAX_PENDING];
      }
      pending[2 * pendingRuns] = v;
      pending[2 * pendingRuns + 1] = times;
      pendingRuns++;
      return;
    }
    folder().push(node(v, times));
  }

  private static VNode node(long v, long times) {
    VNode leaf = leaf(v);
    return times == 1 ? leaf : VNode.Rep.of(List.of(leaf), times);
  }

  /**
   * The folder, made on first need and given the pending runs: it sees the same nodes in the
   * same order as if it had been made at the first, so it folds them the same.
   */
  private LoopFolder<VNode> folder() {
    if (folder == null) {
      folder = new LoopFolder<>(POLICY, WINDOW);
      for (int i = 0; i < pendingRuns; i++) {
        folder.push(node(pending[2 * i], pending[2 * i + 1]));
      }
      pending = null;
      pendingRuns = 0;
    }
    return folder;
  }

  /** Whether the values ever changed (else they are one run, or none). */
  private boolean changed() {
    return folder != null || pendingRuns > 0;
  }

  public void appendAll(ValueSeqBuilder other) {
    if (other.folder != null) {
      for (VNode n : new ArrayList<>(other.folder.nodes())) {
        pushNode(n);
      }
    }
    // Runs not yet in a folder, as pushNode would push their nodes.
    for (int i = 0; i < other.pendingRuns; i++) {
      push(other.pending[2 * i], other.pending[2 * i + 1]);
    }
    if (other.runLength > 0) {
      push(other.runValue, other.runLength);
    }
  }

  private void pushNode(VNode n) {
    if (n instanceof VNode.Leaf l) {
      push(l.value());
      return;
    }
    VNode.Rep r = (VNode.Rep) n;
    if (r.body().size() == 1 && r.body().get(0) instanceof VNode.Leaf l) {
      push(l.value(), r.times());
      return;
    }
    for (long t = 0; t < r.times(); t++) {
      for (VNode b : r.body()) {
        pushNode(b);
      }
    }
  }

  /**
   * The leaf of {@code v}: shared for small values. Peers, tags and most counts are small and
   * recur all through a trace; a leaf per occurrence was most of the memory of irregular traces
   * (16.5 million leaves, 400 of 1,000 MB, for 10^7 events of random peers, counts and tags).
   */
  static VNode.Leaf leaf(long v) {
    return v >= SmallLeaves.LOW && v < SmallLeaves.HIGH
        ? SmallLeaves.LEAVES[(int) (v - SmallLeaves.LOW)] : new VNode.Leaf(v);
  }

  /** Leaves of the values LOW .. HIGH-1 (relative peers may be negative), made on first use. */
  private static final class SmallLeaves {
    static final int LOW = -1024;
    static final int HIGH = 1 << 16;
    static final VNode.Leaf[] LEAVES = new VNode.Leaf[HIGH - LOW];

    static {
      for (int i = 0; i < LEAVES.length; i++) {
        LEAVES[i] = new VNode.Leaf(LOW + i);
      }
    }
  }

  /**
   * The sequence as a cyclic pattern: a whole that is one repetition is reduced to its body, and a
   * sequence that repeats a shorter one from its start at least twice, whole or not, to that one
   * ({@link ShortestCycle}).
   */
  public ValueSeq build() {
    if (!changed()) {
      // Never changed value: a constant (or nothing), as the folder would reduce it to.
      return new ValueSeq(runLength > 0 ? List.of(leaf(runValue)) : List.of());
    }
    List<VNode> nodes = folded();
    List<VNode> cycle = ShortestCycle.of(nodes).map(ValueSeqBuilder::fold).orElse(nodes);
    return new ValueSeq(ShortestCycle.size(cycle) < ShortestCycle.size(nodes) ? cycle : nodes);
  }

  /** The nodes as folded, a whole that is one repetition reduced to its body. */
  private List<VNode> folded() {
    flush();
    LoopFolder<VNode> f = folder();
    f.finish();
    List<VNode> nodes = f.nodes();
    while (nodes.size() == 1 && nodes.get(0) instanceof VNode.Rep r) {
      nodes = r.body();
    }
    return nodes;
  }

  /** {@code values} folded as a builder folds them. */
  private static List<VNode> fold(long[] values) {
    ValueSeqBuilder b = new ValueSeqBuilder();
    for (long v : values) {
      b.push(v);
    }
    return !b.changed() ? List.of(leaf(b.runValue)) : b.folded();
  }
}
