package org.benchgen.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.findings.Finding;
import org.benchgen.findings.Problem;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.samples.Synth;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.testing.Calls;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WildcardResolverTest {
  private static final Path SAMPLES = Path.of("..", "samples", "traces");

  @TempDir
  Path tmp;

  private static CompressedTrace compress(Path dir) throws IOException {
    return new TraceCompressor().compress(TraceDirectory.open(dir), n -> { }).trace();
  }

  private static Resolution.Resolved resolved(CompressedTrace t, boolean re) {
    return assertInstanceOf(Resolution.Resolved.class, new WildcardResolver(t, re).resolve());
  }

  private static Finding failed(CompressedTrace t) {
    return assertInstanceOf(Resolution.Failed.class, new WildcardResolver(t, false).resolve())
        .finding();
  }

  /** Rank {@code r}'s calls of {@code op}, expanded. */
  private static List<RawEvent> calls(CompressedTrace t, int r, Op op) {
    return Calls.expand(t, r).stream().filter(e -> e.op() == op).toList();
  }

  private static List<Long> sources(CompressedTrace t, int r) {
    return calls(t, r, Op.RECV).stream().map(e -> e.get(Field.SRC)).toList();
  }

  /**
   * Figure 5: rank 1 receives from ANY_SOURCE, then from 0; ranks 0 and 2 send to 1. With no
   * recorded source the first matching sender is rank 0 (it runs first), so rank 1 then waits for
   * rank 0 in Recv(0) while rank 0 waits in MPI_Finalize for rank 1: a cycle, and rank 2's message
   * is never received (all by hand, from the sample's README).
   */
  @Test
  void figure5DeadlockIsReportedWithItsCycle() throws IOException {
    Finding f = failed(compress(SAMPLES.resolve("deadlock")));
    assertEquals(Problem.DEADLOCK, f.problem());
    assertEquals("ranks 0 -> 1 -> 0 wait for each other: rank 0 waits in MPI_Finalize at"
        + " main.c:20 for rank 1 to arrive; rank 1 waits in MPI_Recv at deadlock.c:11 for a"
        + " message from rank 0. Never received: rank 2's MPI_Send at deadlock.c:14 to rank 1"
        + " (tag 0)", f.message());
  }

  /** The wildcard sample records its sources (2,1,3,3,1,2 by its README); they are kept. */
  @Test
  void recordedSourcesAreKept() throws IOException {
    CompressedTrace in = compress(SAMPLES.resolve("wildcard"));
    Resolution.Resolved r = resolved(in, false);
    assertEquals(6, r.resolved());
    assertEquals(List.of(2L, 1L, 3L, 3L, 1L, 2L), sources(r.trace(), 0));
    assertEquals(List.of(), r.warnings());
    assertEquals(TraceStats.of(in, n -> { }).rows(), TraceStats.of(r.trace(), n -> { }).rows());
  }

  /**
   * Re-resolved, by hand: rank 0 posts its first receive and blocks; rank 1's first send matches
   * it, its second waits; ranks 2 and 3 send both theirs. In arrival order: 1, 1, 2, 2, 3, 3; five
   * of the six differ from the recorded 2, 1, 3, 3, 1, 2.
   */
  @Test
  void reResolvingComputesFirstMatchingSendersAndWarns() throws IOException {
    Resolution.Resolved r = resolved(compress(SAMPLES.resolve("wildcard")), true);
    assertEquals(List.of(1L, 1L, 2L, 2L, 3L, 3L), sources(r.trace(), 0));
    assertEquals(5, r.warnings().size());
    assertEquals("rank 0: MPI_Recv at wildcard.c:22 in iteration 1 of 6 of the loop from MPI_Recv"
        + " at wildcard.c:22: recorded source 2, resolved 1", r.warnings().get(0));
  }

  @Test
  void masterWorkerAt64Ranks() throws IOException {
    Path dir = tmp.resolve("mw");
    int tasks = 20;
    new Synth(Synth.Pattern.masterWorker, 64, tasks, 1).write(dir, false, n -> { });
    CompressedTrace in = compress(dir);
    for (boolean re : new boolean[] {false, true}) {
      Resolution.Resolved r = resolved(in, re);
      assertEquals(63L * tasks, r.resolved());
      // Every resolved receive names a real sender: each worker sent exactly `tasks` results.
      Map<Long, Integer> perWorker = new HashMap<>();
      for (long s : sources(r.trace(), 0)) {
        perWorker.merge(s, 1, Integer::sum);
      }
      assertEquals(63, perWorker.size());
      for (long w = 1; w < 64; w++) {
        assertEquals(tasks, perWorker.get(w), "results from worker " + w);
        assertEquals(tasks, calls(r.trace(), (int) w, Op.SEND).size());
      }
      if (!re) {
        assertEquals(calls(in, 0, Op.RECV).stream().map(e -> e.get(Field.ASRC)).toList(),
            sources(r.trace(), 0), "the recorded sources");
      }
    }
  }

  @Test
  void wavefrontAt64RanksHasNoDeadlockAndPassesThrough() throws IOException {
    Path dir = tmp.resolve("wf");
    new Synth(Synth.Pattern.wavefront, 64, 5, 1).write(dir, false, n -> { });
    CompressedTrace in = compress(dir);
    assertSame(in, resolved(in, false).trace());
  }

  private CompressedTrace write(List<String> ranks) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("t"));
    for (int r = 0; r < ranks.size(); r++) {
      // Every stream ends with MPI_Finalize (one that does not is refused): where the rank's own
      // does not, one far in time, which a rank that blocks before it never reaches.
      String calls = ranks.get(r);
      Files.writeString(dir.resolve("rank-" + r + ".trace"), "# benchgen-trace 1 rank=" + r
          + " size=" + ranks.size() + "\n" + calls + (calls.contains("MPI_Finalize") ? ""
              : "MPI_Finalize site=end.c:1 enter=1000000 exit=1000001\n"));
    }
    return compress(dir);
  }

  /**
   * A communicator number made again after its free (the tracer's slots, issue 50): three splits
   * give ranks 0 and 1 communicator 5 each time, freed at the end of the step; rank 0 receives
   * from MPI_ANY_SOURCE on it, rank 1 sends. Each incarnation matches its own message, and the
   * wildcard resolves to rank 1 every time.
   */
  @Test
  void aCommunicatorMadeAgainAfterItsFreeMatchesAsANewOne() throws IOException {
    List<StringBuilder> ranks = List.of(new StringBuilder("comm id=5 members=0,1\n"),
        new StringBuilder("comm id=5 members=0,1\n"), new StringBuilder());
    long t = 10;
    for (int step = 0; step < 3; step++) {
      for (int r = 0; r < 3; r++) {
        StringBuilder b = ranks.get(r);
        b.append("MPI_Comm_split site=s.c:4 enter=" + t + " exit=" + (t + 1) + " comm=0 color="
            + (r < 2 ? "0" : "UNDEFINED") + " key=" + r + " newcomm=" + (r < 2 ? "5" : "NULL")
            + "\n");
        if (r == 0) {
          b.append("MPI_Recv site=s.c:5 enter=" + (t + 2) + " exit=" + (t + 3) + " comm=5"
              + " src=ANY_SOURCE tag=0 count=1 type=MPI_INT tsize=4 bytes=4 asrc=1 atag=0\n");
        } else if (r == 1) {
          b.append("MPI_Send site=s.c:6 enter=" + (t + 2) + " exit=" + (t + 3) + " comm=5"
              + " dest=0 tag=0 count=1 type=MPI_INT tsize=4\n");
        }
        if (r < 2) {
          b.append("MPI_Comm_free site=s.c:7 enter=" + (t + 4) + " exit=" + (t + 5)
              + " comm=5\n");
        }
      }
      t += 10;
    }
    CompressedTrace in = write(ranks.stream().map(b -> b + "MPI_Finalize site=m.c:9 enter=" + 100
        + " exit=101\n").toList());
    assertEquals(1, in.comms().size());
    CompressedTrace out = resolved(in, true).trace();
    assertEquals(List.of(1L, 1L, 1L), sources(out, 0));
  }

  /** Four ranks each MPI_Ssend to the next, then receive: nobody receives; the cycle is all. */
  @Test
  void aRingOfSynchronousSendsDeadlocks() throws IOException {
    List<String> ranks = new ArrayList<>();
    for (int r = 0; r < 4; r++) {
      ranks.add("MPI_Ssend site=ring.c:7 enter=10 exit=20 comm=0 dest=" + (r + 1) % 4
          + " tag=0 count=1 type=MPI_INT tsize=4\n"
          + "MPI_Recv site=ring.c:8 enter=30 exit=40 comm=0 src=" + (r + 3) % 4
          + " tag=0 count=1 type=MPI_INT tsize=4 bytes=4\n"
          + "MPI_Finalize site=m.c:9 enter=50 exit=60\n");
    }
    Finding f = failed(write(ranks));
    assertEquals(Problem.DEADLOCK, f.problem());
    assertTrue(f.message().startsWith("ranks 0 -> 1 -> 2 -> 3 -> 0 wait for each other: rank 0"
        + " waits in MPI_Ssend at ring.c:7 for rank 1 to receive;"), f.message());
  }

  @Test
  void aMessageNeverReceivedIsReported() throws IOException {
    Finding f = failed(write(List.of(
        "MPI_Send site=s.c:3 enter=1 exit=2 comm=0 dest=1 tag=4 count=1 type=MPI_INT tsize=4\n",
        "MPI_Init site=m.c:1 enter=1 exit=2\n")));
    assertEquals(Problem.UNMATCHED_SEND, f.problem());
    assertEquals("rank 0's MPI_Send at s.c:3 to rank 1 (tag 4)", f.message());
  }

  /**
   * MPICH's issendselfcancel: a send to itself, cancelled, its request freed before any
   * completion said whether the cancel took (no `cancel` field), then a receive that could have
   * taken it, itself cancelled: the message was cancelled, not lost. Had the cancel said it
   * failed (cancel=0, a standard send then waited for), the message would be one never received.
   */
  @Test
  void aSendCancelledWithAnUnknownOutcomeAndNeverReceivedWasCancelled() throws IOException {
    String rank0 = "MPI_%s site=c.c:3 enter=1 exit=2 comm=0 dest=0 tag=5 count=0"
        + " type=MPI_BYTE tsize=1 req=1\n"
        + "MPI_Cancel site=c.c:4 enter=3 exit=4 req=1%s\n"
        + "%s"
        + "MPI_Irecv site=c.c:6 enter=7 exit=8 comm=0 src=0 tag=5 count=0 type=MPI_BYTE tsize=1"
        + " req=2 bytes=0 cancel=1\n"
        + "MPI_Cancel site=c.c:7 enter=9 exit=10 req=2 cancel=1\n"
        + "MPI_Wait site=c.c:8 enter=11 exit=12 req=2\n"
        + "MPI_Finalize site=m.c:9 enter=13 exit=14\n";
    resolved(write(List.of(String.format(rank0, "Issend", "",
        "MPI_Request_free site=c.c:5 enter=5 exit=6 req=1\n"))), false);
    Finding f = failed(write(List.of(String.format(rank0, "Isend", " cancel=0",
        "MPI_Wait site=c.c:5 enter=5 exit=6 req=1\n"))));
    assertEquals(Problem.UNMATCHED_SEND, f.problem());
    // The cancel took, and a later message of the same envelope is received: the simulation
    // gives the receive the first message; the one left over is the cancelled one, not lost.
    resolved(write(List.of("MPI_Issend site=c.c:3 enter=1 exit=2 comm=0 dest=0 tag=5 count=1"
        + " type=MPI_INT tsize=4 req=1\n"
        + "MPI_Cancel site=c.c:4 enter=3 exit=4 req=1\n"
        + "MPI_Request_free site=c.c:5 enter=5 exit=6 req=1\n"
        + "MPI_Isend site=c.c:6 enter=7 exit=8 comm=0 dest=0 tag=5 count=1 type=MPI_INT tsize=4"
        + " req=2\n"
        + "MPI_Recv site=c.c:7 enter=9 exit=10 comm=0 src=0 tag=5 count=1 type=MPI_INT tsize=4"
        + " bytes=4\n"
        + "MPI_Wait site=c.c:8 enter=11 exit=12 req=2\n"
        + "MPI_Finalize site=m.c:9 enter=13 exit=14\n")), false);
  }

  @Test
  void aReceiveNeverSatisfiedIsReported() throws IOException {
    Finding f = failed(write(List.of(
        "MPI_Irecv site=s.c:3 enter=1 exit=2 comm=0 src=1 tag=4 count=1 type=MPI_INT tsize=4"
            + " req=1\n", "MPI_Init site=m.c:1 enter=1 exit=2\n")));
    assertEquals(Problem.UNMATCHED_RECEIVE, f.problem());
    assertEquals("rank 0 posts MPI_Irecv at s.c:3 from rank 1, and no rank ever sends it a"
        + " matching message", f.message());
  }
}
