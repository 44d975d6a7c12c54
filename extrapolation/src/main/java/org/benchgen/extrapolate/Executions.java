package org.benchgen.extrapolate;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.ValueSeq;

/**
 * How many times one rank reaches each node of a trace: a call's count of calls, a loop's count
 * of entries. One walk of the tree, never of the calls: a loop's iterations are its trip counts
 * summed, whole cycles of the pattern at once.
 */
final class Executions {
  private Executions() {}

  static Map<Node, Long> of(List<Node> body, int rank) {
    Map<Node, Long> out = new IdentityHashMap<>();
    walk(body, rank, 1, out);
    return out;
  }

  private static void walk(List<Node> nodes, int rank, long times, Map<Node, Long> out) {
    for (Node n : nodes) {
      if (!n.ranks().contains(rank)) {
        continue;
      }
      out.put(n, times);
      if (n instanceof Loop l) {
        long iterations = l.trips().entryFor(rank).map(ParamEntry::values)
            .map(v -> sumOfFirst(v.seq(), times)).orElse(0L);
        walk(l.body(), rank, iterations, out);
      }
    }
  }

  /** The sum of the first {@code n} values of {@code seq}, read cyclically; saturating. */
  static long sumOfFirst(ValueSeq seq, long n) {
    try {
      return seq.sumOfFirst(n);
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }
}
