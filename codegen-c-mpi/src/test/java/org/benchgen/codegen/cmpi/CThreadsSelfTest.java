package org.benchgen.codegen.cmpi;

import static org.benchgen.codegen.cmpi.CThreadsTest.line;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.benchgen.codegen.Benchmarks;
import org.benchgen.codegen.ComputeMode;
import org.benchgen.codegen.GenerateOptions;
import org.benchgen.findings.Problem;
import org.benchgen.ir.CompressedTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Messages between two threads of one rank, in traces written by hand (docs/codegen.md,
 * "Threads", messages a rank sends itself): the threads run at once, so a synchronous send to
 * the rank's own rank that another thread receives is generated; threads that wait for each
 * other's messages are a deadlock (BG201), as they are in any order.
 */
class CThreadsSelfTest {
  @TempDir
  Path tmp;

  private static String send(String call, String site, int slot, int self, int tag,
      String thread) {
    return line(call, site, slot, "comm=0 dest=" + self + " tag=" + tag + " count=2"
        + " type=MPI_INT tsize=4" + thread);
  }

  private static String recv(String site, int slot, int self, int tag, String thread) {
    return line("MPI_Recv", site, slot, "comm=0 src=" + self + " tag=" + tag + " count=2"
        + " type=MPI_INT tsize=4 bytes=8" + thread);
  }

  /**
   * Two ranks, each 3 times in one phase of threads: the main thread MPI_Ssend to its own rank
   * (tag 0), then MPI_Recv from it (tag 1); thread 1 receives tag 0 and sends tag 1 back, with
   * MPI_Send, or ({@code deadlock}) thread 1 first MPI_Ssend of tag 1, then receives tag 0: each
   * thread's synchronous send waits for a receive the other makes only after its own send.
   */
  private CompressedTrace trace(boolean deadlock) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("t" + deadlock));
    String t = " thread=1";
    for (int r = 0; r < 2; r++) {
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + r + " size=2\n");
      b.append(line("MPI_Init_thread", "i", 0, "level=THREAD_MULTIPLE given=THREAD_MULTIPLE"));
      b.append(line("MPI_Barrier", "b1", 1, "comm=0"));
      int slot = 2;
      for (int k = 0; k < 3; k++) {
        if (deadlock) {
          b.append(send("MPI_Ssend", "ts", slot++, r, 1, t));
          b.append(send("MPI_Ssend", "ms", slot++, r, 0, ""));
          b.append(recv("tr", slot++, r, 0, t));
          b.append(recv("mr", slot++, r, 1, ""));
        } else {
          b.append(send("MPI_Ssend", "ms", slot++, r, 0, ""));
          b.append(recv("tr", slot++, r, 0, t));
          b.append(send("MPI_Send", "ts", slot++, r, 1, t));
          b.append(recv("mr", slot++, r, 1, ""));
        }
      }
      b.append(line("MPI_Barrier", "b2", slot, "comm=0"));
      b.append(line("MPI_Finalize", "f", slot + 1, ""));
      Files.writeString(dir.resolve("rank-" + r + ".trace"), b);
    }
    return CMpiTargetTest.compress(dir);
  }

  private static Benchmarks.Outcome generate(CompressedTrace t) {
    return Benchmarks.generate(t, new CMpiTarget(), new GenerateOptions("bench",
        ComputeMode.MEAN, 7));
  }

  @Test
  void aSynchronousSendToItsOwnRankThatAnotherThreadReceivesIsGenerated() throws Exception {
    Benchmarks.Generated g = assertInstanceOf(Benchmarks.Generated.class,
        generate(trace(false)));
    String c = CThreadsTest.file(g, "bench.c");
    String lane = c.substring(c.indexOf("static void *bg_phase1_lane1("), c.indexOf("int main("));
    String main = c.substring(c.indexOf("int main("));
    // The thread receives tag 0 and sends tag 1; the main thread the other way round, 3 times.
    assertTrue(lane.contains("for (long i0 = 0; i0 < 3; i0++)"), lane);
    assertTrue(lane.contains("MPI_Recv(") && lane.contains("MPI_Send(")
        && !lane.contains("MPI_Ssend("), lane);
    assertTrue(main.contains("MPI_Ssend(") && main.contains("MPI_Recv(")
        && !main.contains("MPI_Send("), main);
    CMpiTargetTest.buildsStrictly(g, tmp.resolve("bench"));
  }

  @Test
  void threadsOfOneRankWaitingForEachOtherAreADeadlock() throws Exception {
    Benchmarks.Failed f = assertInstanceOf(Benchmarks.Failed.class, generate(trace(true)));
    assertEquals(Problem.DEADLOCK, f.finding().problem(), f.finding().message());
    assertTrue(f.finding().message().contains("rank 0's threads wait for messages to their own"
        + " rank that none of them sends or receives, run at once (phase 1): lane 0 waits in"
        + " MPI_Ssend at p1.0:ms; lane 1 waits in MPI_Ssend at p1.1:ts"), f.finding().message());
  }
}
