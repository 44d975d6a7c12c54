package org.benchgen.resolve;

import static org.benchgen.resolve.RingTraces.RING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
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

  private CompressedTrace read(String body) throws IOException {
    return RingTraces.read(dir, body);
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
    String nested = RingTraces.nested(false);
    assertEquals(ring(10, 1, 31, 100), messages(read(nested), 98 + 8 + 10));
  }

  @Test
  void aLaterInstanceEnteredInsideAnArmedIterationGivesEveryMessage() throws IOException {
    // The Allreduce first (call 1 + 31o), then 10 ring exchanges from call 2 + 31o: the inner
    // loop's later instance is skipped whole inside the outer loop's recorded iteration 1.
    String nested = RingTraces.nested(true);
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
