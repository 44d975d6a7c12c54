package org.benchgen.traverse;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;

/**
 * Which ranks read the same values at every iteration of a loop: each value cycle inside it
 * divides the executions of its node per iteration, and each loop inside has one trip count. On
 * such a rank every iteration but the first (whose first compute interval follows the calls
 * before the loop) makes the same calls with the same values and times, so walkers may take one
 * and count it for the others ({@link TraversalContext#skipRestOf}): the matching simulation
 * (issue 50) and the expansion that sums a rank's calls ({@link org.benchgen.expand.Expander}).
 * Found per parameter entry, not per rank: at 65,536 ranks asking each rank for its entries was a
 * tenth of a simulation.
 */
public final class PeriodicLoops {
  /** Shared by walks on several threads. */
  private final Map<Loop, RankList> notPeriodic =
      java.util.Collections.synchronizedMap(new IdentityHashMap<>());

  /** Whether every iteration of {@code l} reads the same values on {@code rank}. */
  public boolean on(Loop l, int rank) {
    return !notPeriodic.computeIfAbsent(l, x -> notPeriodic(x.body(), 1)).contains(rank);
  }

  /**
   * The ranks on which some value cycle of {@code body} does not divide the executions of its
   * node per iteration ({@code m} for the nodes of the body itself), or a loop inside has more
   * than one trip count (or none).
   */
  private static RankList notPeriodic(List<Node> body, long m) {
    RankList bad = RankList.empty();
    for (Node n : body) {
      if (n instanceof Rsd r) {
        for (Param prm : r.params()) {
          for (ParamEntry e : prm.entries()) {
            if (!divides(e.values().seq().length(), m)) {
              bad = bad.union(e.ranks());
            }
          }
        }
        continue;
      }
      Loop l = (Loop) n;
      RankList withTrips = RankList.empty();
      for (ParamEntry e : l.trips().entries()) {
        withTrips = withTrips.union(e.ranks());
        if (e.values().seq().constant().isEmpty()) {
          bad = bad.union(e.ranks());
          continue;
        }
        long t = e.values().seq().constant().getAsLong();
        if (t > 0 && m > Long.MAX_VALUE / t) {
          bad = bad.union(e.ranks());
        } else if (t > 0) {
          RankList inner = notPeriodic(l.body(), m * t);
          bad = bad.union(RankList.of(inner.stream().filter(e.ranks()::contains).toArray()));
        }
      }
      if (withTrips.size() < l.ranks().size()) {
        RankList none = withTrips;
        bad = bad.union(RankList.of(l.ranks().stream().filter(x -> !none.contains(x)).toArray()));
      }
    }
    return bad;
  }

  private static boolean divides(long len, long m) {
    return len > 0 && m % len == 0;
  }
}
