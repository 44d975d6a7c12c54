package org.benchgen.extrapolate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.CompressedTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Grids of periodic and coarse-stepping exchanges, found from the ranks' coordinates. */
class GridSearchTest {
  @TempDir
  Path dir;

  /** Every rank of a periodic grid {@code dims} and its neighbour {@code steps} along {@code d}. */
  private static List<long[]> periodic(int[] dims, int d, int... steps) {
    Grid g = new Grid(dims);
    List<long[]> out = new ArrayList<>();
    for (int r = 0; r < g.size(); r++) {
      for (int s : steps) {
        int[] c = g.coords(r);
        c[d] = Math.floorMod(c[d] + s, dims[d]);
        out.add(new long[] {r, g.rank(c) - r});
      }
    }
    return out;
  }

  @Test
  void aPeriodicTwoDimensionalGridIsFoundThroughItsWraps() {
    // 4x4 periodic: at x=0 the -1 neighbour is 3 ranks up, at y=0 the -1 neighbour 12 up; the
    // offsets 1, 3, 4, 12 are no product of strides.
    List<long[]> pairs = periodic(new int[] {4, 4}, 0, 1, -1);
    pairs.addAll(periodic(new int[] {4, 4}, 1, 1, -1));
    assertArrayEquals(new int[] {4, 4}, GridSearch.best(16, pairs).orElseThrow().dims());
    // A multipartition's q x q torus at q = 3 and 5 (NPB BT's 9 and 25 ranks): its wraps of 2
    // and 4 along x, 6 and 20 along y.
    for (int q : new int[] {3, 5}) {
      List<long[]> torus = periodic(new int[] {q, q}, 0, 1, -1);
      torus.addAll(periodic(new int[] {q, q}, 1, 1, -1));
      assertArrayEquals(new int[] {q, q}, GridSearch.best(q * q, torus).orElseThrow().dims());
    }
  }

  @Test
  void aCoarseLevelsStepsOfTwoAddNoDimension() {
    // 2x2x4 periodic, and a coarse level's step of 2 along z (8 ranks): still 2x2x4, which has
    // one long step (z+2) where 4x4 would have two (x+2 for the offset 2, y+2 for 8).
    int[] dims = {2, 2, 4};
    List<long[]> pairs = periodic(dims, 0, 1);
    pairs.addAll(periodic(dims, 1, 1));
    pairs.addAll(periodic(dims, 2, 1, -1, 2));
    assertArrayEquals(dims, GridSearch.best(16, pairs).orElseThrow().dims());
    // By hand: on 4x4, rank 0's +2 is (2,0) and +8 is (0,2): 2 steps each, so scored worse.
    long[] flat = GridSearch.score(new Grid(new int[] {4, 4}), List.of(new long[] {0, 2},
        new long[] {0, 8}, new long[] {0, 1}, new long[] {0, 4}));
    assertArrayEquals(new long[] {2, 2, 2}, flat);
  }

  @Test
  void aPairThatIsNoGridStepRulesTheGridOut() {
    // On 4x4, 0 -> 6 is (2,1): two dimensions, one of them 2: no step of that grid.
    assertEquals(0, GridSearch.score(new Grid(new int[] {4, 4}),
        List.of(new long[] {0, 6})).length);
  }

  @Test
  void factorizationsAreOrderedAndComplete() {
    // 8 = 2x4, 4x2, 2x2x2: by hand.
    List<int[]> f = GridSearch.factorizations(8);
    assertEquals(3, f.size());
    assertArrayEquals(new int[] {2, 4}, f.get(0));
    assertArrayEquals(new int[] {2, 2, 2}, f.get(1));
    assertArrayEquals(new int[] {4, 2}, f.get(2));
  }

  private CompressedTrace read(String text) throws IOException {
    Path f = dir.resolve("t" + text.hashCode() + ".bgc");
    // Every call runs once on every rank here: a duration of 10 ns each.
    int world = Integer.parseInt(text.split("\n")[1].substring(6));
    Files.writeString(f, text.replace("tsize=4\n", "tsize=4\n    duration 10*" + world + "\n"));
    return TraceFiles.readCompressed(f);
  }

  @Test
  void peersOnACopyOfTheWorldShowTheGrid() throws IOException {
    // A 2x2x2 exchange on communicator 1, which holds the world in its order (a split of one
    // colour): its grid, not a line.
    String text = "benchgen-compressed 1\nworld 8\ncomm 1 members=0..7\n"
        + "MPI_Send site=a comm=1 dest=+1@0..6:2;-1@1..7:2 tag=1 count=4 type=MPI_INT tsize=4\n"
        + "MPI_Send site=b comm=1 dest=+2@0..1/4x2;-2@2..3/4x2 tag=1 count=4 type=MPI_INT"
        + " tsize=4\n"
        + "MPI_Send site=c comm=1 dest=+4 tag=1 count=4 type=MPI_INT tsize=4\n";
    assertArrayEquals(new int[] {2, 2, 2}, GridInference.of(read(text)).dims());
  }

  @Test
  void aSideOfOneGoesWhereTheCallSitesSay() throws IOException {
    // At 4 ranks laid out 1x2x2, site a exchanges with the rank itself (x has a side of 1), b
    // steps 1 and c steps 2: the offsets read 2x2. At 8 (2x2x2) b steps y and c steps z, so
    // the small grid is 1x2x2, not 2x2x1.
    String small = "benchgen-compressed 1\nworld 4\n"
        + "MPI_Send site=a comm=0 dest=+0 tag=1 count=4 type=MPI_INT tsize=4\n"
        + "MPI_Send site=b comm=0 dest=+1@0,2;-1@1,3 tag=1 count=4 type=MPI_INT tsize=4\n"
        + "MPI_Send site=c comm=0 dest=+2@0..1;-2@2..3 tag=1 count=4 type=MPI_INT tsize=4\n";
    String big = "benchgen-compressed 1\nworld 8\n"
        + "MPI_Send site=a comm=0 dest=+1@0..6:2;-1@1..7:2 tag=1 count=4 type=MPI_INT tsize=4\n"
        + "MPI_Send site=b comm=0 dest=+2@0..1/4x2;-2@2..3/4x2 tag=1 count=4 type=MPI_INT"
        + " tsize=4\n"
        + "MPI_Send site=c comm=0 dest=+4 tag=1 count=4 type=MPI_INT tsize=4\n";
    CompressedTrace s = read(small);
    CompressedTrace b = read(big);
    Grid g = GridInference.of(s);
    assertArrayEquals(new int[] {2, 2}, g.dims());
    Grid bg = GridInference.of(b);
    assertArrayEquals(new int[] {1, 2, 2}, GridAlignment.align(g, s, bg, b).dims());
    // Sites that step along the same dimension at both counts keep the padding at the end.
    assertArrayEquals(new int[] {2, 2, 1}, GridAlignment.align(g, s, bg, s).dims());
    assertTrue(GridAlignment.stepDims(s, g).get("a") == null); // its own rank: no step
  }
}
