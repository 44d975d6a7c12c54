package org.benchgen.resolve;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.Loop;

/**
 * The messages of the iterations {@link IterationSkip} takes as made, for {@link
 * MatchedMessages}: a loop is skipped only where its iteration 1 began and ended with nothing in
 * flight and every later iteration begins from that state and makes the same calls, so each
 * skipped iteration matches the messages iteration 1 matched, its calls moved on by one
 * iteration's calls on each rank. The messages of iteration 1 are recorded from the arming of the
 * loop to its skip, with their calls' places counted from the iteration's start; a loop whose
 * iteration cannot be replayed exactly (too many messages to keep, a receive matched and never
 * completed in it) is not skipped.
 */
final class IterationReplay {
  /** Messages of one iteration kept at most; past it the loop is simulated in full. */
  private static final int MAX_MESSAGES = 1 << 20;

  private final MatchLog log;
  private final long[] taken;
  /** Per armed loop: the calls each rank had taken where its iteration 1 began, and the tap. */
  private final Map<Loop, Recording> recording = new IdentityHashMap<>();
  /** Per loop skipped once: one iteration's messages and calls per rank. */
  private final Map<Loop, Template> templates = new IdentityHashMap<>();

  private record Recording(long[] start, int pendingBefore, MatchLog.Tap tap) {}

  /**
   * One iteration: its messages with every call's place counted from the iteration's start on
   * the call's rank, and how many calls each rank makes in it.
   */
  private record Template(List<MatchedMessages.Match> messages, long[] calls) {}

  /** Replays through {@code log}; {@code taken} is the simulation's calls taken per rank. */
  IterationReplay(MatchLog log, long[] taken) {
    this.log = log;
    this.taken = taken;
  }

  /** Every rank stands at the start of {@code l}'s iteration 1, nothing in flight: record it. */
  void arm(Loop l) {
    disarm(l);
    recording.put(l, new Recording(taken.clone(), log.pendingCount(), log.tap(MAX_MESSAGES)));
  }

  /** {@code l} is no longer armed: what was recorded for it is dropped. */
  void disarm(Loop l) {
    Recording r = recording.remove(l);
    if (r != null) {
      log.untap(r.tap());
    }
  }

  /**
   * Whether the iterations of {@code l} from {@code k} on can be replayed: at iteration 2, what
   * iteration 1 matched was recorded whole and every receive it matched was completed in it (a
   * receive left pending is handed over at the end, which a copy could not follow); at iteration
   * 0 or 1 (a later instance), the loop's iteration was kept when it was skipped before.
   */
  boolean canSkip(Loop l, long k) {
    if (k < 2) {
      return templates.containsKey(l);
    }
    Recording r = recording.get(l);
    return r != null && !r.tap().overflowed() && log.pendingCount() == r.pendingBefore();
  }

  /**
   * Every rank stands at the start of {@code l}'s iteration {@code k} and the iterations up to
   * {@code trips - 1} are taken as made: their messages are handed to the log, and each rank's
   * count of calls taken moves past them.
   */
  void skip(Loop l, long k, long trips) {
    if (k == 2) {
      Recording r = recording.get(l);
      long[] calls = new long[taken.length];
      for (int i = 0; i < calls.length; i++) {
        calls[i] = taken[i] - r.start()[i];
      }
      List<MatchedMessages.Match> rel = new ArrayList<>(r.tap().messages().size());
      for (MatchedMessages.Match m : r.tap().messages()) {
        rel.add(moved(m, -r.start()[m.src()], -r.start()[m.dst()]));
      }
      disarm(l);
      templates.put(l, new Template(List.copyOf(rel), calls));
    }
    Template t = templates.get(l);
    for (long j = k; j < trips; j++) {
      for (MatchedMessages.Match m : t.messages()) {
        log.replayed(moved(m, taken[m.src()], taken[m.dst()]));
      }
      for (int i = 0; i < taken.length; i++) {
        taken[i] += t.calls()[i];
      }
    }
  }

  /** {@code m}, its sending call moved on by {@code src} places, its receive's by {@code dst}. */
  private static MatchedMessages.Match moved(MatchedMessages.Match m, long src, long dst) {
    return new MatchedMessages.Match(m.src(), m.dst(), m.comm(), m.tag(), m.bytes(), m.sendOp(),
        m.recvOp(), m.sendSeq() + src, m.recvSeq() + dst, m.doneSeq() + dst);
  }
}
