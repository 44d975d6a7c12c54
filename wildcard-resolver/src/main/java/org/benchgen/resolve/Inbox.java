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

  void add(Message m) {
    all.add(m);
    bySource.computeIfAbsent(List.of(m.comm, m.fromCommRank), k -> new ArrayDeque<>()).add(m);
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
