package org.benchgen.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.HandWrittenTrace;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.trace.Op;
import org.benchgen.trace.TraceProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class TraceStatsTest {
  @TempDir
  Path dir;

  /** {@link SendRecvTrace}'s run as streams: rank 1's receives take longer and it ends later. */
  private static final String RANK0 = HandWrittenTrace.text(
      "# benchgen-trace 1 rank=0 size=2",
      "MPI_Init site=m.c:1 enter=0 exit=10",
      "MPI_Send site=m.c:2 enter=110 exit=130 comm=0 dest=1 tag=5 count=3 type=MPI_INT tsize=4",
      "MPI_Send site=m.c:2 enter=230 exit=250 comm=0 dest=1 tag=5 count=3 type=MPI_INT tsize=4",
      "MPI_Finalize site=m.c:9 enter=300 exit=340");
  private static final String RANK1 = HandWrittenTrace.text(
      "# benchgen-trace 1 rank=1 size=2",
      "MPI_Init site=m.c:1 enter=0 exit=10",
      "MPI_Recv site=m.c:3 enter=110 exit=140 comm=0 src=0 tag=5 count=3 type=MPI_INT tsize=4"
          + " bytes=12",
      "MPI_Recv site=m.c:3 enter=240 exit=270 comm=0 src=0 tag=5 count=3 type=MPI_INT tsize=4"
          + " bytes=12",
      "MPI_Finalize site=m.c:9 enter=320 exit=360");


  private TraceStats raw(String... ranks) throws IOException {
    for (int r = 0; r < ranks.length; r++) {
      Files.writeString(dir.resolve("rank-" + r + ".trace"), ranks[r]);
    }
    return TraceStats.of(TraceDirectory.open(dir), r -> {});
  }

  @Test
  void aStreamThatCompressRefusesIsRefusedToo() {
    // A negative count (stats once summed -40 bytes) and a request never created (stats once
    // skipped the request checks that compress makes): the reader refuses both, for everyone.
    TraceProblem count = assertThrows(TraceProblem.class, () -> raw(RANK0.replace("count=3",
        "count=-5"), RANK1));
    assertEquals(dir.resolve("rank-0.trace") + ":3: negative value -5 for 'count'",
        count.getMessage());
    TraceProblem request = assertThrows(TraceProblem.class, () -> raw(RANK0, RANK1.replace(
        "MPI_Finalize", "MPI_Wait site=w enter=280 exit=290 req=4\nMPI_Finalize")));
    assertEquals(dir.resolve("rank-1.trace") + ":5: MPI_Wait uses request 4, which was never"
        + " created (or was already completed or freed)", request.getMessage());
  }

  @Test
  void rawCallsAndBytesPerRankInCallTableOrder() throws IOException {
    TraceStats s = raw(RANK0, RANK1);
    assertEquals(List.of(new TraceStats.Row(0, Op.INIT, 1, 0),
        new TraceStats.Row(0, Op.FINALIZE, 1, 0), new TraceStats.Row(0, Op.SEND, 2, 24),
        new TraceStats.Row(1, Op.INIT, 1, 0), new TraceStats.Row(1, Op.FINALIZE, 1, 0),
        new TraceStats.Row(1, Op.RECV, 2, 24)), s.rows());
  }

  @Test
  void largeCountFormsAreCountedApartAndTogetherInByOp() throws IOException {
    // Rank 0 sends 3 doubles with MPI_Send and 3 with MPI_Send_c (large=1), rank 1 receives them
    // with MPI_Recv_c: 24 bytes each; a row per form, MPI_Send before MPI_Send_c.
    String head = "MPI_Init site=m.c:1 enter=0 exit=10\n";
    String send = "MPI_Send site=m.c:%d enter=%d exit=%d comm=0 dest=1 tag=0 count=3"
        + " type=MPI_DOUBLE tsize=8%s\n";
    String recv = "MPI_Recv site=m.c:4 enter=%d exit=%d comm=0 src=0 tag=0 count=3"
        + " type=MPI_DOUBLE tsize=8 bytes=24 large=1\n";
    String end = "MPI_Finalize site=m.c:9 enter=300 exit=340";
    TraceStats s = raw("# benchgen-trace 1 rank=0 size=2\n" + head
        + String.format(send, 2, 20, 30, " large=1") + String.format(send, 3, 40, 50, "") + end,
        "# benchgen-trace 1 rank=1 size=2\n" + head + String.format(recv, 20, 30)
        + String.format(recv, 40, 50) + end);
    assertEquals(List.of(new TraceStats.Row(0, Op.INIT, 1, 0),
        new TraceStats.Row(0, Op.FINALIZE, 1, 0), new TraceStats.Row(0, Op.SEND, 1, 24),
        new TraceStats.Row(0, new TraceStats.Call(Op.SEND, true), 1, 24),
        new TraceStats.Row(1, Op.INIT, 1, 0), new TraceStats.Row(1, Op.FINALIZE, 1, 0),
        new TraceStats.Row(1, new TraceStats.Call(Op.RECV, true), 2, 48)), s.rows());
    assertEquals("MPI_Send_c", s.rows().get(3).name());
    assertEquals(List.of(2L, 48L), List.of(s.rank(0).byOp().get(Op.SEND)[0],
        s.rank(0).byOp().get(Op.SEND)[1]));
  }

  @Test
  void aPersistentCollectiveCountsItsBytesAtEachStart() throws IOException {
    // Rank 1 of 2: an MPI_Bcast_init of 3 doubles from rank 0 (24 bytes a start, on every rank)
    // and an MPI_Gather_init of 2 ints to rank 0 (8 a start), started together twice, the
    // Bcast once more alone: 3 x 24 + 2 x 8 = 88 bytes in the starts, none in the inits.
    String init = "MPI_Init site=m.c:1 enter=0 exit=10\n";
    String calls = "MPI_Bcast_init site=m.c:2 enter=20 exit=30 comm=0 root=0 count=3"
        + " type=MPI_DOUBLE tsize=8 req=1\n"
        + "MPI_Gather_init site=m.c:3 enter=40 exit=50 comm=0 root=0 count=2 type=MPI_INT"
        + " tsize=4 rcount=%s rtype=%s rtsize=%s req=2\n"
        + "MPI_Startall site=m.c:4 enter=60 exit=70 reqs=1,2 bytes=0\n"
        + "MPI_Waitall site=m.c:5 enter=80 exit=90 reqs=1,2\n"
        + "MPI_Startall site=m.c:4 enter=100 exit=110 reqs=1,2 bytes=0\n"
        + "MPI_Waitall site=m.c:5 enter=120 exit=130 reqs=1,2\n"
        + "MPI_Start site=m.c:6 enter=140 exit=150 req=1 bytes=0\n"
        + "MPI_Wait site=m.c:7 enter=160 exit=170 req=1\n"
        + "MPI_Request_free site=m.c:8 enter=180 exit=190 req=1\n"
        + "MPI_Request_free site=m.c:8 enter=200 exit=210 req=2\n"
        + "MPI_Finalize site=m.c:9 enter=300 exit=340";
    TraceStats s = raw("# benchgen-trace 1 rank=0 size=2\n" + init
        + String.format(calls, "2", "MPI_INT", "4"),
        "# benchgen-trace 1 rank=1 size=2\n" + init
        + String.format(calls, "0", "MPI_DATATYPE_NULL", "0"));
    Map<Op, long[]> rank1 = new java.util.EnumMap<>(Op.class);
    for (TraceStats.Row r : s.rows()) {
      if (r.rank() == 1) {
        rank1.put(r.op(), new long[] {r.calls(), r.bytes()});
      }
    }
    assertEquals(List.of(2L, 2 * (24L + 8)), List.of(rank1.get(Op.STARTALL)[0],
        rank1.get(Op.STARTALL)[1]));
    assertEquals(List.of(1L, 24L), List.of(rank1.get(Op.START)[0], rank1.get(Op.START)[1]));
    assertEquals(0L, rank1.get(Op.BCAST_INIT)[1]);
    assertEquals(0L, rank1.get(Op.GATHER_INIT)[1]);
  }

  @Test
  void rawPointToPointBytesBySenderAndReceiver() throws IOException {
    TraceStats s = raw(RANK0, RANK1);
    assertEquals(Map.of(1, 24L), s.rank(0).sentTo());
    assertEquals(Map.of(), s.rank(1).sentTo());
  }

  @Test
  void rawTimesPerRankWorkedOutByHand() throws IOException {
    TraceStats s = raw(RANK0, RANK1);
    TraceStats.RankStats r0 = s.rank(0);
    assertEquals(4, r0.events());
    // In MPI: 10 + 20 + 20 + 40; between calls: (110-10) + (230-130) + (300-250).
    assertEquals(90, r0.mpiNs());
    assertEquals(250, r0.computeNs());
    // From the end of MPI_Init (10) to the start of MPI_Finalize (300).
    assertEquals(290, r0.runNs());
    TraceStats.RankStats r1 = s.rank(1);
    assertEquals(10 + 30 + 30 + 40, r1.mpiNs());
    assertEquals((110 - 10) + (240 - 140) + (320 - 270), r1.computeNs());
    assertEquals(320 - 10, r1.runNs());
  }

  @Test
  void withoutInitTheRunIsFromTheFirstCallToFinalize() throws IOException {
    // A stream ends with MPI_Finalize (one that does not is refused), but may start without Init.
    TraceStats s = raw(HandWrittenTrace.text("# benchgen-trace 1 rank=0 size=1",
        "MPI_Barrier site=b.c:1 enter=100 exit=120 comm=0",
        "MPI_Barrier site=b.c:1 enter=200 exit=230 comm=0",
        "MPI_Finalize site=f enter=300 exit=330"));
    assertEquals(300 - 100, s.rank(0).runNs());
  }

  @Test
  void progressCountsTheRanksDone() throws IOException {
    Files.writeString(dir.resolve("rank-0.trace"), RANK0);
    Files.writeString(dir.resolve("rank-1.trace"), RANK1);
    List<Integer> raw = new ArrayList<>();
    TraceStats.of(TraceDirectory.open(dir), raw::add);
    List<Integer> compressed = new ArrayList<>();
    TraceStats.of(SendRecvTrace.read(), compressed::add);
    assertEquals(List.of(1, 2), raw);
    assertEquals(List.of(1, 2), compressed);
  }

  @Test
  void compressedNumbersEqualTheRawOnes() throws IOException {
    TraceStats raw = raw(RANK0, RANK1);
    TraceStats compressed = TraceStats.of(SendRecvTrace.read(), r -> {});
    assertEquals(raw.worldSize(), compressed.worldSize());
    assertEquals(raw.rows(), compressed.rows());
    for (int r = 0; r < 2; r++) {
      TraceStats.RankStats a = raw.rank(r);
      TraceStats.RankStats b = compressed.rank(r);
      assertEquals(a.sentTo(), b.sentTo(), "rank " + r);
      assertEquals(a.events(), b.events(), "rank " + r);
      // Every rank's times are the same in each call path here, so the means are exact.
      assertEquals(a.mpiNs(), b.mpiNs(), "rank " + r);
      assertEquals(a.computeNs(), b.computeNs(), "rank " + r);
      assertEquals(a.runNs(), b.runNs(), "rank " + r);
    }
  }

  @Test
  void compressedTimesShareEachCallsTotalEquallyAmongItsRanks() {
    // The barrier's compute summary pools rank 0's 50 ns and rank 1's 150 ns: 200 ns in all,
    // 100 each; its durations 10 and 30 ns: 40 in all, 20 each.
    TraceStats s = TraceStats.of(HandWrittenTrace.read("benchgen-compressed 1", "world 2",
        "MPI_Init site=m.c:1",
        "    duration n=2 min=10 max=10 mean=10.0 sd=0.0 bins=4:2",
        "MPI_Barrier site=m.c:2 comm=0",
        "    compute after=m.c:1 n=2 min=50 max=150 mean=100.0 sd=70.71067811865476 bins=6:1,8:1",
        "    duration n=2 min=10 max=30 mean=20.0 sd=14.142135623730951 bins=4:1,5:1"), r -> {});
    for (int r = 0; r < 2; r++) {
      assertEquals(100, s.rank(r).computeNs(), "rank " + r);
      assertEquals(10 + 20, s.rank(r).mpiNs(), "rank " + r);
      // MPI_Init's own duration is left out of the run: compute and the barrier.
      assertEquals(100 + 20, s.rank(r).runNs(), "rank " + r);
    }
  }
  @Test
  void aLoopOfRequestsCompletedAfterItIsCountedWhole() {
    // Each rank's five MPI_Isend and five MPI_Irecv are completed by one MPI_Waitall after the
    // loops, as a thread of MPICH's mt_isendirecv does: every iteration reads the same values
    // (req=0), but each leaves one request more, so none may be taken for another. Counting
    // two iterations and repeating them once lost three requests of each loop, and the
    // Waitall's ages 9..0 met four live requests.
    CompressedTrace t = HandWrittenTrace.read("benchgen-compressed 1", "world 2",
        "loop trips=5 {",
        "  MPI_Isend site=r.c:1 comm=0 dest=+1 tag=0 count=1 type=MPI_INT tsize=4 req=0",
        "      duration n=10 min=0 max=0 mean=0.0 sd=0.0 bins=0:10",
        "}",
        "loop trips=5 {",
        "  MPI_Irecv site=r.c:2 comm=0 src=-1 tag=0 count=1 type=MPI_INT tsize=4 req=0 bytes=4",
        "      duration n=10 min=0 max=0 mean=0.0 sd=0.0 bins=0:10",
        "}",
        "MPI_Waitall site=r.c:3 reqs=[9,8,7,6,5,4,3,2,1,0]",
        "    duration n=2 min=0 max=0 mean=0.0 sd=0.0 bins=0:2");
    TraceStats s = TraceStats.of(t, r -> {});
    for (int rank = 0; rank < 2; rank++) {
      int r = rank;
      assertEquals(List.of(new TraceStats.Row(r, Op.ISEND, 5, 20),
          new TraceStats.Row(r, Op.IRECV, 5, 20), new TraceStats.Row(r, Op.WAITALL, 1, 0)),
          s.rows().stream().filter(row -> row.rank() == r).toList(), "rank " + r);
    }
  }
  @Test
  @Timeout(120) // a guard against a walk of every iteration (hours), not a measure
  void aLoopThatCompletesItsOwnRequestsIsStillCountedFromTwoIterations() {
    // Each iteration leaves no request live, as it found: 10^12 iterations are counted, not
    // walked.
    long trips = 1_000_000_000_000L;
    CompressedTrace t = HandWrittenTrace.read("benchgen-compressed 1", "world 2",
        "loop trips=" + trips + " {",
        "  MPI_Isend site=r.c:1 comm=0 dest=+1 tag=0 count=1 type=MPI_INT tsize=4 req=0",
        "      duration n=2 min=0 max=0 mean=0.0 sd=0.0 bins=0:2",
        "  MPI_Irecv site=r.c:2 comm=0 src=-1 tag=0 count=1 type=MPI_INT tsize=4 req=0 bytes=4",
        "      duration n=2 min=0 max=0 mean=0.0 sd=0.0 bins=0:2",
        "  MPI_Waitall site=r.c:3 reqs=[1,0]",
        "      duration n=2 min=0 max=0 mean=0.0 sd=0.0 bins=0:2",
        "}");
    TraceStats s = TraceStats.of(t, r -> {});
    assertEquals(List.of(new TraceStats.Row(0, Op.ISEND, trips, 4 * trips),
        new TraceStats.Row(0, Op.IRECV, trips, 4 * trips),
        new TraceStats.Row(0, Op.WAITALL, trips, 0)),
        s.rows().stream().filter(row -> row.rank() == 0).toList());
  }
}
