package org.benchgen.compress;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Online loop detection over a sequence (ScalaTrace's intra-node compression, generalized): each
 * pushed node either continues the iteration of a loop being matched (O(1), the steady state), or
 * the tail is checked against earlier loop bodies and for an immediate repeat of its last k nodes,
 * which folds into a new loop. Loops nest because loops are nodes too. Only the last {@code window}
 * nodes are searched, so the work per push is bounded. Every step keeps the expansion unchanged.
 */
final class LoopFolder<N> {
  private final FoldPolicy<N> policy;
  private final int window;
  private final ArrayList<N> seq = new ArrayList<>();
  private long[] shapes = new long[8];
  private int[] bodySizes = new int[8];
  /** Position of the loop whose next iteration the tail is matching, or -1. */
  private int track = -1;
  /** How many nodes after {@code track} match its body so far. */
  private int matched;
  /** The nodes before this index were handed out by {@link #release} (null here now). */
  private int released;

  public LoopFolder(FoldPolicy<N> policy, int window) {
    this.policy = policy;
    this.window = window;
  }

  public List<N> nodes() {
    return Collections.unmodifiableList(seq);
  }

  public int size() {
    return seq.size();
  }

  /**
   * Hands the nodes over and forgets them (the folder is empty after), so that the caller can
   * let each go once it is used.
   */
  List<N> drain() {
    List<N> out = new ArrayList<>(seq.subList(released, seq.size()));
    seq.clear();
    released = 0;
    track = -1;
    matched = 0;
    return out;
  }

  N last() {
    return seq.get(seq.size() - 1);
  }

  /** How many nodes {@link #release} handed out. */
  int released() {
    return released;
  }

  /**
   * Hands the nodes from the last released one up to {@code upTo} to {@code out}, in order, and
   * forgets them: the caller knows they are final. Their shapes stay for the search; should a
   * later fold or absorption still need one of them, it throws rather than fold otherwise than
   * if they had been kept.
   */
  void release(int upTo, java.util.function.Consumer<N> out) {
    for (int i = released; i < upTo; i++) {
      out.accept(seq.get(i));
      seq.set(i, null);
    }
    released = Math.max(released, upTo);
  }

  /** The node at {@code i}, which must not have been released. */
  private N at(int i) {
    kept(i);
    return seq.get(i);
  }

  private void kept(int i) {
    if (i < released) {
      throw new IllegalStateException("the loop search reached node " + i + ", before the "
          + released + " nodes already frozen (window " + window + ")");
    }
  }

  /** Whether the last node is a loop that the next push would start a new iteration of. */
  boolean trackingLastFresh() {
    return track >= 0 && track == seq.size() - 1 && matched == 0;
  }

  /** Replaces the last node by one of the same body (a fast path of the caller's). */
  void replaceLast(N node) {
    set(seq.size() - 1, node);
  }

  public void push(N node) {
    append(node);
    if (track >= 0) {
      N loop = at(track);
      N expect = policy.bodyAt(loop, matched);
      if (policy.shape(expect) == shapes[seq.size() - 1] && policy.sameShape(expect, node)) {
        if (++matched == bodySizes[track]) {
          absorbAfter(track, seq.size());
        }
        return;
      }
      track = -1;
    }
    settleBefore();
    reduce();
  }

  /** The input is complete: settle the tail as a later push would have. */
  public void finish() {
    while (true) {
      int end = seq.size();
      int p = findLoop(end, true);
      if (p >= 0) {
        absorbAfter(p, end);
      } else if (!foldRepeat(end)) {
        track = -1;
        return;
      }
    }
  }

  /**
   * The nodes before the one just pushed are final now (a loop at their end has stopped growing):
   * absorb them into an earlier loop, or fold their repeats, for as long as that changes anything.
   */
  private void settleBefore() {
    while (true) {
      int end = seq.size() - 1;
      int p = findLoop(end, true);
      if (p >= 0) {
        absorbAfter(p, end);
      } else if (!foldRepeat(end)) {
        return;
      }
    }
  }

  /**
   * Places the node just pushed: continue an earlier loop's iteration, or fold an immediate repeat.
   * A loop formed here may still grow, so nothing folds over it until a later push settles it.
   */
  private void reduce() {
    int n = seq.size();
    int p = findLoop(n, false);
    if (p >= 0) {
      if (n - 1 - p == bodySizes[p]) {
        absorbAfter(p, n);
      } else {
        track = p;
        matched = n - 1 - p;
      }
      return;
    }
    if (foldRepeat(n)) {
      track = seq.size() - 1;
      matched = 0;
    }
  }

  /**
   * The nearest loop at p < end-1 whose body the nodes p+1 .. end-1 match: in full when {@code
   * full}, else at least as a prefix. -1 when there is none within the window.
   */
  private int findLoop(int end, boolean full) {
    int lo = Math.max(0, end - 1 - window);
    for (int p = end - 2; p >= lo; p--) {
      int j = end - 1 - p;
      int size = bodySizes[p];
      if (size == 0 || size < j || (full && size != j)) {
        continue;
      }
      N loop = at(p);
      boolean ok = true;
      for (int i = 0; i < j && ok; i++) {
        N b = policy.bodyAt(loop, i);
        ok = policy.shape(b) == shapes[p + 1 + i] && policy.sameShape(b, at(p + 1 + i));
      }
      if (ok) {
        return p;
      }
    }
    return -1;
  }

  /**
   * Folds the k nodes before {@code end} with the k before them, for the smallest such k in the
   * window; nodes from {@code end} on move up behind the new loop.
   */
  private boolean foldRepeat(int end) {
    if (end < 2) {
      return false;
    }
    long s = shapes[end - 1];
    int lo = Math.max(0, end - 1 - window);
    for (int j = end - 2; j >= lo; j--) {
      int k = end - 1 - j;
      if (2 * k > end) {
        return false;
      }
      if (shapes[j] != s) {
        continue;
      }
      boolean ok = true;
      for (int i = 0; i < k && ok; i++) {
        ok = shapes[end - 2 * k + i] == shapes[end - k + i]
            && policy.sameShape(at(end - 2 * k + i), at(end - k + i));
      }
      if (ok) {
        N loop = policy.fold(seq.subList(end - 2 * k, end - k), seq.subList(end - k, end));
        List<N> rest = restAfter(end);
        truncate(end - 2 * k);
        append(loop);
        track = -1;
        for (N r : rest) {
          append(r);
        }
        return true;
      }
    }
    return false;
  }

  /** Absorbs nodes p+1 .. end-1 as one more iteration of the loop at p; later nodes move up. */
  private void absorbAfter(int p, int end) {
    N loop = policy.absorb(at(p), seq.subList(p + 1, end));
    List<N> rest = restAfter(end);
    truncate(p + 1);
    set(p, loop);
    // With nodes after it, the caller re-derives what to track.
    track = rest.isEmpty() ? p : -1;
    matched = 0;
    for (N r : rest) {
      append(r);
    }
  }

  /** A copy of the nodes from {@code end} on, to move up after a truncation. */
  private List<N> restAfter(int end) {
    return end == seq.size() ? List.of() : new ArrayList<>(seq.subList(end, seq.size()));
  }

  private void append(N node) {
    int n = seq.size();
    if (n == shapes.length) {
      shapes = Arrays.copyOf(shapes, 2 * n);
      bodySizes = Arrays.copyOf(bodySizes, 2 * n);
    }
    seq.add(node);
    shapes[n] = policy.shape(node);
    bodySizes[n] = policy.bodySize(node);
  }

  private void set(int i, N node) {
    seq.set(i, node);
    shapes[i] = policy.shape(node);
    bodySizes[i] = policy.bodySize(node);
  }

  private void truncate(int n) {
    kept(n);
    seq.subList(n, seq.size()).clear();
    if (track >= n) {
      track = -1;
    }
  }
}
