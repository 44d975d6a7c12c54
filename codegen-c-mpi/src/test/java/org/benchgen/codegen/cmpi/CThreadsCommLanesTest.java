package org.benchgen.codegen.cmpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.benchgen.codegen.Benchmarks;
import org.benchgen.codegen.ComputeMode;
import org.benchgen.codegen.GenerateOptions;
import org.benchgen.ir.CompressedTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MPICH's threads/init/mult_session at 2 ranks, written by hand (docs/codegen.md, "Threads",
 * lane keys): 3 threads a rank each make a communicator from a group (threads 1 and 3 of the
 * world, 5 and 1 on every rank; thread 2 of the rank alone, 3 on rank 0 and 6 on rank 1), an
 * MPI_Allreduce on it and free it, while MPI's main thread makes an MPI_Allreduce on the world.
 * Each lane of the benchmark must be the same thread on both ranks: it frees the communicator it
 * made. Before, the rank-alone communicator's id put thread 2 in lane 2 on rank 0 and in lane 3
 * on rank 1, and the benchmark's thread freed another's communicator (MPI_COMM_NULL in
 * MPI_Allreduce, 4 runs of 7).
 */
class CThreadsCommLanesTest {
  @TempDir
  Path tmp;

  private static String line(String call, int slot, String fields) {
    return CThreadsTest.line(call, call.substring(4, 8).toLowerCase(), slot, fields);
  }

  private static String thread(int t, int comm, int slot) {
    return line("MPI_Comm_create_from_group", slot, "newcomm=" + comm + " thread=" + t)
        + line("MPI_Allreduce", slot + 1, "comm=" + comm
            + " count=16 type=MPI_INT tsize=4 op=MPI_SUM thread=" + t)
        + line("MPI_Comm_free", slot + 2, "comm=" + comm + " thread=" + t);
  }

