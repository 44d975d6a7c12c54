package org.benchgen.resolve;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
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
  /** What records the messages handed over, for loops whose iterations are replayed. */
  private final List<Tap> taps = new ArrayList<>();

  /**
   * The messages handed over since it was made, up to {@code max} ({@link IterationReplay}): past
   * it the tap keeps no more and says it overflowed.
   */
  static final class Tap {
    private final int max;
    private final List<MatchedMessages.Match> messages = new ArrayList<>();
    private boolean overflowed;

    private Tap(int max) {
      this.max = max;
    }

    List<MatchedMessages.Match> messages() {
      return messages;
    }

    boolean overflowed() {
      return overflowed;
    }

    private void add(MatchedMessages.Match m) {
      if (messages.size() < max) {
        messages.add(m);
      } else {
        overflowed = true;
        messages.clear();
      }
    }
  }

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

  /** A tap on every message handed over from now on, keeping at most {@code max}. */
  Tap tap(int max) {
    Tap t = new Tap(max);
    taps.add(t);
    return t;
  }

  void untap(Tap t) {
    taps.remove(t);
  }

  /** Receives matched and not yet completed: handed over at the end unless completed. */
  int pendingCount() {
    return pending.size();
  }

  /** A message of an iteration taken as made, made from one simulated ({@link IterationReplay}). */
  void replayed(MatchedMessages.Match m) {
    hand(m);
  }

  private void emit(PostedReceive x, long doneSeq) {
    Message m = x.message;
    // A size the trace does not give counts 0 bytes, as stats counts it (ByteCount).
    hand(new MatchedMessages.Match(m.from, x.owner, m.comm, m.tag, Math.max(0, m.bytes),
        m.step.rsd().op(), x.op, m.sendSeq, x.seq, doneSeq));
  }

  private void hand(MatchedMessages.Match m) {
    sink.get().matched(m);
    for (Tap t : taps) {
      t.add(m);
    }
  }
}
