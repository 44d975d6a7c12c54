package org.benchgen.ir;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each call's compute its own: a shared block's copies, read from a file, hold the block's pooled
 * compute paths, one list that all its places share (docs/compressed-format.md, "Shared blocks").
 * Passes that merge the compute of several calls (alignment joining collectives, the data tables
 * of irregular sections) must merge each place's part, not the pool once per place. Here each
 * copy gets its part of every path, its calls' share of the calls of all copies of the list,
 * given out in document order by {@link ComputeParts}, so that the parts of one pool add up to
 * it exactly (no interval lost or counted twice), the distribution's mean and extremes kept. A
 * call whose list is its own is left as it is.
 */
public final class PlaceShares {
  /** Per list that several calls hold: the calls they made in all, and its parts so far. */
  private final Map<List<ComputeStat>, long[]> calls = new IdentityHashMap<>();
  private final Map<List<ComputeStat>, ComputeParts> parts = new IdentityHashMap<>();

  private PlaceShares() {}

  static CompressedTrace of(CompressedTrace t) {
    PlaceShares p = new PlaceShares();
    Map<List<ComputeStat>, Integer> holders = new IdentityHashMap<>();
    p.count(t.body(), holders);
    p.calls.keySet().removeIf(l -> holders.get(l) < 2);
    return p.calls.isEmpty() ? t : t.withRsds(p::rsd);
  }

  private void count(List<Node> body, Map<List<ComputeStat>, Integer> holders) {
    for (Node n : body) {
      if (n instanceof Loop l) {
        count(l.body(), holders);
      } else if (n instanceof Rsd r && !r.compute().isEmpty()) {
        holders.merge(r.compute(), 1, Integer::sum);
        long[] c = calls.computeIfAbsent(r.compute(), k -> new long[1]);
        long n2 = c[0] + r.duration().count();
        c[0] = n2 < 0 ? Long.MAX_VALUE : n2;
      }
    }
  }

  private Rsd rsd(Rsd r) {
    long[] all = calls.get(r.compute());
    if (all == null) {
      return r;
    }
    double s = all[0] == 0 ? 0 : (double) r.duration().count() / all[0];
    List<ComputeStat> mine = parts.computeIfAbsent(r.compute(),
        c -> new ComputeParts(c, r.ranks())).next((path, group) -> s);
    return new Rsd(r.op(), r.site(), r.ranks(), r.params(), mine, r.duration());
  }
}
