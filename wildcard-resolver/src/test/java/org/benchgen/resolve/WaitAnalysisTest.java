package org.benchgen.resolve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.WaitTimes;
import org.benchgen.trace.Op;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WaitAnalysisTest {
  @TempDir
  Path tmp;

  private static final String INT = " comm=0 tag=0 count=1 type=MPI_INT tsize=4";

  /**
   * Two ranks, times chosen by hand. Rank 0 waits in MPI_Recv from 100 until rank 1's send
   * starts at 400 (300 late sender); at the Barrier from 700 until rank 1 enters at 900 (200
   * collective wait); in its first MPI_Wait from 1200 until the send at 1350 (150); not in its
   * second, whose send (1650) started before the wait (1700). Rank 1 waits at MPI_Finalize
   * from 1900 until rank 0 enters at 2000 (100).
   */
  private Path handTrace() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("hand"));
    Files.writeString(dir.resolve("rank-0.trace"), String.join("\n",
        "# benchgen-trace 1 rank=0 size=2",
        "MPI_Init site=main enter=0 exit=10",
        "MPI_Recv site=a.c:1 enter=100 exit=600 src=1 bytes=4" + INT,
        "MPI_Barrier site=a.c:2 enter=700 exit=1000 comm=0",
        "MPI_Irecv site=a.c:3 enter=1100 exit=1110 src=1 req=1" + INT,
        "MPI_Wait site=a.c:4 enter=1200 exit=1500 req=1",
        "MPI_Irecv site=a.c:5 enter=1600 exit=1610 src=1 req=2" + INT,
        "MPI_Wait site=a.c:6 enter=1700 exit=1800 req=2",
        "MPI_Finalize site=end enter=2000 exit=2100", ""));
    Files.writeString(dir.resolve("rank-1.trace"), String.join("\n",
        "# benchgen-trace 1 rank=1 size=2",
        "MPI_Init site=main enter=0 exit=10",
        "MPI_Send site=b.c:1 enter=400 exit=450 dest=0" + INT,
        "MPI_Barrier site=b.c:2 enter=900 exit=1000 comm=0",
        "MPI_Send site=b.c:3 enter=1350 exit=1360 dest=0" + INT,
        "MPI_Send site=b.c:4 enter=1650 exit=1660 dest=0" + INT,
        "MPI_Finalize site=end2 enter=1900 exit=2100", ""));
    return dir;
  }

  private static CompressedTrace compress(TraceDirectory d) throws IOException {
    return new TraceCompressor().compress(d, n -> { }).trace();
  }

  @Test
  void tracedTimesGiveTheWaitsComputedByHand() throws IOException {
    TraceDirectory d = TraceDirectory.open(handTrace());
    WaitTimes w = WaitAnalysis.fromTraced(compress(d), d);
    assertEquals(WaitTimes.Basis.TRACED, w.basis());
    assertEquals("", w.incomplete());
    assertArrayEquals(new long[] {300, 0}, w.of(0, Op.RECV));
    assertArrayEquals(new long[] {0, 200}, w.of(0, Op.BARRIER));
    assertArrayEquals(new long[] {150, 0}, w.of(0, Op.WAIT));
    assertArrayEquals(new long[] {0, 0}, w.of(0, Op.FINALIZE));
    assertArrayEquals(new long[] {0, 100}, w.of(1, Op.FINALIZE));
    assertArrayEquals(new long[] {0, 0}, w.of(1, Op.BARRIER));
    assertEquals(450, w.lateSenderNs(0));
    assertEquals(200, w.collectiveWaitNs(0));
    assertEquals(100, w.collectiveWaitNs(1));
    assertEquals(4, w.rows().size());
  }

  /**
   * Every call of the hand trace has its own site and a single time, so its summaries hold the
   * exact times and the estimates equal the traced waits.
   */
  @Test
  void summariesOfSingleValuesGiveTheSameWaits() throws IOException {
    TraceDirectory d = TraceDirectory.open(handTrace());
    CompressedTrace t = compress(d);
    WaitTimes exact = WaitAnalysis.fromTraced(t, d);
    WaitTimes est = WaitAnalysis.fromSummaries(t);
    assertEquals(WaitTimes.Basis.SUMMARIES, est.basis());
    assertEquals(exact.rows(), est.rows());
  }

  /** A wait is never longer than the call it happens in. */
  @Test
  void aWaitIsCappedByItsCall() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("cap"));
    Files.writeString(dir.resolve("rank-0.trace"), String.join("\n",
        "# benchgen-trace 1 rank=0 size=2",
        "MPI_Recv site=a.c:1 enter=100 exit=200 src=1 bytes=4" + INT,
        "MPI_Finalize site=f enter=6000 exit=6100", ""));
    Files.writeString(dir.resolve("rank-1.trace"), String.join("\n",
        "# benchgen-trace 1 rank=1 size=2",
        "MPI_Send site=b.c:1 enter=5000 exit=5100 dest=0" + INT,
        "MPI_Finalize site=f enter=6000 exit=6100", ""));
    TraceDirectory d = TraceDirectory.open(dir);
    assertArrayEquals(new long[] {100, 0}, WaitAnalysis.fromTraced(compress(d), d)
        .of(0, Op.RECV));
  }

  /** A deadlocked run: the waits cover what ran, and say so. */
  @Test
  void aDeadlockLeavesTheTimesIncompleteAndSaysWhy() throws IOException {
    Path dir = Path.of("..", "samples", "traces", "deadlock");
    WaitTimes w = WaitAnalysis.fromSummaries(compress(TraceDirectory.open(dir)));
    assertTrue(w.incomplete().contains("deadlock"), w.incomplete());
  }

  /**
   * A blocking probe waits for its sender like a receive (reviewed case): rank 0 probes from 100
   * to 500, rank 1's send enters at 400: 300 ns; the receive after it waits no more.
   */
  @Test
  void aBlockingProbeWaitsForItsSender() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("probe"));
    Files.writeString(dir.resolve("rank-0.trace"), String.join("\n",
        "# benchgen-trace 1 rank=0 size=2",
        "MPI_Probe site=a.c:1 enter=100 exit=500 comm=0 src=1 tag=0",
        "MPI_Recv site=a.c:2 enter=510 exit=520 src=1 bytes=4" + INT,
        "MPI_Finalize site=f enter=600 exit=700", ""));
    Files.writeString(dir.resolve("rank-1.trace"), String.join("\n",
        "# benchgen-trace 1 rank=1 size=2",
        "MPI_Send site=b.c:1 enter=400 exit=450 dest=0" + INT,
        "MPI_Finalize site=f enter=600 exit=700", ""));
    TraceDirectory d = TraceDirectory.open(dir);
    WaitTimes w = WaitAnalysis.fromTraced(compress(d), d);
    assertArrayEquals(new long[] {300, 0}, w.of(0, Op.PROBE));
    assertArrayEquals(new long[] {0, 0}, w.of(0, Op.RECV));
  }
}
