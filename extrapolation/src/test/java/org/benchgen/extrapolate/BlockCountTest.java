package org.benchgen.extrapolate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Counts of a block's faces. The values are those of a 32^3 grid split over 1x2x2, 2x2x2 and
 * 2x2x4 ranks, with two ghost layers, computed by hand: a y face holds (32/px + 2)*(32/pz)
 * points, an x face (32/py)*(32/pz).
 */
class BlockCountTest {
  private static Scale.Size size(int... dims) {
    int p = 1;
    for (int d : dims) {
      p *= d;
    }
    return new Scale.Size(p, new Grid(dims));
  }

  private static List<CountModel.Point> points(long a, long b, long c) {
    List<CountModel.Point> pts = new ArrayList<>();
    pts.add(new CountModel.Point(size(1, 2, 2), a));
    pts.add(new CountModel.Point(size(2, 2, 2), b));
    pts.add(new CountModel.Point(size(2, 2, 4), c));
    return pts;
  }

  @Test
  void aFaceWithGhostLayersIsFittedAndCarried() throws Exception {
    // y face: (32+2)*16 = 544, (16+2)*16 = 288, (16+2)*8 = 144; no P model gives them.
    List<CountModel.Point> pts = points(544, 288, 144);
    StringBuilder why = new StringBuilder();
    Optional<CountModel> m = CountModel.fit(pts, List.of(Scale.P, Scale.dim(0), Scale.dim(2)),
        size(2, 4, 4), why);
    assertTrue(m.isEmpty(), why.toString());
    BlockCount b = BlockCount.decide(pts, m, size(2, 4, 4), "t").orElseThrow();
    assertEquals("(32/px + 2)*32/pz", b.formula());
    assertEquals(18 * 8, b.at(new Grid(new int[] {2, 4, 4}))); // 2x4x4: (16+2)*8
    assertEquals(10 * 8, b.at(new Grid(new int[] {4, 4, 4}))); // 4x4x4: (8+2)*8
  }

  @Test
  void aSideTheTracesNeverVariedIsRefusedNotGuessed() {
    // x face: 16*16, 16*16, 16*8. py is 2 at every traced count, so 512/pz fits as well as
    // (32/py)*(32/pz); at 2x4x4 they give 128 and 8*8 = 64.
    List<CountModel.Point> pts = points(256, 256, 128);
    StringBuilder why = new StringBuilder();
    Scale.Size target = size(2, 4, 4);
    Optional<CountModel> m = CountModel.fit(pts, List.of(Scale.P, Scale.dim(0), Scale.dim(1),
        Scale.dim(2)), target, why);
    assertEquals("512/pz", m.orElseThrow().formula());
    ExtrapolationException e = assertThrows(ExtrapolationException.class,
        () -> BlockCount.decide(pts, m, target, "x face"));
    assertTrue(e.getMessage().contains("disagree"), e.getMessage());
    assertTrue(e.getMessage().contains("64") && e.getMessage().contains("128"), e.getMessage());
    // At 2x2x8, where py is 2 again, they agree: 32/py*32/pz = 16*4 = 64 = 512/8.
    assertTrue(assertDoesNotThrow(pts, m, size(2, 2, 8)));
  }

  private static boolean assertDoesNotThrow(List<CountModel.Point> pts, Optional<CountModel> m,
      Scale.Size target) {
    try {
      return BlockCount.decide(pts, m, target, "x face").isEmpty(); // the P model is kept
    } catch (ExtrapolationException e) {
      throw new AssertionError(e.getMessage());
    }
  }

  @Test
  void aConstantIsNotQuestioned() throws Exception {
    // 4 at every count fits 8/py too (py = 2 throughout), but a constant is the simplest model.
    List<CountModel.Point> pts = points(4, 4, 4);
    Optional<CountModel> m = CountModel.fit(pts, List.of(Scale.P), size(2, 4, 4),
        new StringBuilder());
    assertTrue(BlockCount.decide(pts, m, size(2, 4, 4), "c").isEmpty());
  }

  @Test
  void aBlockThatDoesNotDivideAtTheTargetIsRefused() {
    // 34*16, 18*16, 18*8 again, towards 2x2x64: 32/64 is no whole side.
    List<CountModel.Point> pts = points(544, 288, 144);
    assertThrows(ExtrapolationException.class,
        () -> BlockCount.decide(pts, Optional.empty(), size(2, 2, 64), "t"));
  }
}
