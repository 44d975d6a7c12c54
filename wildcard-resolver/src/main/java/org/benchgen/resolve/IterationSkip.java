package org.benchgen.resolve;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.Rsd;

/**
 * Which loops the matching simulation may run for two iterations and take the others as made
 * (issue 50): a loop of every rank, with no wildcard receive inside (whose sources the
 * simulation records call by call), whose every iteration reads the same values on each rank.
 * The simulation arms such a loop where all ranks stand at the start of its iteration 1 with
 * nothing in flight (no message unreceived, no request or receive pending, no collective begun),
 * and leaves it where they stand so again at iteration 2: an iteration that began with nothing in
 * flight ended so, and every later one begins from that state and makes the same calls. Its cost
 * then follows the trace's loops, not the run's iterations (docs/resolve.md).
 */
final class IterationSkip {
  private final int p;
  private final Set<Rsd> wildcards;
  private final Map<Loop, Boolean> candidates = new IdentityHashMap<>();
  private final Map<Loop, boolean[]> periodic = new IdentityHashMap<>();

  IterationSkip(int p, Set<Rsd> wildcards) {
    this.p = p;
    this.wildcards = wildcards;
  }

  /** Whether ranks may stop at the start of {@code l}'s second iteration. */
  boolean candidate(Loop l) {
    return candidates.computeIfAbsent(l, x -> {
      if (x.ranks().size() != p) {
        return false;
      }
      boolean[] wild = {false};
      new NodeScanner() {
        @Override
        public void visitRsd(Rsd r) {
          wild[0] |= wildcards.contains(r);
        }
      }.scan(x.body());
      return !wild[0];
    });
  }

  /** Whether every iteration of {@code l} reads the same values on {@code rank}. */
  boolean periodic(Loop l, int rank) {
    return periodic.computeIfAbsent(l, x -> {
      boolean[] ok = new boolean[p];
      for (int r = 0; r < p; r++) {
        ok[r] = periodic(x.body(), r, 1);
      }
      return ok;
    })[rank];
  }

  /**
   * Whether each value cycle of {@code body} on {@code rank} divides the executions of its node
   * per iteration ({@code m} for the nodes of the body itself), loops inside having one trip
   * count each.
   */
  private static boolean periodic(List<Node> body, int rank, long m) {
    for (Node n : body) {
      if (!n.ranks().contains(rank)) {
        continue;
      }
      if (n instanceof Rsd r) {
        for (Param prm : r.params()) {
          ParamEntry e = prm.entryFor(rank).orElse(null);
          if (e != null && !divides(e.values().seq().length(), m)) {
            return false;
          }
        }
      } else {
        Loop l = (Loop) n;
        ParamEntry e = l.trips().entryFor(rank).orElse(null);
        if (e == null || e.values().seq().constant().isEmpty()) {
          return false;
        }
        long t = e.values().seq().constant().getAsLong();
        if (t > 0 && (m > Long.MAX_VALUE / t || !periodic(l.body(), rank, m * t))) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean divides(long len, long m) {
    return len > 0 && m % len == 0;
  }
}
