package org.benchgen.samples;

import java.util.List;
import java.util.Optional;
import org.benchgen.extrapolate.Grid;
import org.benchgen.ir.RankList;

/**
 * The classes of ranks that behave alike in a synthetic pattern, which {@code synth} compresses
 * from two ranks each ({@code ClassCompressor}): every rank of a ring or an all-to-all; the
 * regions of a grid (per dimension: the low end, inside, the high end, or both ends of a side of
 * one) for the stencils and the wavefront. Patterns whose ranks differ in more than their place
 * (a master's list of workers, random partners, a call site per rank) have none.
 */
final class SynthClasses {
  private SynthClasses() {}

  /** The classes of {@code pattern} at {@code ranks}, or why there are none. */
  static Classes of(Synth.Pattern pattern, int ranks, boolean splitCollectives) {
    if (splitCollectives) {
      return new Classes(List.of(), Optional.of("--split-collectives gives odd and even ranks"
          + " call sites of their own"));
    }
    return switch (pattern) {
      case ring, alltoall -> new Classes(List.of(RankList.range(0, ranks)), Optional.empty());
      case stencil2d, wavefront -> new Classes(regions(Synth.grid(ranks, 2), ranks),
          Optional.empty());
      case stencil3d -> new Classes(regions(Synth.grid(ranks, 3), ranks), Optional.empty());
      default -> new Classes(List.of(), Optional.of(pattern.cliName()
          + "'s ranks differ in more than their place in a grid (a list of workers, random"
          + " partners or call sites of their own); write its streams and compress them"));
    };
  }

  /** The classes, or (when empty) why the pattern has none. */
  record Classes(List<RankList> classes, Optional<String> whyNone) {}

  /**
   * The regions of synth's row-major grid (its last side varying fastest), as the extrapolation's
   * {@link Grid} finds them: the same grid with its sides in the other order.
   */
  private static List<RankList> regions(int[] dims, int ranks) {
    int[] fastestFirst = new int[dims.length];
    for (int i = 0; i < dims.length; i++) {
      fastestFirst[i] = dims[dims.length - 1 - i];
    }
    Grid g = new Grid(fastestFirst);
    if (g.size() != ranks) {
      throw new IllegalStateException("a grid of " + g.size() + " ranks for " + ranks);
    }
    return g.regions().stream().map(r -> RankList.of(r.ranks())).toList();
  }
}
