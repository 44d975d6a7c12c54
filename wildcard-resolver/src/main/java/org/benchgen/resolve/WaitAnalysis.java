package org.benchgen.resolve;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.TraceThreads;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.WaitTimes;

/**
 * Where a run's ranks waited (MPInside's late sender and collective wait, {@link WaitTimes}),
 * from the matching the resolver simulates: which send a receive matched and who arrived last at
 * each collective. With the trace directory the times are the traced ones, exactly; from a
 * compressed trace alone they are estimated from its mean compute and call times.
 */
public final class WaitAnalysis {
  private WaitAnalysis() {}

  /** Estimated waits of a compressed trace, from its summaries. */
  public static WaitTimes fromSummaries(CompressedTrace trace) {
    int p = trace.worldSize();
    return run(trace, new SummaryClock(p), WaitTimes.Basis.SUMMARIES);
  }

  /**
   * Exact waits of a traced run: {@code trace} is {@code dir} compressed (lossless, so its
   * steps are the traced calls, in order), the times are read from {@code dir}.
   */
  public static WaitTimes fromTraced(CompressedTrace trace, TraceDirectory dir)
      throws IOException {
    TracedClock clock = TracedClock.read(dir);
    WaitTimes w = run(trace, clock, WaitTimes.Basis.TRACED);
    if (w.incomplete().isEmpty() && !clock.walkedAll() && TraceThreads.several(trace).isEmpty()) {
      throw new IllegalStateException(dir.path() + ": the compressed trace walked fewer calls"
          + " than the trace directory holds");
    }
    return w;
  }

  private static WaitTimes run(CompressedTrace trace, CallClock clock, WaitTimes.Basis basis) {
    WaitTimes.Builder times = new WaitTimes.Builder(basis, trace.worldSize());
    Optional<String> threads = TraceThreads.several(trace);
    if (threads.isPresent()) {
      // The simulation would take one rank's threads as one sequence of calls.
      return times.build("not computed: " + threads.get() + ", and the matching follows one"
          + " thread per rank");
    }
    MatchingSimulation sim = new MatchingSimulation(trace, false, List.of(),
        new WaitCharges(clock, times, trace.worldSize()));
    sim.run();
    String incomplete = new DeadlockReport(sim).problem()
        .map(f -> "the run's matching stops early, so these times cover only what ran: " + f)
        .orElse("");
    return times.build(incomplete);
  }
}
