package org.benchgen.extrapolate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The multipartition models on values computed by hand (NPB BT class W: n = 24). */
class MultipartitionTest {
  private static final Multipartition NPB = new Multipartition(true, 1, -1);

  @Test
  void cellsLieOnADiagonal() {
    // Rank 0 of 5x5: cells (k, -k, k) mod 5.
    assertArrayEquals(new int[] {1, 4, 1}, NPB.cell(5, 0, 1));
    assertArrayEquals(new int[] {4, 1, 4}, NPB.cell(5, 0, 4));
    // Rank 7 = (2, 1): cell 3 at (5, -2, 3) mod 5 = (0, 3, 3).
    assertArrayEquals(new int[] {0, 3, 3}, NPB.cell(5, 7, 3));
    for (Multipartition m : Multipartition.variants()) {
      for (int r = 0; r < 25; r++) {
        for (int d = 0; d < 3; d++) {
          for (int c = 0; c < 5; c++) {
            assertEquals(c, m.cell(5, r, m.cellAt(5, r, d, c))[d]);
          }
        }
      }
    }
  }

  @Test
  void faceSumsSkipTheBoundary() {
    CellModel m = new CellModel.FaceSum(NPB, 24, 10, 0, CellModel.HIGH);
    // q = 3: 8-point cells, two faces of 8x8 (the cell at x = 2 skipped): 2*64*10.
    assertEquals(1280, m.of(3, 0)[0]);
    // q = 5, blocks 5,5,5,5,4; rank 0's cells (0,0,0) (1,4,1) (2,3,2) (3,2,3), (4,1,4) skipped:
    // 5*5 + 4*5 + 5*5 + 5*5 = 95.
    assertEquals(950, m.of(5, 0)[0]);
    // q = 6: 4-point cells, five faces of 16.
    assertEquals(800, m.of(6, 11)[0]);
  }

  @Test
  void stageTagsNameTheCell() {
    // WEST + y + q*z of the cell at x = 0, 1, 2, 3 (NPB BT x_solve's sends), q = 5.
    int[] w = {0, 1, 2};
    CellModel m = new CellModel.StageLinear(NPB, 3000, 0, true, 0, 0, w);
    assertArrayEquals(new long[] {3000, 3009, 3013, 3017}, m.of(5, 0));
    // Rank 1 = (1, 0): its cell at x = 0 is k = 4, at (0, 1, 4): 3000 + 1 + 20.
    assertEquals(3021, m.of(5, 1)[0]);
  }

  private static List<CellValues.Seen> seen(CellModel m, int... qs) {
    List<CellValues.Seen> out = new ArrayList<>();
    for (int q : qs) {
      out.add(new CellValues.Seen(q * q, m.values(q)));
    }
    return out;
  }

  @Test
  void theGlobalSizeIsFoundByExactFit() {
    CellModel truth = new CellModel.FaceSum(NPB, 24, 10, 1, CellModel.LOW);
    StringBuilder why = new StringBuilder();
    Optional<CellModel> m = CellValues.fit(seen(truth, 3, 4, 5), 36, why);
    assertTrue(m.isPresent(), why::toString);
    assertEquals(24, ((CellModel.FaceSum) m.get()).n());
    assertEquals(800, m.get().of(6, 0)[0]); // 5 faces of 4x4, times 10
    assertEquals(630, m.get().of(8, 9)[0]); // 7 faces of 3x3, times 10
  }

  @Test
  void evenSplitsAloneLeaveTheSizeOpen() {
    // 24 and 48 split evenly over 3 and 4 (and 2 and a/4 give the same): with only these
    // counts, a model that fits must still agree at the target, or nothing is chosen.
    CellModel truth = new CellModel.FaceSum(NPB, 24, 10, 2, CellModel.HIGH);
    StringBuilder why = new StringBuilder();
    Optional<CellModel> m = CellValues.fit(seen(truth, 2, 3, 4), 25, why);
    m.ifPresent(x -> assertEquals(950, x.of(5, 0)[0], "a model chosen must give the truth"));
  }

