package org.benchgen.samples;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

  /** Ranks grouped by region of a row-major grid (the last side varying fastest). */
  private static List<RankList> regions(int[] dims, int ranks) {
    Map<Integer, List<Integer>> byRegion = new LinkedHashMap<>();
    int[] coord = new int[dims.length];
    for (int r = 0; r < ranks; r++) {
      int rest = r;
      for (int i = dims.length - 1; i >= 0; i--) {
        coord[i] = rest % dims[i];
        rest /= dims[i];
      }
      int key = 0;
      for (int i = 0; i < dims.length; i++) {
        int place = dims[i] == 1 ? 3 : coord[i] == 0 ? 0 : coord[i] == dims[i] - 1 ? 2 : 1;
        key = key * 4 + place;
      }
      byRegion.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
    }
    return byRegion.values().stream()
        .map(l -> RankList.of(l.stream().mapToInt(Integer::intValue).toArray())).toList();
  }
}
