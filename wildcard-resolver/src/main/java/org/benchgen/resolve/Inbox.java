package org.benchgen.resolve;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import org.benchgen.trace.Sym;

/**
 * The messages waiting at one rank: in arrival order, and, once there are more than a few, by
 * (communicator, source), so that a receive from one source finds its first message without
 * scanning the others. MPI's non-overtaking rule is the order of each queue. Most ranks of a
 * regular code hold a handful at a time: they scan, and keep no index (at 65,536 ranks the
 * indexes were a sixth of the matching simulation's heap).
 */
final class Inbox {
  private static final long ANY_SOURCE = Sym.ANY_SOURCE.code();
  private static final long ANY_TAG = Sym.ANY_TAG.code();
  /** The size of {@link #all} past which receives from one source read an index. */
  private static final int INDEX_AT = 64;

  /** Every message that arrived, in order (matched ones are skipped lazily). */
  final ArrayDeque<Message> all = new ArrayDeque<>(4);
  /** Per (communicator, source), its messages in order; none until {@link #all} is long. */
  private Map<Source, ArrayDeque<Message>> bySource;

  /** The size of {@link #all} at which its matched messages are dropped next. */
  private int compactAt = MIN_COMPACT;
  private static final int MIN_COMPACT = 1024;

  private record Source(long comm, long src) {}

  void add(Message m) {
    all.add(m);
    if (bySource != null) {
      index(m);
    } else if (all.size() > INDEX_AT) {
      bySource = new HashMap<>();
      all.forEach(this::index);
    }
    if (all.size() >= compactAt) {
      compact();
    }
  }

  private void index(Message m) {
    bySource.computeIfAbsent(new Source(m.comm, m.fromCommRank), k -> new ArrayDeque<>(4))
        .add(m);
  }

  /**
   * Drops matched messages from every queue. Receives skip them only at the head of the queue
   * they read: without this, a trace with no wildcard receive kept every message it ever sent in
   * {@link #all} (3*10^7 calls of the ring sample ran out of 2 GB). Run when {@link #all} has
   * doubled since the last time, so its cost per message stays constant.
   */
  private void compact() {
    all.removeIf(x -> x.matched);
    if (bySource != null) {
      bySource.values().forEach(q -> q.removeIf(x -> x.matched));
      bySource.values().removeIf(ArrayDeque::isEmpty);
    }
    compactAt = Math.max(MIN_COMPACT, 2 * all.size());
  }

  /** Whether a message is waiting that no receive has taken. */
  boolean holdsUnmatched() {
    for (Message m : all) {
      if (!m.matched) {
        return true;
      }
    }
    return false;
  }

  /**
   * The first waiting message that a receive of (comm, src, tag) matches, taken unless only
   * peeking; absent when none.
   */
  java.util.Optional<Message> find(long comm, long src, long tag, boolean take) {
    if (src != ANY_SOURCE && bySource == null) {
      // The first in arrival order from that source: the first of its queue, were it kept.
      for (Message m : all) {
        if (!m.matched && m.comm == comm && m.fromCommRank == src
            && (tag == ANY_TAG || tag == m.tag)) {
          m.matched = take;
          return java.util.Optional.of(m);
        }
      }
      return java.util.Optional.empty();
    }
    ArrayDeque<Message> q = src == ANY_SOURCE ? all : bySource.get(new Source(comm, src));
    if (q == null) {
      return java.util.Optional.empty();
    }
    while (!q.isEmpty() && q.peekFirst().matched) {
      q.pollFirst();
    }
    for (Message m : q) {
      if (!m.matched && m.comm == comm && (tag == ANY_TAG || tag == m.tag)) {
        m.matched = take;
        return java.util.Optional.of(m);
      }
    }
    return java.util.Optional.empty();
  }
}
