package org.benchgen.resolve;

import java.util.Arrays;
import org.benchgen.traverse.Step;

/**
 * A clock that keeps the matching causal: each rank's calls at the times another clock gives
 * ({@link SummaryClock}: means laid end to end), shifted later where the simulation finds that a
 * call cannot have ended yet ({@link #atLeast}: a receive before its send started, a collective
 * before its last member entered). A shift stays with the rank's later calls, as a late sender
 * delays everything after it. Every call's final times are kept, by rank and place.
 */
final class CausalClock implements CallClock {
  private final CallClock base;
  private final long[] shift;
  private final long[] extra;
  private final long[][] enters;
  private final long[][] exits;
  private final int[] calls;
  private long moved;

  CausalClock(CallClock base, int world) {
    this.base = base;
    this.shift = new long[world];
    this.extra = new long[world];
    this.enters = new long[world][16];
    this.exits = new long[world][16];
    this.calls = new int[world];
  }

  @Override
  public void advance(int rank, Step s) {
    if (calls[rank] > 0) {
      exits[rank][calls[rank] - 1] = exit(rank);
    }
    shift[rank] += extra[rank];
    extra[rank] = 0;
    base.advance(rank, s);
    int n = calls[rank];
    if (n == enters[rank].length) {
      enters[rank] = Arrays.copyOf(enters[rank], 2 * n);
      exits[rank] = Arrays.copyOf(exits[rank], 2 * n);
    }
    enters[rank][n] = enter(rank);
    exits[rank][n] = exit(rank);
    calls[rank] = n + 1;
  }

  @Override
  public long enter(int rank) {
    return base.enter(rank) + shift[rank];
  }

  @Override
  public long exit(int rank) {
    return base.exit(rank) + shift[rank] + extra[rank];
  }

  /** Rank {@code rank}'s current call ends no earlier than {@code t}. */
  @Override
  public void atLeast(int rank, long t) {
    long late = t - exit(rank);
    if (late > 0) {
      extra[rank] += late;
      exits[rank][calls[rank] - 1] = exit(rank);
      moved++;
    }
  }

  /** The enter and exit of every call of every rank, and how many calls ended later. */
  CausalTimes times() {
    long[][] e = new long[calls.length][];
    long[][] x = new long[calls.length][];
    for (int r = 0; r < calls.length; r++) {
      e[r] = Arrays.copyOf(enters[r], calls[r]);
      x[r] = Arrays.copyOf(exits[r], calls[r]);
    }
    return new CausalTimes(e, x, moved);
  }
}
