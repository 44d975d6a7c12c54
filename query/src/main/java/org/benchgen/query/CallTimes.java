package org.benchgen.query;

import java.util.Arrays;
import org.benchgen.expand.Expander;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.traverse.Step;

/**
 * The times of a compressed trace's calls, by rank and place, as {@code calls} has them: the same
 * walk ({@link Expander}, the histograms' means) without the rows, so that {@code messages} takes
 * its times without filling {@code calls} (docs/query.md, "Limits"). Two longs a call.
 */
final class CallTimes {
  private final long[][] enter;
  private final long[][] exit;

  private CallTimes(long[][] enter, long[][] exit) {
    this.enter = enter;
    this.exit = exit;
  }

  /** Every call's enter and exit of every rank of {@code t}. */
  static CallTimes of(CompressedTrace t) {
    int p = t.worldSize();
    long[][] enter = new long[p][];
    long[][] exit = new long[p][];
    Expander expander = new Expander(t);
    for (int r = 0; r < p; r++) {
      Rank rank = new Rank();
      expander.walk(r, rank);
      enter[r] = Arrays.copyOf(rank.enter, rank.n);
      exit[r] = Arrays.copyOf(rank.exit, rank.n);
    }
    return new CallTimes(enter, exit);
  }

  /** The enter of call {@code seq} of {@code rank}. */
  long enter(int rank, long seq) {
    return enter[rank][Math.toIntExact(seq)];
  }

  /** The exit of call {@code seq} of {@code rank}. */
  long exit(int rank, long seq) {
    return exit[rank][Math.toIntExact(seq)];
  }

  private static final class Rank implements Expander.StepSink {
    long[] enter = new long[1024];
    long[] exit = new long[1024];
    int n;

    @Override
    public void comm(long id, long[] members, long[] remote) {
      // communicators are not times
    }

    @Override
    public void call(Step step, RawEvent e) {
      if (n == enter.length) {
        enter = Arrays.copyOf(enter, n * 2);
        exit = Arrays.copyOf(exit, n * 2);
      }
      enter[n] = e.enter();
      exit[n] = e.exit();
      n++;
    }
  }
}
