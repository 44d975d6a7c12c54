package org.benchgen.extrapolate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.IntBinaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Values computed by hand: 33 split over 2 is 17, 16; over 4 is 9, 8, 8, 8; over 8 is 5 and
 * seven of 4. 10 over 3 is 4, 3, 3; over 4 is 3, 3, 2, 2; over 5 is five of 2; over 6 is
 * 2, 2, 2, 2, 1, 1.
 */
class BlockSplitTest {
  @Test
  void sidesOfASplit() {
    assertEquals(17, BlockSplit.side(33, 2, 0));
    assertEquals(16, BlockSplit.side(33, 2, 1));
    assertEquals(9, BlockSplit.side(33, 4, 0));
    assertEquals(8, BlockSplit.side(33, 4, 3));
    assertEquals(3, BlockSplit.side(10, 4, 1));
    assertEquals(2, BlockSplit.side(10, 4, 2));
  }

  /** A 2-D grid's observations, {@code value(x, y)} at each rank: {@code y} from the table. */
  private static void add(List<BlockSplit.Obs> obs, int px, int py, IntBinaryOperator value) {
    Grid g = new Grid(new int[] {px, py});
    for (int y = 0; y < py; y++) {
      for (int x = 0; x < px; x++) {
        obs.add(new BlockSplit.Obs(g, new int[] {x, y}, value.applyAsInt(x, y)));
      }
    }
  }

  private static OptionalLong at(List<BlockSplit> fits, int px, int py, int[][] box,
      StringBuilder why) {
    OptionalLong v = BlockSplit.valueAt(fits, new Grid(new int[] {px, py}), box, why);
    assertTrue(v.isPresent(), why::toString);
    return v;
  }

  @Test
  void aRowOfAHaloFollowsTheSideOfItsRanks() {
    // 330 doubles per row of y: 2x2 (17, 16 rows), 4x2 (the same), 4x4 (9, 8, 8, 8).
    List<BlockSplit.Obs> obs = new ArrayList<>();
    int[] y2 = {5610, 5280};
    int[] y4 = {2970, 2640, 2640, 2640};
    add(obs, 2, 2, (x, y) -> y2[y]);
    add(obs, 4, 2, (x, y) -> y2[y]);
    add(obs, 4, 4, (x, y) -> y4[y]);
    List<BlockSplit> fits = BlockSplit.fitAll(obs);
    assertTrue(!fits.isEmpty());
    assertTrue(fits.stream().allMatch(f -> f.dim() == 1 && !f.byPlace()), fits.toString());
    // The only size whose halves and quarters give these.
    assertEquals("33", BlockSplit.sizes(fits));
    StringBuilder why = new StringBuilder();
    // 8x4: the same as 4x4 along y; 8x8: 5 rows (1650) at y=0, 4 (1320) elsewhere.
    assertEquals(2970, at(fits, 8, 4, new int[][] {{1, 6}, {0, 0}}, why).getAsLong());
    assertEquals(1650, at(fits, 8, 8, new int[][] {{0, 0}, {0, 0}}, why).getAsLong());
    assertEquals(1320, at(fits, 8, 8, new int[][] {{1, 6}, {1, 6}}, why).getAsLong());
    assertEquals(1320, at(fits, 8, 8, new int[][] {{7, 7}, {7, 7}}, why).getAsLong());
    assertEquals("", why.toString());
  }

  @Test
  void theEndsMayHoldARowLess() {
    // 5 per row of y, less a boundary row at each end: 2 rows: (17-1)*5, (16-1)*5; 4 rows:
    // (9-1)*5, 8*5, 8*5, (8-1)*5. At 8 rows: (5-1)*5 = 20, 4*5 = 20, (4-1)*5 = 15. The inner
    // 31 rows split alike give the same values at every rank: that simpler model is taken.
    List<BlockSplit.Obs> obs = new ArrayList<>();
    int[] y2 = {80, 75};
    int[] y4 = {40, 40, 40, 35};
    add(obs, 2, 2, (x, y) -> y2[y]);
    add(obs, 4, 2, (x, y) -> y2[y]);
    add(obs, 4, 4, (x, y) -> y4[y]);
    List<BlockSplit> fits = BlockSplit.fitAll(obs);
    assertEquals("31", BlockSplit.sizes(fits));
    StringBuilder why = new StringBuilder();
    assertEquals(20, at(fits, 8, 8, new int[][] {{0, 0}, {0, 0}}, why).getAsLong());
    assertEquals(20, at(fits, 8, 8, new int[][] {{1, 6}, {1, 6}}, why).getAsLong());
    assertEquals(15, at(fits, 8, 8, new int[][] {{7, 7}, {7, 7}}, why).getAsLong());
  }

