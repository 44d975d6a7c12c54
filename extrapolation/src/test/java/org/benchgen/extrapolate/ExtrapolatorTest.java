package org.benchgen.extrapolate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Rsd;
import org.benchgen.stats.TraceStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Extrapolation of small hand-written traces, whose right answer is known by construction. */
class ExtrapolatorTest {
  @TempDir
  Path dir;

  /**
   * A program at {@code p} ranks: a split of the world with the given key per rank, then a
   * broadcast of {@code 1024/p} ints from rank 0 in a loop of {@code log2 p} trips.
   */
  private CompressedTrace trace(int p, String key, boolean swapComms) throws IOException {
    int log2 = Integer.numberOfTrailingZeros(p);
    String text = "benchgen-compressed 1\nworld " + p + "\n"
        + "comm 1 members=0.." + (p - 1) + "\ncomm 2 members=0.." + (p - 1) + "\n"
        + "MPI_Init site=a\n    duration 10*" + p + "\n"
        + "MPI_Comm_split site=b comm=0 color=0 key=" + key + " newcomm=" + (swapComms ? 2 : 1)
        + "\n    compute ^ 100*" + p + "\n    duration 10*" + p + "\n"
        + "MPI_Comm_dup site=c comm=0 newcomm=" + (swapComms ? 1 : 2)
        + "\n    compute ^ 100*" + p + "\n    duration 10*" + p + "\n"
        + "loop trips=" + log2 + " {\n"
        + "  MPI_Bcast site=d comm=" + (swapComms ? 2 : 1) + " root=0 count=" + (1024 / p)
        + " type=MPI_INT tsize=4\n    compute ^ 500*" + p + "\n    compute d 500*"
        + (p * (log2 - 1)) + "\n    duration 10*" + (p * log2) + "\n}\n"
        + "MPI_Finalize site=e\n    compute ^ 100*" + p + "\n    duration 10*" + p + "\n";
    Path f = dir.resolve("t" + p + ".bgc");
    Files.writeString(f, text);
    return TraceFiles.readCompressed(f);
  }

  private List<Extrapolator.Traced> traces(String keyKind) throws IOException {
    List<Extrapolator.Traced> out = new ArrayList<>();
    for (int p : new int[] {4, 8, 16}) {
      String key = "0";
      if (!keyKind.equals("zero")) {
        StringBuilder k = new StringBuilder();
        for (int r = 0; r < p; r++) {
          k.append(r == 0 ? "" : ";").append(keyKind.equals("rank") ? r : r ^ 1).append('@')
              .append(r);
        }
        key = k.toString();
      }
      out.add(new Extrapolator.Traced("t" + p, trace(p, key, p == 8)));
    }
    return out;
  }

  @Test
  void countsTripsAndCommunicatorsAreCarriedToTheTarget() throws Exception {
    Extrapolator.Result r = Extrapolator.extrapolate(traces("zero"), 64);
    CompressedTrace t = r.trace();
    assertEquals(64, t.worldSize());
    // By hand: 1024/64 = 16 ints a broadcast, log2 64 = 6 of them on every rank.
    TraceStats s = TraceStats.of(t, x -> { });
    for (int rank : new int[] {0, 1, 31, 63}) {
      assertEquals(6, s.rank(rank).byOp().get(org.benchgen.trace.Op.BCAST)[0]);
      assertEquals(6 * 16 * 4, s.rank(rank).byOp().get(org.benchgen.trace.Op.BCAST)[1]);
    }
    assertTrue(r.explained().stream().anyMatch(e -> e.field().equals("count")
        && e.model().equals("1024/P") && e.atTarget().equals("16")), r.explained().toString());
    assertTrue(r.explained().stream().anyMatch(e -> e.field().equals("trips")
        && e.model().equals("log2 P")), r.explained().toString());
    // The 8-rank trace numbered its two communicators the other way round: matched, not refused.
    Rsd bcast = (Rsd) ((org.benchgen.ir.Loop) t.body().get(3)).body().get(0);
    assertEquals(1, bcast.param(org.benchgen.trace.Field.COMM).leaves().findFirst().orElse(-1));
    // Compute: 500 ns a call at every count stays 500 ns, counted for 64 ranks' calls.
    assertEquals(64 * 6, bcast.duration().count());
    assertEquals(500, bcast.meanComputeAfter("d"), 1e-9);
  }

  @Test
  void aKeyThatIsTheRankIsTheRankAtTheTarget() throws Exception {
    Rsd split = (Rsd) Extrapolator.extrapolate(traces("rank"), 64).trace().body().get(1);
    org.benchgen.ir.Param key = split.param(org.benchgen.trace.Field.KEY);
    for (int r : new int[] {0, 1, 30, 63}) {
      assertEquals(r, key.entryFor(r).orElseThrow().values().seq().constant().getAsLong());
    }
  }

  @Test
  void aKeyOfNoModelIsRefusedNotCarriedFromOneRank() throws Exception {
    // r XOR 1: 1, 0, 3, 2, ... differs between the inside ranks and is no a + b*rank.
    ExtrapolationException e = assertThrows(ExtrapolationException.class,
        () -> Extrapolator.extrapolate(traces("xor"), 64));
    assertTrue(e.getMessage().contains("MPI_Comm_split at b key differs between ranks placed"
        + " alike at 16 ranks (x=1..14): rank 1 0, rank 2 3"), e.getMessage());
  }

  @Test
  void oneTraceIsNotEnough() throws Exception {
    ExtrapolationException e = assertThrows(ExtrapolationException.class,
        () -> Extrapolator.extrapolate(traces("zero").subList(0, 1), 64));
    assertTrue(e.getMessage().contains("two rank counts at least"), e.getMessage());
  }
}
