package org.benchgen.codegen.cmpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.benchgen.codegen.Benchmarks;
import org.benchgen.codegen.ComputeMode;
import org.benchgen.codegen.GenerateOptions;
import org.benchgen.findings.Problem;
import org.benchgen.ir.CompressedTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Threads of a rank that make collectives on one communicator (docs/codegen.md, "Threads"),
 * traces written by hand: on a communicator of one rank they are made under the rank's lock, and
 * a slot of one rank that two threads make and free in turn is one slot per thread; tagged
 * MPI_Comm_create_group calls on one communicator are made as they are; what still has an order
 * between threads that the trace does not record is refused (BG104).
 */
class CThreadCommsTest {
  @TempDir
  Path tmp;

  private int slot;

  /** An event line at the next time slot (100 ns apart). */
  private String line(String call, String site, String fields) {
    return CThreadsTest.line(call, site, slot++, fields);
  }

  /**
   * Two ranks. Each: Init_thread, Barrier, then threads 1 and 2 in turn, each: Comm_dup of
   * MPI_COMM_SELF (id 10 + rank) into slot 20 + rank (one slot: the first thread frees it before
   * the second makes it), Barrier and Comm_free on it; then Comm_create_group on the world (tag
   * {@code tag1} on thread 1, 2 on thread 2) into a communicator of both ranks (31, 32), a
   * Barrier on it ({@code worldBarrier}: on the world instead) and its Comm_free. Barrier,
   * Finalize.
   */
  private CompressedTrace trace(String name, int tag1, boolean worldBarrier) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve(name));
    for (int r = 0; r < 2; r++) {
      slot = 0;
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + r + " size=2\n");
      b.append("comm id=" + (10 + r) + " members=" + r + "\n");
      b.append("comm id=" + (20 + r) + " members=" + r + "\n");
      b.append("comm id=31 members=0,1\ncomm id=32 members=0,1\n");
      b.append(line("MPI_Init_thread", "i", "level=THREAD_MULTIPLE given=THREAD_MULTIPLE"));
      b.append(line("MPI_Barrier", "b1", "comm=0"));
      for (int t = 1; t <= 2; t++) {
        String th = " thread=" + t;
        b.append(line("MPI_Comm_dup", "d", "comm=" + (10 + r) + " newcomm=" + (20 + r) + th));
        b.append(line("MPI_Barrier", "sb", "comm=" + (20 + r) + th));
        b.append(line("MPI_Comm_free", "sf", "comm=" + (20 + r) + th));
      }
      for (int t = 1; t <= 2; t++) {
        String th = " thread=" + t;
        b.append(line("MPI_Comm_create_group", "g", "comm=0 tag=" + (t == 1 ? tag1 : 2)
            + " newcomm=" + (30 + t) + th));
        b.append(line("MPI_Barrier", "gb", "comm=" + (worldBarrier ? 0 : 30 + t) + th));
        b.append(line("MPI_Comm_free", "gf", "comm=" + (30 + t) + th));
      }
      b.append(line("MPI_Barrier", "b2", "comm=0"));
      b.append(line("MPI_Finalize", "f", ""));
      Files.writeString(dir.resolve("rank-" + r + ".trace"), b);
    }
    return CMpiTargetTest.compress(dir);
  }

  private static Benchmarks.Outcome generate(CompressedTrace t) {
    return Benchmarks.generate(t, new CMpiTarget(), new GenerateOptions("bench",
        ComputeMode.MEAN, 7));
  }

  /** The lines of {@code c} that make the call at {@code site} of lane {@code lane}. */
  private static List<String> calls(String c, int lane, String site) {
    List<String> out = new ArrayList<>();
    for (String l : c.split("\n")) {
      if (l.endsWith(" at p1." + lane + ":" + site + " */")) {
        out.add(l.trim());
      }
    }
    return out;
  }

  @Test
  void selfCollectivesOfTwoThreadsAreLockedAndTheirSlotIsEachThreadsOwn() throws Exception {
    Benchmarks.Generated g = assertInstanceOf(Benchmarks.Generated.class,
        generate(trace("ok", 1, false)));
    String c = CThreadsTest.file(g, "bench.c");
    Pattern dup = Pattern.compile("^bg_self_lock\\(\\); MPI_Comm_dup\\(bg_comm\\[(\\d+)\\]\\.c,"
        + " &bg_comm\\[(\\d+)\\]\\.c\\);.* bg_self_unlock\\(\\); /\\*.*");
    int[] made = new int[3];
    for (int lane = 1; lane <= 2; lane++) {
      List<String> d = calls(c, lane, "d");
      assertEquals(1, d.size(), c);
      Matcher m = dup.matcher(d.get(0));
      assertTrue(m.matches(), d.get(0));
      made[lane] = Integer.parseInt(m.group(2));
      // The lane's Barrier and Comm_free name its own copy, outside the lock.
      for (String site : new String[] {"sb", "sf"}) {
        String s = calls(c, lane, site).get(0);
        assertTrue(s.contains("bg_comm[" + made[lane] + "]") && !s.contains("bg_self_lock"), s);
      }
      // Tagged create_group, its Barrier and Comm_free: as they are, no lock.
      for (String site : new String[] {"g", "gb", "gf"}) {
        String s = calls(c, lane, site).get(0);
        assertTrue(!s.contains("bg_self_lock"), s);
      }
      assertTrue(calls(c, lane, "g").get(0).startsWith("bg_comm_create_group("), c);
    }
    assertNotEquals(made[1], made[2], "each thread's copy of MPI_COMM_SELF in a slot of its own");
    CMpiTargetTest.buildsStrictly(g, tmp.resolve("bench"));
  }

  @Test
  void createGroupOfTwoThreadsWithOneTagIsRefused() throws Exception {
    Benchmarks.Failed f = assertInstanceOf(Benchmarks.Failed.class,
        generate(trace("tag", 2, false)));
    assertEquals(Problem.SEVERAL_THREADS, f.finding().problem());
    assertTrue(f.finding().message().contains("rank 0, phase 1 of its threads: lanes [1, 2] make"
        + " collectives on communicator 0, whose order between threads the trace does not"
        + " record"), f.finding().message());
  }

  @Test
  void barriersOfTwoThreadsOnTheWorldAreRefused() throws Exception {
    Benchmarks.Failed f = assertInstanceOf(Benchmarks.Failed.class,
        generate(trace("world", 1, true)));
    assertEquals(Problem.SEVERAL_THREADS, f.finding().problem());
    assertTrue(f.finding().message().contains("lanes [1, 2] make collectives on communicator 0"),
        f.finding().message());
  }

  /**
   * Two ranks whose main thread dups the world twice (50, 51); then threads 1 and 2 in turn each
   * dup its own (50, 51) into one slot of both ranks (40: MPICH's idup_comm_gen, whose threads'
   * Intercomm_create calls share a place), a Barrier on it and its Comm_free.
   */
  @Test
  void aSlotOfSeveralRanksThatTwoThreadsMakeInTurnIsEachThreadsOwn() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("shared"));
    for (int r = 0; r < 2; r++) {
      slot = 0;
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + r + " size=2\n");
      b.append("comm id=40 members=0,1\ncomm id=50 members=0,1\ncomm id=51 members=0,1\n");
      b.append(line("MPI_Init_thread", "i", "level=THREAD_MULTIPLE given=THREAD_MULTIPLE"));
      b.append(line("MPI_Comm_dup", "m1", "comm=0 newcomm=50"));
      b.append(line("MPI_Comm_dup", "m2", "comm=0 newcomm=51"));
      for (int t = 1; t <= 2; t++) {
        String th = " thread=" + t;
        b.append(line("MPI_Comm_dup", "d" + t, "comm=" + (49 + t) + " newcomm=40" + th));
        b.append(line("MPI_Barrier", "sb", "comm=40" + th));
        b.append(line("MPI_Comm_free", "sf", "comm=40" + th));
      }
      b.append(line("MPI_Barrier", "b2", "comm=0"));
      b.append(line("MPI_Finalize", "f", ""));
      Files.writeString(dir.resolve("rank-" + r + ".trace"), b);
    }
    Benchmarks.Generated g = assertInstanceOf(Benchmarks.Generated.class,
        generate(CMpiTargetTest.compress(dir)));
    String c = CThreadsTest.file(g, "bench.c");
    Pattern dup = Pattern.compile("^MPI_Comm_dup\\(bg_comm\\[\\d+\\]\\.c, &bg_comm\\[(\\d+)\\]"
        + "\\.c\\);.*");
    int[] made = new int[3];
    for (int lane = 1; lane <= 2; lane++) {
      List<String> d = calls(c, lane, "d" + lane);
      assertEquals(1, d.size(), c);
      Matcher m = dup.matcher(d.get(0));
      assertTrue(m.matches(), d.get(0));
      made[lane] = Integer.parseInt(m.group(1));
      assertTrue(calls(c, lane, "sb").get(0).contains("bg_comm[" + made[lane] + "]"), c);
    }
    assertNotEquals(made[1], made[2], "each thread's communicator in a slot of its own");
    assertTrue(!c.contains("bg_self_lock"), c);
  }
}
