package org.benchgen.resolve;

import org.benchgen.ir.ComputeStat;
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
    enter[rank] = exit[rank] + Math.round(computeMean(rsd, lastSite[rank]));
    exit[rank] = enter[rank] + Math.round(rsd.duration().mean());
    lastSite[rank] = rsd.site();
  }

  /**
   * The mean compute time before {@code rsd} after a call at {@code after}; the mean over all
   * paths when none is recorded for that one (none at all before a rank's first call).
   */
  private static double computeMean(Rsd rsd, String after) {
    if (after == null) {
      return 0;
    }
    long n = 0;
    double sum = 0;
    for (ComputeStat c : rsd.compute()) {
      if (c.after().equals(after)) {
        return c.time().mean();
      }
      n += c.time().count();
      sum += c.time().count() * c.time().mean();
    }
    return n == 0 ? 0 : sum / n;
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
