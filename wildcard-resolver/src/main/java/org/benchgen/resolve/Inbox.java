package org.benchgen.resolve;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.trace.Sym;

/**
 * The messages waiting at one rank: in arrival order, and by (communicator, source), so that a
 * receive from one source finds its first message without scanning the others. MPI's
 * non-overtaking rule is the order of each queue.
 */
final class Inbox {
  private static final long ANY_SOURCE = Sym.ANY_SOURCE.code();
  private static final long ANY_TAG = Sym.ANY_TAG.code();

  /** Every message that arrived, in order (matched ones are skipped lazily). */
  final ArrayDeque<Message> all = new ArrayDeque<>();
  private final Map<List<Long>, ArrayDeque<Message>> bySource = new HashMap<>();

  /** The size of {@link #all} at which its matched messages are dropped next. */
  private int compactAt = MIN_COMPACT;
  private static final int MIN_COMPACT = 1024;

  void add(Message m) {
    all.add(m);
    bySource.computeIfAbsent(List.of(m.comm, m.fromCommRank), k -> new ArrayDeque<>()).add(m);
    if (all.size() >= compactAt) {
      compact();
    }
  }

  /**
   * Drops matched messages from every queue. Receives skip them only at the head of the queue
   * they read: without this, a trace with no wildcard receive kept every message it ever sent in
   * {@link #all} (3*10^7 calls of the ring sample ran out of 2 GB). Run when {@link #all} has
   * doubled since the last time, so its cost per message stays constant.
   */
  private void compact() {
    all.removeIf(x -> x.matched);
    bySource.values().forEach(q -> q.removeIf(x -> x.matched));
    bySource.values().removeIf(ArrayDeque::isEmpty);
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
    ArrayDeque<Message> q = src == ANY_SOURCE ? all : bySource.get(List.of(comm, src));
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
