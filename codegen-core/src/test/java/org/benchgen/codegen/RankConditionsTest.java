package org.benchgen.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.benchgen.codegen.output.Atom;
import org.benchgen.codegen.output.Condition;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.RankList;
import org.junit.jupiter.api.Test;

class RankConditionsTest {
  private static final Value RANK = new Value.Var("r");

  /** Evaluates a condition the way the generated C does (truncating %, as C99 and Java). */
  static boolean holds(Condition c, int rank) {
    return c.terms().stream().anyMatch(t -> t.atoms().stream().allMatch(a -> holds(a, rank)));
  }

  static boolean holds(Atom a, int rank) {
    if (a instanceof Atom.Is x && x.left().equals(RANK)) {
      return rank == x.value();
    } else if (a instanceof Atom.AtLeast x && x.left().equals(RANK)) {
      return rank >= x.value();
    } else if (a instanceof Atom.AtMost x && x.left().equals(RANK)) {
      return rank <= x.value();
    }
    Atom.ModIn m = (Atom.ModIn) a;
    assertEquals("r", m.var());
    int v = (rank - (m.hasOffset() ? m.offset() : 0)) % m.modulus();
    return m.single() ? v == m.lo() : (!m.hasLo() || v >= m.lo()) && (!m.hasHi() || v <= m.hi());
  }

  private static void assertExact(RankList ranks, int worldSize) {
    Condition c = RankConditions.of(ranks, worldSize, "r");
    for (int r = 0; r < worldSize; r++) {
      int rank = r;
      // The message is built only on failure: building it took most of this test's time.
      assertEquals(ranks.contains(r), holds(c, r), () -> "rank " + rank + " of " + ranks
          + " in a world of " + worldSize + ": " + c);
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
    Condition c = RankConditions.of(RankList.of(face), 1024, "r");
    assertEquals(List.of(new Condition.Term(List.of(new Atom.ModIn("r", 0, false, 8, 0, 6,
        false, false, true)), false)), c.terms(), "rank % 8 <= 6, no range");
    // All but the first y row (y = rank / 8 % 8): one window of the 64-rank plane.
    int[] north = java.util.stream.IntStream.range(0, 1024).filter(r -> r / 8 % 8 != 0).toArray();
    assertEquals(List.of(new Condition.Term(List.of(new Atom.ModIn("r", 0, false, 64, 8, 63,
        false, true, false)), false)), RankConditions.of(RankList.of(north), 1024, "r").terms(),
        "rank % 64 >= 8");
    // The top plane: a plain range.
    assertEquals(List.of(new Condition.Term(List.of(new Atom.AtLeast(RANK, 960)), false)),
        RankConditions.of(RankList.range(960, 1024), 1024, "r").terms());
  }
}
