package org.benchgen.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.benchgen.codegen.output.RankAtom;
import org.benchgen.codegen.output.RankCond;
import org.benchgen.ir.RankList;
import org.junit.jupiter.api.Test;

class RankCondsTest {
  /** Evaluates a condition the way the generated C does (truncating %, as C99 and Java). */
  static boolean holds(RankCond c, int rank) {
    return c.terms().stream().anyMatch(t -> t.atoms().stream().allMatch(a -> holds(a, rank)));
  }

  static boolean holds(RankAtom a, int rank) {
    if (a instanceof RankAtom.RankIs x) {
      return rank == x.value();
    } else if (a instanceof RankAtom.RankFrom x) {
      return rank >= x.value();
    } else if (a instanceof RankAtom.RankUpTo x) {
      return rank <= x.value();
    }
    RankAtom.RankMod m = (RankAtom.RankMod) a;
    int v = (rank - (m.hasOffset() ? m.offset() : 0)) % m.modulus();
    return m.single() ? v == m.lo() : (!m.hasLo() || v >= m.lo()) && (!m.hasHi() || v <= m.hi());
  }

  private static void assertExact(RankList ranks, int worldSize) {
    RankCond c = RankConds.of(ranks, worldSize);
    for (int r = 0; r < worldSize; r++) {
      assertEquals(ranks.contains(r), holds(c, r), "rank " + r + " of " + ranks + " in a world"
          + " of " + worldSize + ": " + c);
    }
  }

  @Test
  void randomRankListsGiveExactConditions() {
    Random rnd = new Random(42);
    for (int trial = 0; trial < 3000; trial++) {
      int n = 1 + rnd.nextInt(300);
      List<Integer> picked = new ArrayList<>();
      switch (trial % 4) {
        case 0 -> {
          double p = rnd.nextDouble();
          for (int r = 0; r < n; r++) {
            if (rnd.nextDouble() < p) {
              picked.add(r);
            }
          }
        }
        case 1 -> {
          // A grid's ranks minus an edge: column x != c, row y != d.
          int nx = 1 + rnd.nextInt(12);
          int skip = rnd.nextInt(nx);
          for (int r = 0; r < n; r++) {
            if (r % nx != skip && r / nx != 1) {
              picked.add(r);
            }
          }
        }
        case 2 -> {
          int s = 1 + rnd.nextInt(9);
          int from = rnd.nextInt(n);
          for (int r = from; r < n; r += s) {
            picked.add(r);
          }
        }
        default -> {
          int w = 1 + rnd.nextInt(6);
          int period = w + 1 + rnd.nextInt(8);
          int phase = rnd.nextInt(period);
          int stride = 1 + rnd.nextInt(2);
          for (int r = 0; r < n; r++) {
            int q = (r - phase) % period;
            if (r >= phase && q < w * stride && q % stride == 0) {
              picked.add(r);
            }
          }
        }
      }
      assertExact(RankList.of(picked.stream().mapToInt(Integer::intValue).toArray()), n);
    }
  }

  @Test
  void aStencilFaceIsOneWindow() {
    // 8 x 8 x 16 ranks: all but the last x column (x = rank % 8) send to +1.
    int[] face = java.util.stream.IntStream.range(0, 1024).filter(r -> r % 8 != 7).toArray();
    RankCond c = RankConds.of(RankList.of(face), 1024);
    assertEquals(List.of(new RankCond.Term(List.of(new RankAtom.RankMod(0, false, 8, 0, 6,
        false, false, true)), false)), c.terms(), "rank % 8 <= 6, no range");
    // All but the first y row (y = rank / 8 % 8): one window of the 64-rank plane.
    int[] north = java.util.stream.IntStream.range(0, 1024).filter(r -> r / 8 % 8 != 0).toArray();
    assertEquals(List.of(new RankCond.Term(List.of(new RankAtom.RankMod(0, false, 64, 8, 63,
        false, true, false)), false)), RankConds.of(RankList.of(north), 1024).terms(),
        "rank % 64 >= 8");
    // The top plane: a plain range.
    assertEquals(List.of(new RankCond.Term(List.of(new RankAtom.RankFrom(960)), false)),
        RankConds.of(RankList.range(960, 1024), 1024).terms());
  }
}
