package org.benchgen.resolve;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Hands each matched message to a {@link MatchedMessages.Sink} once its receive is complete, so
 * that the message names the call that completed it: a blocking receive itself; a nonblocking or
 * persistent one, the wait or test that completed its request (which may come before the match,
 * a wait blocking, or after it). A receive matched and never completed in the trace (its request
 * freed, or the trace ends first) is handed over at the end, completed by the call that posted
 * it. {@link #NONE} logs nothing, for resolution and waits.
 */
final class MatchLog {
  static final MatchLog NONE = new MatchLog(Optional.empty());

  private final Optional<MatchedMessages.Sink> sink;
  /** Receives matched, waiting for their completion, in match order. */
  private final Set<PostedReceive> pending = new LinkedHashSet<>();

  MatchLog(Optional<MatchedMessages.Sink> sink) {
    this.sink = sink;
  }

  boolean on() {
    return sink.isPresent();
  }

  /** Receive {@code x} matched its message ({@code x.message}). */
  void matched(PostedReceive x) {
    if (!on()) {
      return;
    }
    if (x.blocking) {
      emit(x, x.seq);
    } else if (x.doneSeq >= 0) {
      emit(x, x.doneSeq);
    } else {
      pending.add(x);
    }
  }

  /** Call {@code seq} of the receive's rank completed (or waits to complete) receive {@code x}. */
  void completed(PostedReceive x, long seq) {
    if (!on() || x.blocking || x.doneSeq >= 0) {
      return;
    }
    x.doneSeq = seq;
    if (pending.remove(x)) {
      emit(x, seq);
    }
  }

  /** The simulation ended: receives matched but never completed, completed where posted. */
  void finish() {
    for (PostedReceive x : pending) {
      emit(x, x.seq);
    }
    pending.clear();
  }

  private void emit(PostedReceive x, long doneSeq) {
    Message m = x.message;
    // A size the trace does not give counts 0 bytes, as stats counts it (ByteCount).
    sink.get().matched(new MatchedMessages.Match(m.from, x.owner, m.comm, m.tag,
        Math.max(0, m.bytes),
        m.step.rsd().op(), x.op, m.sendSeq, x.seq, doneSeq));
  }
}
