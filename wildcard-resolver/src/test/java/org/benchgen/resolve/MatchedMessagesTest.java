package org.benchgen.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.CompressedTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The messages of iterations the matching takes as made are those every iteration would have
 * matched: each message of a ring exchange, with its three calls' places, worked out by hand
 * from the loops (not from the simulation), while the simulation skips the iterations.
 */
class MatchedMessagesTest {
  @TempDir
  Path dir;

  private static final String RING = "loop trips=1000 {\n"
      + "  MPI_Irecv site=b comm=0 src=-1 tag=0 count=1 type=MPI_INT tsize=4 req=0 bytes=4\n"
      + "      compute ^ 1*4\n      compute d 1*3996\n      duration 1*4000\n"
      + "  MPI_Isend site=c comm=0 dest=+1 tag=0 count=1 type=MPI_INT tsize=4 req=0\n"
      + "      compute ^ 1*4000\n      duration 1*4000\n"
      + "  MPI_Waitall site=d reqs=[1,0]\n      compute ^ 1*4000\n      duration 1*4000\n}\n";

  private CompressedTrace read(String body) throws IOException {
    Path f = dir.resolve("t.bgc");
    Files.writeString(f, "benchgen-compressed 1\nworld 4\nMPI_Init site=a\n    duration 1*4\n"
        + body + "MPI_Finalize site=z\n    compute ^ 1*4\n    duration 1*4\n");
    return TraceFiles.readCompressed(f);
  }

  /** The messages, sorted, of a simulation that logs them; {@code skipped} its iterations. */
  private static List<String> messages(CompressedTrace t, long skipped) {
    List<MatchedMessages.Match> got = new ArrayList<>();
    MatchLog log = new MatchLog(Optional.of(got::add));
    MatchingSimulation sim = new MatchingSimulation(t, false, List.of(), WaitCharges.NONE, log);
    sim.run();
    log.finish();
    assertTrue(new DeadlockReport(sim).problem().isEmpty());
    assertEquals(skipped, sim.skippedIterations(), "iterations taken as made");
    return sorted(got.stream().map(m -> line(m.src(), m.dst(), m.bytes(), m.sendSeq(),
        m.recvSeq(), m.doneSeq()) + " " + m.sendOp().mpiName() + " " + m.recvOp().mpiName())
        .toList());
  }

  private static String line(long src, long dst, long bytes, long send, long recv, long done) {
    return src + " " + dst + " " + bytes + " " + send + " " + recv + " " + done;
  }

  private static List<String> sorted(List<String> l) {
    List<String> out = new ArrayList<>(l);
    out.sort(Comparator.naturalOrder());
    return out;
  }

  /**
   * Each rank's iteration i (calls from 0: MPI_Init, then per iteration Irecv, Isend, Waitall at
   * {@code base + 3i}) sends one message to the next rank, received by its Irecv and completed by
   * its Waitall of the same iteration.
   */
  private static List<String> ring(long iterations, long base, long stride, long outer) {
    List<String> out = new ArrayList<>();
    for (long o = 0; o < outer; o++) {
      for (long i = 0; i < iterations; i++) {
        long at = base + o * stride + 3 * i;
        for (int r = 0; r < 4; r++) {
          out.add(line(r, (r + 1) % 4, 4, at + 1, at, at + 2) + " MPI_Isend MPI_Irecv");
        }
      }
    }
    return sorted(out);
  }

  @Test
  void theSkippedIterationsOfALoopGiveTheMessagesOfEveryIteration() throws IOException {
    assertEquals(ring(1000, 1, 0, 1), messages(read(RING), 998));
  }

  @Test
  void nestedLoopsSkippedWholeInLaterInstancesGiveEveryMessage() throws IOException {
    // 100 outer iterations of 10 ring exchanges (30 calls) and an Allreduce: 31 calls each. The
    // inner loop's later instance is skipped whole (from iteration 0), from what its first made.
    String nested = "loop trips=100 {\n" + RING.replace("loop trips=1000", "loop trips=10")
        .replaceAll("(?m)^", "  ")
        + "  MPI_Allreduce site=g comm=0 count=1 type=MPI_DOUBLE tsize=8 op=MPI_SUM\n"
        + "      compute ^ 1*400\n      duration 1*400\n}\n";
    assertEquals(ring(10, 1, 31, 100), messages(read(nested), 98 + 8 + 10));
  }

  @Test
  void aLaterInstanceEnteredInsideAnArmedIterationGivesEveryMessage() throws IOException {
    // The Allreduce first (call 1 + 31o), then 10 ring exchanges from call 2 + 31o: the inner
    // loop's later instance is skipped whole inside the outer loop's recorded iteration 1.
    String nested = "loop trips=100 {\n"
        + "  MPI_Allreduce site=g comm=0 count=1 type=MPI_DOUBLE tsize=8 op=MPI_SUM\n"
        + "      compute ^ 1*400\n      duration 1*400\n"
        + RING.replace("loop trips=1000", "loop trips=10").replaceAll("(?m)^", "  ") + "}\n";
    assertEquals(ring(10, 2, 31, 100), messages(read(nested), 98 + 8 + 10));
  }

  @Test
  void aLoopWithAWildcardReceiveIsSimulatedInFull() throws IOException {
    // The same ring receiving from MPI_ANY_SOURCE with no recorded source: the source found
    // depends on the order ranks run in, which stopping them would change.
    String wild = RING.replace("src=-1", "src=ANY_SOURCE");
    assertEquals(ring(1000, 1, 0, 1), messages(read(wild), 0));
  }
}
