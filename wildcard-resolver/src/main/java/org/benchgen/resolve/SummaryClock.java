package org.benchgen.resolve;

import org.benchgen.ir.Rsd;
import org.benchgen.traverse.Step;

/**
 * Call times estimated from a compressed trace: each rank's clock advances by the mean compute
 * time before a call (for the call path it came from) and the call's mean duration. The means are
 * merged over iterations and ranks, so the times are estimates: waits that come from imbalance
 * between ranks of one RSD are lost, those from the program's structure are kept.
 */
final class SummaryClock implements CallClock {
  private final long[] enter;
  private final long[] exit;
  private final String[] lastSite;

  SummaryClock(int world) {
    enter = new long[world];
    exit = new long[world];
    lastSite = new String[world];
  }

  @Override
  public void advance(int rank, Step s) {
    Rsd rsd = s.rsd();
    // Before a rank's first call there is no compute: the run starts there.
    double compute = lastSite[rank] == null ? 0 : rsd.meanComputeAfter(lastSite[rank], rank);
    enter[rank] = exit[rank] + Math.round(compute);
    exit[rank] = enter[rank] + Math.round(rsd.duration().mean());
    lastSite[rank] = rsd.site();
  }

  @Override
  public long enter(int rank) {
    return enter[rank];
  }

  @Override
  public long exit(int rank) {
    return exit[rank];
  }
}
