package org.benchgen.resolve;

import java.util.List;
import java.util.Optional;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.TraceThreads;
import org.benchgen.stats.WaitTimes;

/**
 * Times for every call of a compressed trace that respect its matching: each rank's mean compute
 * and call times laid end to end ({@link SummaryClock}), and a call moved later where the
 * resolver's matching simulation finds it could not have ended sooner: no receive (or wait or
 * probe that completes one) ends before its matched send starts, no collective ends on a rank
 * before its last member entered. A delay carries over to the rank's later calls. For exports of
 * a compressed trace that tools check for clock violations (OTF2 for Vampir and Scalasca).
 */
public final class CausalTimes {
  private final long[][] enter;
  private final long[][] exit;
  private final long moved;
  private final String incomplete;

  CausalTimes(long[][] enter, long[][] exit, long moved) {
    this(enter, exit, moved, "");
  }

  private CausalTimes(long[][] enter, long[][] exit, long moved, String incomplete) {
    this.enter = enter;
    this.exit = exit;
    this.moved = moved;
    this.incomplete = incomplete;
  }

  /**
   * The times of {@code trace}'s calls; empty where the matching cannot be replayed (ranks that
   * called MPI from several threads).
   */
  public static Optional<CausalTimes> of(CompressedTrace trace) {
    if (TraceThreads.several(trace).isPresent()) {
      return Optional.empty();
    }
    int p = trace.worldSize();
    CausalClock clock = new CausalClock(new SummaryClock(p), p);
    MatchingSimulation sim = new MatchingSimulation(trace, false, List.of(),
        new WaitCharges(clock, new WaitTimes.Builder(WaitTimes.Basis.SUMMARIES, p), p));
    sim.run();
    CausalTimes t = clock.times();
    String stop = new DeadlockReport(sim).problem().map(f -> "the matching stops early (" + f
        + "): calls after that keep their means").orElse("");
    return Optional.of(new CausalTimes(t.enter, t.exit, t.moved, stop));
  }

  /** The calls of {@code rank} the replay timed (all of them, unless {@link #incomplete}). */
  public int calls(int rank) {
    return enter[rank].length;
  }

  public long enter(int rank, int call) {
    return enter[rank][call];
  }

  public long exit(int rank, int call) {
    return exit[rank][call];
  }

  /** How many calls ended later than their means would have them. */
  public long moved() {
    return moved;
  }

  /** Empty, or why some calls were not replayed. */
  public String incomplete() {
    return incomplete;
  }
}