  @Test
  void valuesNoCellGivesAreRefused() {
    long[][] c = new long[9][];
    for (int r = 0; r < 9; r++) {
      c[r] = new long[] {r * 7 + 1};
    }
    long[][] d = new long[16][];
    for (int r = 0; r < 16; r++) {
      d[r] = new long[] {r * 3 + 2};
    }
    List<CellValues.Seen> s = List.of(new CellValues.Seen(4, new long[][] {{1}, {2}, {3}, {4}}),
        new CellValues.Seen(9, c), new CellValues.Seen(16, d));
    StringBuilder why = new StringBuilder();
    assertTrue(CellValues.fit(s, 25, why).isEmpty());
    assertTrue(why.toString().contains("no multipartition model fits"), why::toString);
  }

  @Test
  void aPaddedShareTakesTheSizeFoundElsewhere() {
    List<CountModel.Point> pts = List.of(point(9, 2430), point(16, 1470), point(25, 750));
    List<Scale> scales = List.of(Scale.P, Scale.SQRT_P);
    StringBuilder why = new StringBuilder();
    // 30*(24 div q + 1)^2 and 30*(28 div q)^2 both give 2430, 1470, 750; at 36: 750 and 480.
    // With no size known, nothing is taken.
    assertTrue(ShareModel.fit(pts, scales, size(36), Set.of(), why).isEmpty());
    assertTrue(why.toString().contains("no other parameter shows that n"), why::toString);
    ShareModel m = ShareModel.fit(pts, scales, size(36), Set.of(24L), new StringBuilder())
        .orElseThrow();
    assertEquals(750, m.at(size(36)));
    assertEquals(480, m.at(size(64))); // 30 * (3 + 1)^2
  }

  private static Scale.Size size(int p) {
    int q = (int) Math.round(Math.sqrt(p));
    return new Scale.Size(p, new Grid(new int[] {q, q}));
  }

  private static CountModel.Point point(int p, long v) {
    return new CountModel.Point(size(p), v);
  }

  @Test
  void stageFacesAreTrimmedAtTheBoundary() {
    // NPB SP class W, n = 36, q = 3: 12-point cells. Rank 0's forward sweep along x sends from
    // its cells at x = 0, (0,0,0), and x = 1, (1,2,1): the face across x less a layer where y
    // or z is 0 or 2: 11*11 and 11*12, times 22 values.
    CellModel m = new CellModel.StageFace(NPB, 36, 22, 0, true, 0, 0, 1);
    assertArrayEquals(new long[] {2662, 2904}, m.of(3, 0));
    // q = 5 (36 = 8,7,7,7,7): rank 0's cells at x = 0..3 are (0,0,0) (1,4,1) (2,3,2) (3,2,3):
    // (8-1)*(8-1), (7-1)*7, 7*7, 7*7.
    assertArrayEquals(new long[] {22 * 49, 22 * 42, 22 * 49, 22 * 49}, m.of(5, 0));
  }

  @Test
  void oneDiagonalForTheProgramDecides() {
    // Two diagonals fit one parameter and disagree at the target; another parameter allows
    // only one of them: that one is taken.
    Multipartition other = new Multipartition(true, -1, 1);
    CellModel a = new CellModel.FaceSum(NPB, 36, 10, 0, CellModel.HIGH);
    CellModel b = new CellModel.FaceSum(other, 36, 10, 0, CellModel.HIGH);
    CellValues.Knowledge k = new CellValues.Knowledge();
    StringBuilder why = new StringBuilder();
    boolean differ = !java.util.Arrays.deepEquals(a.values(8), b.values(8));
    assertTrue(differ, "the two diagonals must differ at 64 ranks for this test");
    assertTrue(CellValues.choose(List.of(a, b), 64, k, why).isEmpty());
    assertTrue(why.toString().contains("disagree"), why::toString);
    k.learn(List.of(a, b));
    k.learn(List.of(new CellModel.StageFace(NPB, 36, 22, 0, true, 0, 0, 1)));
    assertEquals(a, CellValues.choose(List.of(a, b), 64, k, new StringBuilder()).orElseThrow());
  }
}
