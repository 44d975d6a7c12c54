package org.benchgen.ir;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each call's compute its own: a shared block's copies, read from a file, hold the block's pooled
 * compute paths, one list that all its places share (docs/compressed-format.md, "Shared blocks").
 * Passes that merge the compute of several calls (alignment joining collectives, the data tables
 * of irregular sections) must merge each place's part, not the pool once per place. Here each
 * copy gets its part of every path: its calls' share of the intervals ({@link
 * Rsd#computeScale}), apportioned bin by bin in document order so that the parts of one pool add
 * up to it exactly (no interval lost or counted twice), the distribution's mean and extremes
 * kept. A call whose paths are its own is left as it is.
 */
public final class PlaceShares {
  /** Per pooled list, its parts given out so far. */
  private final Map<List<ComputeStat>, ComputeParts> parts = new IdentityHashMap<>();

  private PlaceShares() {}

  static CompressedTrace of(CompressedTrace t) {
    return t.withRsds(new PlaceShares()::rsd);
  }

  private Rsd rsd(Rsd r) {
    double s = r.computeScale();
    if (s >= 1) {
      return r;
    }
    List<ComputeStat> mine = parts.computeIfAbsent(r.compute(),
        c -> new ComputeParts(c, r.ranks())).next((path, group) -> s);
    return new Rsd(r.op(), r.site(), r.ranks(), r.params(), mine, r.duration());
  }
}