  @Test
  void anOffsetByPlaceNeedsTheSizeFromElsewhere() {
    // 5 per row of 33 split over y, less two rows at the low end: 2 rows: (17-2)*5, 16*5;
    // 4 rows: (9-2)*5, 8*5, 8*5, 8*5. At 8 rows: (5-2)*5 = 15, 4*5 = 20, 4*5 = 20.
    List<BlockSplit.Obs> obs = new ArrayList<>();
    int[] y2 = {75, 80};
    int[] y4 = {35, 40, 40, 40};
    add(obs, 2, 2, (x, y) -> y2[y]);
    add(obs, 4, 2, (x, y) -> y2[y]);
    add(obs, 4, 4, (x, y) -> y4[y]);
    // Alone, these values fit small sizes with large steps too (3 over 2 and 4: 2, 1 and
    // 1, 1, 1, 0 rows of 40), which disagree at 8: the size must be known from other values.
    StringBuilder why = new StringBuilder();
    List<BlockSplit> alone = BlockSplit.fitAll(obs);
    assertTrue(alone.stream().allMatch(BlockSplit::byPlace), alone.toString());
    assertTrue(BlockSplit.valueAt(alone, new Grid(new int[] {8, 8}), new int[][] {{0, 0}, {0, 0}},
        why).isEmpty());
    assertTrue(why.toString().contains("disagree"), why.toString());
    List<BlockSplit> fits = BlockSplit.fitAll(obs, Map.of(1, List.of(33L)));
    assertEquals(List.of(5L), fits.stream().map(BlockSplit::a).toList());
    why.setLength(0);
    assertEquals(15, at(fits, 8, 8, new int[][] {{0, 0}, {0, 0}}, why).getAsLong());
    assertEquals(20, at(fits, 8, 8, new int[][] {{1, 6}, {1, 6}}, why).getAsLong());
    assertEquals(20, at(fits, 8, 8, new int[][] {{7, 7}, {7, 7}}, why).getAsLong());
  }

  private static List<BlockSplit.Obs> line(int[]... sides) {
    List<BlockSplit.Obs> obs = new ArrayList<>();
    for (int[] s : sides) {
      Grid g = new Grid(new int[] {s.length});
      for (int i = 0; i < s.length; i++) {
        obs.add(new BlockSplit.Obs(g, new int[] {i}, 2L * s[i] + 1));
      }
    }
    return obs;
  }

  @Test
  void aRegionHoldingLongAndShortPartsIsNamed() {
    // 2*side + 1 of 10 split over 2, 3, 4.
    List<BlockSplit> fits = BlockSplit.fitAll(line(new int[] {5, 5}, new int[] {4, 3, 3},
        new int[] {3, 3, 2, 2}));
    assertTrue(fits.stream().allMatch(f -> f.n() == 10), BlockSplit.sizes(fits));
    StringBuilder why = new StringBuilder();
    Grid five = new Grid(new int[] {5});
    assertEquals(5, BlockSplit.valueAt(fits, five, new int[][] {{1, 3}}, why).getAsLong());
    Grid six = new Grid(new int[] {6});
    assertEquals(5, BlockSplit.valueAt(fits, six, new int[][] {{0, 0}}, why).getAsLong());
    assertEquals(3, BlockSplit.valueAt(fits, six, new int[][] {{5, 5}}, why).getAsLong());
    assertTrue(BlockSplit.valueAt(fits, six, new int[][] {{1, 4}}, why).isEmpty());
    assertTrue(why.toString().contains("5 and 3"), why.toString());
  }

  @Test
  void valuesNoSplitGivesAreRefused() {
    assertTrue(BlockSplit.fitAll(line(new int[] {5, 5}, new int[] {4, 7, 3},
        new int[] {3, 3, 2, 2})).isEmpty());
    StringBuilder why = new StringBuilder();
    assertTrue(BlockSplit.valueAt(List.of(), new Grid(new int[] {4}), new int[][] {{0, 0}}, why)
        .isEmpty());
    assertTrue(why.toString().contains("no block split"), why.toString());
  }

  @Test
  void oneNumberOfPartsCannotTellTheSize() {
    // 7 split over 3 (3, 2, 2) or 10 over 3 (4, 3, 3) alike: a = 1, and n is not seen.
    assertTrue(BlockSplit.fitAll(line(new int[] {4, 3, 3})).isEmpty());
  }

  @Test
  void oneNumberOfPartsAlongADimensionIsBlindToIt() {
    // 3 per point of 9 split over x at 4x2 and 4x4 only: 9, 6, 6, 6 (3, 2, 2, 2 points).
    List<BlockSplit.Obs> obs = new ArrayList<>();
    int[] x4 = {9, 6, 6, 6};
    add(obs, 4, 2, (x, y) -> x4[x]);
    add(obs, 4, 4, (x, y) -> x4[x]);
    assertTrue(BlockSplit.fitAll(obs).isEmpty());
    String why = BlockSplit.blind(obs, new Grid(new int[] {8, 8})).orElseThrow();
    assertTrue(why.contains("differ along px at one count (9 at x=0, 6 at x=1 of the 4x2 grid)")
        && why.contains("every trace has px = 4, the target 8"), why);
    // px stays 4 at the target: the values are the traced ones, nothing is guessed.
    assertTrue(BlockSplit.blind(obs, new Grid(new int[] {4, 8})).isEmpty());
  }
}
