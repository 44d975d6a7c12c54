package org.benchgen.codegen.cmpi;

import static org.benchgen.codegen.cmpi.CThreadsTest.line;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.benchgen.codegen.Benchmarks;
import org.benchgen.codegen.ComputeMode;
import org.benchgen.codegen.GenerateOptions;
import org.benchgen.ir.CompressedTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MPICH's threads/pt2pt/alltoall at 2 ranks, written by hand (docs/codegen.md, "Threads", phases
 * repeated): each iteration the main thread starts a listener thread, sends to every rank (its
 * own included), the listener receives from MPI_ANY_SOURCE as many times (the sources in the
 * order they came, which changes by iteration), the main thread joins it and makes a barrier.
 * The tracer numbers each iteration's listener as a thread of its own. Equal phases in a row
 * are one phase function, called in a loop.
 */
class CThreadsPhaseLoopTest {
  @TempDir
  Path tmp;

  /**
   * {@code iterations} iterations; in iteration {@code odd} (none: -1) the sends and receives
   * use tag 7 instead of 111.
   */
  private CompressedTrace trace(int iterations, int odd) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("t" + iterations + "-" + odd));
    for (int r = 0; r < 2; r++) {
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + r + " size=2\n");
      b.append(line("MPI_Init_thread", "i", 0, "level=THREAD_MULTIPLE given=THREAD_MULTIPLE"));
      int slot = 1;
      for (int k = 0; k < iterations; k++) {
        int tag = k == odd ? 7 : 111;
        for (int j = 0; j < 2; j++) {
          b.append(line("MPI_Send", "s", slot++, "comm=0 dest=" + j + " tag=" + tag
              + " count=1 type=MPI_INT tsize=4"));
        }
        for (int j = 0; j < 2; j++) {
          // The sources came in another order every other iteration.
          int from = (j + k) % 2;
          b.append(line("MPI_Recv", "l", slot++, "comm=0 src=ANY_SOURCE tag=" + tag
              + " count=1 type=MPI_INT tsize=4 bytes=4 asrc=" + from + " atag=" + tag
              + " thread=" + (k + 1)));
        }
        b.append(line("MPI_Barrier", "b", slot++, "comm=0"));
      }
      b.append(line("MPI_Finalize", "f", slot, ""));
      Files.writeString(dir.resolve("rank-" + r + ".trace"), b);
    }
    return CMpiTargetTest.compress(dir);
  }

  private static Benchmarks.Generated generate(CompressedTrace t) {
    return assertInstanceOf(Benchmarks.Generated.class, Benchmarks.generate(t, new CMpiTarget(),
        new GenerateOptions("bench", ComputeMode.MEAN, 7)));
  }

  private static String c(Benchmarks.Generated g) {
    return CThreadsTest.file(g, "bench.c");
  }

  @Test
  void equalPhasesInARowAreOnePhaseCalledInALoop() throws Exception {
    Benchmarks.Generated g = generate(trace(300, -1));
    String c = c(g);
    // 300 phases, more than the 256 generated one by one: one function, a loop of 299; the
    // last is a phase of its own, MPI_Finalize in the main thread's block after it.
    assertTrue(c.contains("for (long bg_rep1 = 0; bg_rep1 < 299; bg_rep1++)"), c);
    assertEquals(2, c.split("static void \\*bg_phase", -1).length - 1, c);
    assertFalse(c.contains("bg_rep2") || c.contains("bg_phase3"), c);
    String loop = c.substring(c.indexOf("for (long bg_rep1 = 0;"));
    int start = loop.indexOf("bg_thread_start(&bg_threads[0], bg_phase1_lane1, 1);");
    int send = loop.indexOf("MPI_Send(");
    int join = loop.indexOf("bg_thread_join(bg_threads, 1);");
    int barrier = loop.indexOf("MPI_Barrier(");
    assertTrue(0 <= start && start < send && send < join && join < barrier, loop);
    CMpiTargetTest.buildsStrictly(g, tmp.resolve("bench"));
  }

  @Test
  void aPhaseThatDiffersEndsTheRun() throws Exception {
    String c = c(generate(trace(7, 3)));
    // Iterations 0-2 equal but for their sources, 3 with another tag, 4-5 equal again, 6
    // before MPI_Finalize.
    assertTrue(c.contains("for (long bg_rep1 = 0; bg_rep1 < 3; bg_rep1++)"), c);
    assertFalse(c.contains("bg_rep2") || c.contains("bg_rep4"), c);
    assertTrue(c.contains("for (long bg_rep3 = 0; bg_rep3 < 2; bg_rep3++)"), c);
    assertEquals(4, c.split("static void \\*bg_phase", -1).length - 1, c);
    String two = c.substring(c.indexOf("static void *bg_phase2_lane1("));
    assertTrue(two.substring(0, two.indexOf("\n}\n")).contains(", 7, "), two);
  }
}
