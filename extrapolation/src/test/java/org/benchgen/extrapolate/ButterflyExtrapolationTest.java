package org.benchgen.extrapolate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Rsd;
import org.benchgen.stats.TraceComparison;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program of P = 2^k ranks laid out as rows x cols (cols = 2^ceil(k/2)) that sums across a row
 * by recursive halving (partners r XOR cols/2, ..., r XOR 1; tags log2 cols down to 1; n/cols
 * ints) and then swaps with its transpose partner: written here by its definition at every count,
 * as the compressor writes it (a loop of one trip is its body), so the right answer at 32 and 64
 * ranks is known without the tool.
 */
class ButterflyExtrapolationTest {
  @TempDir
  Path dir;

  private CompressedTrace program(int p, boolean brokenTranspose) throws IOException {
    int k = Integer.numberOfTrailingZeros(p);
    int cols = 1 << ((k + 1) / 2);
    int rows = p / cols;
    int trips = Integer.numberOfTrailingZeros(cols);
    int n = 1024 / cols;
    StringBuilder b = new StringBuilder("benchgen-compressed 1\nworld " + p + "\n"
        + "MPI_Init site=a\n    duration 10*" + p + "\nloop trips=3 {\n");
    StringBuilder tags = new StringBuilder();
    for (int t = trips; t >= 1; t--) {
      tags.append(t == trips ? "" : ",").append(t);
    }
    IntFunction<String> butterfly = r -> {
      StringBuilder s = new StringBuilder();
      for (int t = trips - 1; t >= 0; t--) {
        s.append(t == trips - 1 ? "" : ",").append(r ^ (1 << t));
      }
      return s.toString();
    };
    String body = "MPI_Send site=b comm=0 dest=" + perRank(p, butterfly) + " tag=" + tags
        + " count=" + n + " type=MPI_INT tsize=4\n    duration 10*" + 3 * trips * p + "\n"
        + "MPI_Recv site=c comm=0 src=" + perRank(p, butterfly) + " tag=" + tags + " count=" + n
        + " type=MPI_INT tsize=4 bytes=" + 4 * n + "\n    duration 10*" + 3 * trips * p + "\n";
    b.append(trips == 1 ? body : "loop trips=" + trips + " {\n" + body + "}\n");
    // NPB CG's exch_proc, written independently of the tool's transpose.
    IntFunction<String> transpose = r -> Integer.toString(brokenTranspose && r == 2 ? 2
        : cols == rows ? (r % rows) * rows + r / rows
        : 2 * ((r / 2 % rows) * rows + r / 2 / rows) + r % 2);
    b.append("MPI_Send site=d comm=0 dest=").append(perRank(p, transpose)).append(" tag=7 count=")
        .append(n).append(" type=MPI_INT tsize=4\n    duration 10*").append(3 * p).append("\n")
        .append("MPI_Recv site=e comm=0 src=").append(perRank(p, transpose)).append(" tag=7 count=")
        .append(n).append(" type=MPI_INT tsize=4 bytes=").append(4 * n)
        .append("\n    duration 10*").append(3 * p).append("\n}\n")
        .append("MPI_Finalize site=f\n    duration 10*").append(p).append("\n");
    Path f = dir.resolve("b" + p + ".bgc");
    Files.writeString(f, b.toString());
    return TraceFiles.readCompressed(f);
  }

  private static String perRank(int p, IntFunction<String> v) {
    StringBuilder s = new StringBuilder();
    for (int r = 0; r < p; r++) {
      s.append(r == 0 ? "" : ";").append(v.apply(r)).append('@').append(r);
    }
    return s.toString();
  }

  private List<Extrapolator.Traced> traced(boolean broken) throws IOException {
    List<Extrapolator.Traced> out = new ArrayList<>();
    for (int p : new int[] {4, 8, 16}) {
      out.add(new Extrapolator.Traced("b" + p, program(p, broken && p == 8)));
    }
    return out;
  }

  @Test
  void theButterflyAndTheTransposeAreTheProgramsAtThirtyTwoAndSixtyFour() throws Exception {
    for (int p : new int[] {32, 64}) {
      Extrapolator.Result r = Extrapolator.extrapolate(traced(false), p);
      TraceComparison cmp = new TraceComparison(TraceStats.of(program(p, false), x -> { }),
          TraceStats.of(r.trace(), x -> { }));
      assertTrue(cmp.identical(), p + ": " + cmp.callDifferences() + " "
          + cmp.matrixDifferences());
    }
    Extrapolator.Result r = Extrapolator.extrapolate(traced(false), 32);
    assertEquals(new Grid(new int[] {8, 4}), r.grid());
    // By hand, at 32 ranks (4 rows of 8): rank 5 sums with 5^4 = 1, 5^2 = 7, 5^1 = 4 under tags
    // 3, 2, 1, sends 1024/8 = 128 ints; its transpose partner is row 2, block 0, lo 1 = 17.
    Loop outer = (Loop) r.trace().body().get(1);
    Loop fly = (Loop) outer.body().get(0);
    assertEquals(3, fly.tripsOn(5).getAsLong());
    Rsd send = (Rsd) fly.body().get(0);
    assertEquals(List.of(1L, 7L, 4L), absolute(send, Field.DEST, 5, 32, 3));
    assertEquals(List.of(3L, 2L, 1L), absolute(send, Field.TAG, 5, 0, 3));
    assertEquals(128, send.param(Field.COUNT).entryFor(5).orElseThrow().values().seq()
        .constant().getAsLong());
    Rsd swap = (Rsd) outer.body().get(1);
    assertEquals(List.of(17L), absolute(swap, Field.DEST, 5, 32, 1));
    assertTrue(r.explained().stream().anyMatch(e -> e.field().equals("trips")
        && e.model().equals("log2 span") && e.atTarget().equals("3")), r.explained().toString());
    assertTrue(r.explained().stream().anyMatch(e -> e.field().startsWith("butterfly span")
        && e.model().equals("px") && e.atTarget().equals("8")), r.explained().toString());
  }

  @Test
  void aPartnerThatIsNoTransposeAtOneCountIsRefused() throws Exception {
    ExtrapolationException e = assertThrows(ExtrapolationException.class,
        () -> Extrapolator.extrapolate(traced(true), 32));
    assertTrue(e.getMessage().contains("MPI_Send at d dest is the transpose within a 4x4 layout"
        + " at 16 ranks but not within the grid"), e.getMessage());
  }

  /** The first {@code n} values of rank {@code rank}'s entry; peers made absolute in {@code p}. */
  private static List<Long> absolute(Rsd r, Field f, int rank, int p, int n) {
    var e = r.param(f).entryFor(rank).orElseThrow();
    boolean rel = e.values() instanceof org.benchgen.ir.EntryValues.Relative;
    var it = e.values().seq().iterator();
    List<Long> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long v = it.nextLong();
      out.add(rel ? Math.floorMod(rank + v, (long) p) : v);
    }
    return out;
  }
}