  /**
   * {@code split}: rank 0 records thread 1's calls, then the main thread's MPI_Allreduce, then
   * threads 2 and 3 (as one run of mult_session recorded it); rank 1 the main thread's among its
   * threads' calls (before thread 1's MPI_Comm_free). Otherwise both ranks record it among them.
   */
  private CompressedTrace trace(boolean split) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("t" + split));
    String world = line("MPI_Allreduce", 30, "comm=0 count=16 type=MPI_INT tsize=4 op=MPI_SUM");
    for (int r = 0; r < 2; r++) {
      int self = r == 0 ? 3 : 6;
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + r + " size=2\n");
      b.append("comm id=1 members=0,1\ncomm id=" + self + " members=" + r
          + "\ncomm id=5 members=0,1\n");
      b.append(line("MPI_Init_thread", 0, "level=THREAD_MULTIPLE given=THREAD_MULTIPLE"));
      String one = thread(1, 5, 10);
      int free = one.indexOf("MPI_Comm_free");
      // Among its threads' calls: before thread 1's MPI_Comm_free.
      b.append(split && r == 0 ? one : one.substring(0, free) + world + one.substring(free));
      b.append(thread(2, self, 40)).append(thread(3, 1, 50));
      if (split && r == 0) {
        b.append(world);
      }
      b.append(line("MPI_Finalize", 60, "").stripTrailing()).append('\n');
      Files.writeString(dir.resolve("rank-" + r + ".trace"), b.toString());
    }
    return CMpiTargetTest.compress(dir);
  }

  private static String generated(CompressedTrace t) {
    Benchmarks.Generated g = assertInstanceOf(Benchmarks.Generated.class, Benchmarks.generate(t,
        new CMpiTarget(), new GenerateOptions("bench", ComputeMode.MEAN, 7)));
    return CThreadsTest.file(g, "bench.c");
  }

  /** Each lane makes one communicator, in one slot on both ranks, and frees that slot. */
  private static void assertEachLaneFreesItsOwn(String c) {
    for (int lane = 1; lane <= 3; lane++) {
      int from = c.indexOf("static void *bg_phase1_lane" + lane + "(");
      assertTrue(from >= 0, c);
      String fn = c.substring(from, c.indexOf("\n}\n", from));
      Matcher made = Pattern.compile("bg_comm_from_group\\([^;]*, (\\d+)\\);").matcher(fn);
      assertTrue(made.find(), fn);
      String slot = made.group(1);
      String call = made.group();
      assertFalse(made.find(), "one communicator a lane: " + fn);
      assertTrue(fn.contains("MPI_Allreduce(bg_sbuf, bg_rbuf, 16, MPI_INT, MPI_SUM, bg_comm["
          + slot + "].c);"), fn);
      assertTrue(fn.contains("MPI_Comm_free(&bg_comm[" + slot + "].c);"), fn);
      assertFalse(fn.replace(call, "").contains("rank =="),
          "the same calls on both ranks but the group: " + fn);
    }
    assertFalse(c.contains("bg_phase1_lane4") || c.contains("bg_phase2_"), c);
  }

  @Test
  void aThreadOnACommunicatorOfItsRankAloneIsOneLaneOnEveryRank() throws Exception {
    String c = generated(trace(false));
    assertEachLaneFreesItsOwn(c);
    // The rank-alone group differs by rank: one lane's only condition.
    assertEquals(1, c.split("bg_comm_from_group\\(\\(rank == ", -1).length - 1, c);
  }

  @Test
  void aWorldCollectiveOneRankRecordedAmongItsThreadsJoinsThePhasesAroundIt() throws Exception {
    String c = generated(trace(true));
    assertEachLaneFreesItsOwn(c);
    String main = c.substring(c.indexOf("int main("));
    int start = main.indexOf("bg_thread_start(&bg_threads[2], bg_phase1_lane3, 3);");
    int world = main.indexOf("MPI_Allreduce(bg_sbuf, bg_rbuf, 16, MPI_INT, MPI_SUM, bg_comm[0].c)");
    int join = main.indexOf("bg_thread_join(bg_threads, 3);");
    assertTrue(start >= 0 && start < world && world < join, main);
  }

  /**
   * MPICH's ctxdup at 2 ranks: the main thread's MPI_Barrier, made while its thread runs, is
   * recorded before the thread's first call on rank 0 and among its calls on rank 1 (the thread
   * receives from its own rank and sends back). Before, the barrier stood for two blocks (rank 0
   * between phases, rank 1 in phase 1) and generate refused (BG104); now phase 1 starts at it on
   * rank 0 too.
   */
  @Test
  void aCollectiveRecordedBeforeTheThreadsOnOneRankIsInThePhaseOnAll() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("ctxdup"));
    for (int r = 0; r < 2; r++) {
      String self = "comm=0 count=0 type=MPI_INT tsize=4";
      java.util.List<String[]> calls = new java.util.ArrayList<>();
      if (r == 0) {
        calls.add(new String[] {"MPI_Barrier", "comm=0"});
      }
      calls.add(new String[] {"MPI_Ssend", self + " dest=" + r + " tag=0"});
      calls.add(new String[] {"MPI_Recv", self + " src=" + r + " tag=0 bytes=0 thread=1"});
      if (r == 1) {
        calls.add(new String[] {"MPI_Barrier", "comm=0"});
      }
      calls.add(new String[] {"MPI_Send", self + " dest=" + r + " tag=1 thread=1"});
      calls.add(new String[] {"MPI_Recv", self + " src=" + r + " tag=1 bytes=0"});
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + r + " size=2\n");
      b.append(line("MPI_Init_thread", 0, "level=THREAD_MULTIPLE given=THREAD_MULTIPLE"));
      int slot = 10;
      for (String[] call : calls) {
        b.append(line(call[0], slot++, call[1]));
      }
      b.append(line("MPI_Finalize", slot, "").stripTrailing()).append('\n');
      Files.writeString(dir.resolve("rank-" + r + ".trace"), b.toString());
    }
    String c = generated(CMpiTargetTest.compress(dir));
    String main = c.substring(c.indexOf("int main("));
    int start = main.indexOf("bg_thread_start(&bg_threads[0], bg_phase1_lane1, 1);");
    int barrier = main.indexOf("MPI_Barrier(");
    int join = main.indexOf("bg_thread_join(bg_threads, 1);");
    assertTrue(0 <= start && start < barrier && barrier < join, main);
    assertEquals(1, main.split("MPI_Barrier\\(", -1).length - 1, main);
  }
}
