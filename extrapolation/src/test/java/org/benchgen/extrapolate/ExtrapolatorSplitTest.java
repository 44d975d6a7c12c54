package org.benchgen.extrapolate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Node;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 2-D halo over a grid of {@code n x n} points block-split over px x py ranks (the first
 * {@code n mod k} parts one longer), 3 ints a point of the face: the counts follow the split,
 * which no function of P or of the sides gives where n does not divide. Sides by hand.
 */
class ExtrapolatorSplitTest {
  @TempDir
  Path dir;

  /** 9 split over 2 and over 4; 11 split over 2 and over 4. */
  private static final Map<Integer, Map<Integer, int[]>> SIDES = Map.of(
      9, Map.of(2, new int[] {5, 4}, 4, new int[] {3, 2, 2, 2}),
      11, Map.of(2, new int[] {6, 5}, 4, new int[] {3, 3, 3, 2}));

  private CompressedTrace halo(int n, int px, int py) throws IOException {
    int p = px * py;
    int[] sx = SIDES.get(n).get(px);
    int[] sy = SIDES.get(n).get(py);
    StringBuilder t = new StringBuilder("benchgen-compressed 1\nworld " + p + "\n");
    t.append("MPI_Init site=a\n    duration 10*" + p + "\n");
    // Along x a column of the rank's y-side, along y a row of its x-side.
    call(t, "MPI_Send site=b", p, r -> r % px < px - 1, "dest=+1", r -> 3 * sy[r / px], false);
    call(t, "MPI_Recv site=c", p, r -> r % px > 0, "src=-1", r -> 3 * sy[r / px], true);
    call(t, "MPI_Send site=d", p, r -> r / px < py - 1, "dest=+" + px, r -> 3 * sx[r % px],
        false);
    call(t, "MPI_Recv site=e", p, r -> r / px > 0, "src=-" + px, r -> 3 * sx[r % px], true);
    t.append("MPI_Finalize site=f\n    compute ^ 100*" + p + "\n    duration 10*" + p + "\n");
    Path f = dir.resolve("h" + n + "-" + p + ".bgc");
    Files.writeString(f, t.toString());
    return TraceFiles.readCompressed(f);
  }

  private static void call(StringBuilder t, String head, int p, IntPredicate on, String peer,
      IntUnaryOperator count, boolean recv) {
    List<String> ranks = new ArrayList<>();
    List<String> counts = new ArrayList<>();
    List<String> bytes = new ArrayList<>();
    for (int r = 0; r < p; r++) {
      if (on.test(r)) {
        ranks.add(Integer.toString(r));
        counts.add(count.applyAsInt(r) + "@" + r);
        bytes.add(4 * count.applyAsInt(r) + "@" + r);
      }
    }
    t.append(head + " ranks=" + String.join(",", ranks) + " comm=0 " + peer + " tag=0 count="
        + String.join(";", counts) + " type=MPI_INT tsize=4"
        + (recv ? " bytes=" + String.join(";", bytes) : "") + "\n    compute ^ 100*"
        + ranks.size() + "\n    duration 10*" + ranks.size() + "\n");
  }

  private List<Extrapolator.Traced> traces(int n) throws IOException {
    return List.of(new Extrapolator.Traced("t4", halo(n, 2, 2)),
        new Extrapolator.Traced("t8", halo(n, 4, 2)), new Extrapolator.Traced("t16",
            halo(n, 4, 4)));
  }

  private static long count(CompressedTrace t, String site, int rank) {
    for (Node n : t.body()) {
      if (n instanceof Rsd r && r.site().equals(site)) {
        return r.param(Field.COUNT).entryFor(rank).orElseThrow().values().seq().constant()
            .getAsLong();
      }
    }
    throw new AssertionError(site);
  }

  @Test
  void countsFollowTheSplitAtTheTarget() throws Exception {
    // 9 over 8: 2, then seven of 1. At 8x8, rank 3 (x=3, y=0) sends 3*2 along x, rank 11
    // (y=1) 3*1; rank 40 (x=0, y=5) sends 3*2 along y, rank 45 (x=5) 3*1.
    Extrapolator.Result r = Extrapolator.extrapolate(traces(9), 64);
    CompressedTrace t = r.trace();
    assertEquals(6, count(t, "b", 3));
    assertEquals(3, count(t, "b", 11));
    assertEquals(6, count(t, "c", 3 + 1));
    assertEquals(6, count(t, "d", 40));
    assertEquals(3, count(t, "d", 45));
    assertEquals(3, count(t, "e", 45 + 8));
    assertTrue(r.explained().stream().anyMatch(e -> e.model().startsWith("3*(9 split over py)")),
        r.explained().toString());
  }

  @Test
  void aRegionOfLongAndShortPartsIsCutInTwoClasses() throws Exception {
    // 11 over 8: 2, 2, 2, then five of 1: the inside x=1..6 holds 2 (x=1, 2) and 1 (x=3..6);
    // at 16 ranks (11 over 4: 3, 3, 3, 2) the inside was all long.
    Extrapolator.Result r = Extrapolator.extrapolate(traces(11), 64);
    CompressedTrace t = r.trace();
    assertEquals(6, count(t, "d", 1));
    assertEquals(6, count(t, "d", 2));
    assertEquals(3, count(t, "d", 3));
    assertEquals(3, count(t, "d", 3 * 8 + 6));
    assertEquals(6, count(t, "b", 2 * 8));
    assertEquals(3, count(t, "b", 3 * 8));
    assertEquals(3, count(t, "e", 8 + 5));
    // ceil(11/k) is 12/k at 2 and 4 ranks: the x=7 y=0 ranks' own 144/py (bytes) fits them,
    // and gives 18 at 8; the split gives 3*2 ints, 24 bytes.
    assertTrue(r.explained().stream().anyMatch(e -> e.field().equals("bytes")
        && e.atTarget().equals("24") && e.model().contains("not 144/py = 18")),
        r.explained().toString());
  }
}
