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
  /** Per list of compute paths: how many calls hold it, and the calls they made in all. */
  private final Map<List<ComputeStat>, long[]> holders = new IdentityHashMap<>();
  private final Map<List<ComputeStat>, ComputeParts> parts = new IdentityHashMap<>();

  private PlaceShares() {}

  static CompressedTrace of(CompressedTrace t) {
    PlaceShares p = new PlaceShares();
    p.count(t.body());
    p.holders.values().removeIf(h -> h[0] < 2);
    return p.holders.isEmpty() ? t : t.withRsds(p::rsd);
  }

  private void count(List<Node> body) {
    for (Node n : body) {
      if (n instanceof Loop l) {
        count(l.body());
      } else if (n instanceof Rsd r && !r.compute().isEmpty()) {
        long[] h = holders.computeIfAbsent(r.compute(), k -> new long[2]);
        h[0]++;
        long calls = h[1] + r.duration().count();
        h[1] = calls < 0 ? Long.MAX_VALUE : calls;
      }
    }
  }

  private Rsd rsd(Rsd r) {
    long[] h = holders.get(r.compute());
    if (h == null) {
      return r;
    }
    double s = h[1] == 0 ? 0 : (double) r.duration().count() / h[1];
    List<ComputeStat> mine = parts.computeIfAbsent(r.compute(),
        c -> new ComputeParts(c, r.ranks())).next((path, group) -> s);
    return new Rsd(r.op(), r.site(), r.ranks(), r.params(), mine, r.duration());
  }
}
