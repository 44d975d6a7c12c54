package org.benchgen.codegen.cmpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.benchgen.codegen.Benchmarks;
import org.benchgen.codegen.ComputeMode;
import org.benchgen.codegen.GenerateOptions;
import org.benchgen.codegen.GeneratedFile;
import org.benchgen.findings.Problem;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace whose ranks called MPI from several threads (thread= on the events of the other
 * threads), written by hand: the C+MPI benchmark makes one POSIX thread per traced thread of a
 * phase, each with its own calls; what running the threads at once could change is refused
 * (BG104) with the reason.
 */
class CThreadsTest {
  @TempDir
  Path tmp;

  /** An event line: call, site, a time slot (100 ns apart) and fields. */
  static String line(String call, String site, int slot, String fields) {
    return call + " site=" + site + " enter=" + (1000 + 100L * slot) + " exit="
        + (1050 + 100L * slot) + (fields.isEmpty() ? "" : " " + fields) + "\n";
  }

  /** Ends rank {@code r}'s calls {@code b} with a Barrier and Finalize from {@code slot} on. */
  private static void writeRank(Path dir, int r, StringBuilder b, int slot) throws IOException {
    b.append(line("MPI_Barrier", "b2", slot, "comm=0"));
    b.append(line("MPI_Finalize", "f", slot + 1, ""));
    Files.writeString(dir.resolve("rank-" + r + ".trace"), b);
  }

  /**
   * Two ranks. Each: Init_thread, Barrier, then 3 times at once: the main thread a Sendrecv on
   * tag 0 with the other rank (16 bytes), thread 1 an Irecv + Isend + Waitall on tag 1 (512
   * bytes), its lines interleaved with the main thread's; Barrier, Finalize. {@code mainWaits}:
   * the main thread's Wait completes a request thread 1 made instead. {@code sameTag}: thread 1
   * uses tag 0 as well (with its other size).
   */
  private CompressedTrace trace(boolean mainWaits, boolean sameTag) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("t" + mainWaits + sameTag));
    for (int r = 0; r < 2; r++) {
      int peer = 1 - r;
      int tag = sameTag ? 0 : 1;
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + r + " size=2\n");
      b.append(line("MPI_Init_thread", "i", 0, "level=THREAD_MULTIPLE given=THREAD_MULTIPLE"));
      b.append(line("MPI_Barrier", "b1", 1, "comm=0"));
      int slot = 2;
      long req = 1;
      for (int k = 0; k < 3; k++) {
        b.append(line("MPI_Irecv", "tr", slot++, "comm=0 src=" + peer + " tag=" + tag
            + " count=64 type=MPI_DOUBLE tsize=8 req=" + req + " bytes=512 thread=1"));
        b.append(line("MPI_Sendrecv", "sr", slot++, "comm=0 dest=" + peer + " tag=0 count=4"
            + " type=MPI_INT tsize=4 src=" + peer + " rtag=0 rcount=4 rtype=MPI_INT rtsize=4"
            + " bytes=16"));
        b.append(line("MPI_Isend", "ts", slot++, "comm=0 dest=" + peer + " tag=" + tag
            + " count=64 type=MPI_DOUBLE tsize=8 req=" + (req + 1) + " thread=1"));
        if (mainWaits) {
          b.append(line("MPI_Wait", "w", slot++, "req=" + (req + 1)));
          b.append(line("MPI_Wait", "tw", slot++, "req=" + req + " thread=1"));
        } else {
          b.append(line("MPI_Waitall", "tw", slot++, "reqs=" + req + "," + (req + 1)
              + " thread=1"));
        }
        req += 2;
      }
      writeRank(dir, r, b, slot);
    }
    return CMpiTargetTest.compress(dir);
  }

  private static Benchmarks.Outcome generate(CompressedTrace t) {
    return Benchmarks.generate(t, new CMpiTarget(), new GenerateOptions("bench",
        ComputeMode.MEAN, 7));
  }

  /** The text of generated file {@code name}. */
  static String file(Benchmarks.Generated g, String name) {
    return g.files().stream().filter(f -> f.name().equals(name)).map(GeneratedFile::text)
        .findFirst().orElseThrow(() -> new AssertionError("no " + name));
  }

  @Test
  void eachTracedThreadOfAPhaseIsAThreadWithItsOwnCalls() throws Exception {
    Benchmarks.Generated g = assertInstanceOf(Benchmarks.Generated.class,
        generate(trace(false, false)));
    String c = file(g, "bench.c");
    assertTrue(c.contains("MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &bg_provided);"),
        c);
    assertTrue(c.contains("#include \"bg_runtime_threads.h\""), c);
    // One phase, one thread besides the main one, started and joined between the two barriers.
    String main = c.substring(c.indexOf("int main("));
    int start = main.indexOf("bg_thread_start(&bg_threads[0], bg_phase1_lane1, 1);");
    int join = main.indexOf("bg_thread_join(bg_threads, 1);");
    assertTrue(main.indexOf("MPI_Barrier") < start && start < main.indexOf("MPI_Sendrecv")
        && main.indexOf("MPI_Sendrecv") < join && join < main.lastIndexOf("MPI_Barrier"), main);
    assertFalse(c.contains("bg_phase1_lane2"), c);
    // The thread's function holds thread 1's calls, 3 times, and none of the main thread's.
    String lane = c.substring(c.indexOf("static void *bg_phase1_lane1("), c.indexOf("int main("));
    assertTrue(lane.contains("for (long i0 = 0; i0 < 3; i0++)"), lane);
    assertTrue(lane.contains("MPI_Irecv(bg_rbuf, 64, MPI_DOUBLE, bg_rel(0, 1), 1,"), lane);
    assertTrue(lane.contains("MPI_Isend(bg_sbuf, 64, MPI_DOUBLE, bg_rel(0, 1), 1,"), lane);
    assertTrue(lane.contains("bg_waitall("), lane);
    assertFalse(lane.contains("MPI_Sendrecv") || lane.contains("MPI_Barrier"), lane);
    assertFalse(main.contains("MPI_Isend") || main.contains("MPI_Irecv"), main);
    String make = file(g, "Makefile");
    assertTrue(make.contains(" bg_runtime_threads.o\n") && make.contains(" $(OBJECTS) -pthread\n")
        && make.contains(" -pthread -c $<\n"), make);
    // It builds, with the strictest flags the other benchmarks take.
    CMpiTargetTest.buildsStrictly(g, tmp.resolve("bench"));
  }

  @Test
  void aRequestMadeOnOneThreadAndCompletedOnAnotherIsRefused() throws Exception {
    Benchmarks.Failed f = assertInstanceOf(Benchmarks.Failed.class, generate(trace(true,
        false)));
    assertEquals(Problem.SEVERAL_THREADS, f.finding().problem());
    assertTrue(f.finding().message().contains("rank 0: MPI_Wait on MPI's main thread uses a"
        + " request that MPI_Isend made on thread 1"), f.finding().message());
  }

  @Test
  void oneChannelOfTwoThreadsWithMessagesOfTwoSizesIsRefused() throws Exception {
    // Thread 1's 512-byte messages and the main thread's 16-byte ones, both on tag 0 between the
    // same ranks at once: which receive takes which message is MPI's choice.
    Benchmarks.Failed f = assertInstanceOf(Benchmarks.Failed.class, generate(trace(false,
        true)));
    assertEquals(Problem.SEVERAL_THREADS, f.finding().problem());
    String m = f.finding().message();
    assertTrue(m.contains("rank 0, phase 1 of its threads: lanes [0, 1] send on communicator"
        + " 0 to 1 tag 0 messages of [16, 512] bytes, which MPI may match in either order"), m);
  }

  /**
   * Two ranks. Each: Init_thread, Barrier, then 3 times at once: thread 1 an Irecv from the
   * other rank, thread 2 an Isend to it (tag 1, 512 bytes), and thread 1 an MPI_Waitall of both
   * (MPICH's multisend3: one thread waits for the others' sends); Barrier, Finalize. {@code
   * reversed}: thread 2 makes two Isends and thread 1 waits for the second one first.
   */
  private CompressedTrace handedOver(boolean reversed) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("handed" + reversed));
    for (int r = 0; r < 2; r++) {
      int peer = 1 - r;
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + r + " size=2\n");
      b.append(line("MPI_Init_thread", "i", 0, "level=THREAD_MULTIPLE given=THREAD_MULTIPLE"));
      b.append(line("MPI_Barrier", "b1", 1, "comm=0"));
      int slot = 2;
      long req = 1;
      String recv = " count=64 type=MPI_DOUBLE tsize=8 bytes=512";
      String send = " count=64 type=MPI_DOUBLE tsize=8";
      for (int k = 0; k < 3; k++) {
        b.append(line("MPI_Irecv", "tr", slot++, "comm=0 src=" + peer + " tag=1" + recv
            + " req=" + req + " thread=1"));
        b.append(line("MPI_Isend", "ts", slot++, "comm=0 dest=" + peer + " tag=1" + send
            + " req=" + (req + 1) + " thread=2"));
        if (reversed) {
          b.append(line("MPI_Irecv", "tr2", slot++, "comm=0 src=" + peer + " tag=2" + recv
              + " req=" + (req + 2) + " thread=1"));
          b.append(line("MPI_Isend", "ts2", slot++, "comm=0 dest=" + peer + " tag=2" + send
              + " req=" + (req + 3) + " thread=2"));
          b.append(line("MPI_Waitall", "tw2", slot++, "reqs=" + (req + 2) + "," + (req + 3)
              + " thread=1"));
          b.append(line("MPI_Waitall", "tw", slot++, "reqs=" + req + "," + (req + 1)
              + " thread=1"));
          req += 4;
        } else {
          b.append(line("MPI_Waitall", "tw", slot++, "reqs=" + req + "," + (req + 1)
              + " thread=1"));
          req += 2;
        }
      }
      writeRank(dir, r, b, slot);
    }
    return CMpiTargetTest.compress(dir);
  }

  @Test
  void aRequestWaitedForByAnotherThreadOfItsPhaseIsHandedOver() throws Exception {
    Benchmarks.Generated g = assertInstanceOf(Benchmarks.Generated.class,
        generate(handedOver(false)));
    String c = file(g, "bench.c");
    String main = c.substring(c.indexOf("int main("));
    assertTrue(main.contains("bg_thread_start(&bg_threads[0], bg_phase1_lane1, 1);")
        && main.contains("bg_thread_start(&bg_threads[1], bg_phase1_lane2, 2);"), main);
    String lane1 = c.substring(c.indexOf("static void *bg_phase1_lane1("),
        c.indexOf("static void *bg_phase1_lane2("));
    String lane2 = c.substring(c.indexOf("static void *bg_phase1_lane2("), c.indexOf("int main("));
    // Whichever lane the keys gave the sending thread, it hands each Isend's request to the
    // other, whose MPI_Waitall takes it in the place of the list's second item.
    String sender = lane1.contains("MPI_Isend") ? lane1 : lane2;
    String waiter = sender == lane1 ? lane2 : lane1;
    int to = sender == lane1 ? 2 : 1;
    int from = 3 - to;
    assertTrue(sender.contains("bg_req_new(0)); bg_req_give(" + to + ");"), sender);
    // Each Isend is a batch of its own (the waiter takes one an MPI_Waitall): made once the
    // waiter has completed the one before, as the traced threads were ordered.
    assertTrue(sender.contains("bg_req_turn(" + to + "); MPI_Isend("), sender);
    assertFalse(sender.contains("MPI_Irecv") || sender.contains("bg_waitall"), sender);
    assertTrue(waiter.contains("MPI_Irecv") && waiter.contains("bg_waitall_taken("), waiter);
    assertFalse(waiter.contains("bg_req_give"), waiter);
    // The taken list names the sender's lane at the Isend's place, -1 at the own Irecv's; the
    // ages' list has BG_NULL there (the trace's block of the waiter keeps its own request only).
    String call = waiter.substring(waiter.indexOf("bg_waitall_taken("));
    call = call.substring(0, call.indexOf(';'));
    assertTrue(c.contains("{2, -1, " + from + "}") || c.contains("{2, -1, " + from + ","), c);
    assertTrue(c.contains("{2, 0, BG_NULL}"), c);
    assertTrue(call.matches("bg_waitall_taken\\(list\\d+, list\\d+\\)"), call);
    Path d = Files.createDirectories(tmp.resolve("handedbench"));
    for (GeneratedFile f : g.files()) {
      Files.writeString(d.resolve(f.name()), f.text());
    }
    Process p = new ProcessBuilder("make", "-s", "CFLAGS=-O1 -std=c99 -Wall -Wextra -Werror"
        + " -pedantic").directory(d.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertEquals(0, p.waitFor(), out);
  }

  @Test
  void requestsWaitedForInAnotherOrderThanMadeAreRefused() throws Exception {
    Benchmarks.Failed f = assertInstanceOf(Benchmarks.Failed.class, generate(handedOver(true)));
    assertEquals(Problem.SEVERAL_THREADS, f.finding().problem());
    assertTrue(f.finding().message().contains("rank 0: thread 1 waits for the requests thread"
        + " 2 made in another order than they were made"), f.finding().message());
  }

  @Test
  void moreThreadPhasesThanGeneratedAreRefusedByTheirCount() throws Exception {
    // Each phase's threads are functions of their own: 257 phases that differ (each its own tag;
    // equal ones in a row would be one, repeated: CThreadsPhaseLoopTest) are refused before
    // anything is resolved.
    Path dir = Files.createDirectories(tmp.resolve("phases"));
    for (int r = 0; r < 2; r++) {
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + r + " size=2\n");
      b.append(line("MPI_Init_thread", "i", 0, "level=THREAD_MULTIPLE given=THREAD_MULTIPLE"));
      int slot = 1;
      for (int k = 0; k < 257; k++) {
        b.append(line("MPI_Sendrecv", "tsr", slot++, "comm=0 dest=" + (1 - r) + " tag=" + k
            + " count=1 type=MPI_INT tsize=4 src=" + (1 - r) + " rtag=" + k + " rcount=1"
            + " rtype=MPI_INT rtsize=4 bytes=4 thread=" + (k + 1)));
        b.append(line("MPI_Barrier", "b", slot++, "comm=0"));
      }
      b.append(line("MPI_Finalize", "f", slot, ""));
      Files.writeString(dir.resolve("rank-" + r + ".trace"), b);
    }
    Benchmarks.Failed f = assertInstanceOf(Benchmarks.Failed.class,
        generate(CMpiTargetTest.compress(dir)));
    assertEquals(Problem.SEVERAL_THREADS, f.finding().problem());
    assertTrue(f.finding().message().contains("rank 0 starts and joins its threads 257 times,"
        + " in as many phases that differ (at most 256 are generated"), f.finding().message());
  }
  /**
   * Two ranks, two threads each between two barriers: on rank 0 each sends one int to rank 1, on
   * rank 1 each finds one with MPI_Improbe and receives it with MPI_Mrecv (MPICH's
   * mt_improbe_sendrecv). {@code sameTag}: both threads use tag 0, else thread t tag t;
   * {@code second}: the second thread's probe, MPI_Improbe or MPI_Mprobe.
   */
  private CompressedTrace improbed(boolean sameTag, String second) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("improbe" + sameTag + second));
    for (int r = 0; r < 2; r++) {
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + r + " size=2\n");
      b.append(line("MPI_Init_thread", "i", 0, "level=THREAD_MULTIPLE given=THREAD_MULTIPLE"));
      b.append(line("MPI_Barrier", "b1", 1, "comm=0"));
      int slot = 2;
      for (int t = 1; t <= 2; t++) {
        int tag = sameTag ? 0 : t;
        if (r == 0) {
          b.append(line("MPI_Send", "s", slot++, "comm=0 dest=1 tag=" + tag + " count=1"
              + " type=MPI_INT tsize=4 thread=" + t));
        } else {
          String probe = t == 2 ? second : "MPI_Improbe";
          b.append(line(probe, "p" + probe, slot++, "comm=0 src=0 tag=" + tag
              + (probe.equals("MPI_Improbe") ? " flag=1" : "") + " asrc=0 atag=" + tag
              + " bytes=4 thread=" + t));
          b.append(line("MPI_Mrecv", "m", slot++, "count=1 type=MPI_INT tsize=4 bytes=4 msg=0"
              + " thread=" + t));
        }
      }
      writeRank(dir, r, b, slot);
    }
    return CMpiTargetTest.compress(dir);
  }

  @Test
  void threadsThatFindMessagesOfOneChannelWithImprobeTakeThemUnderTheRuntimesLock()
      throws Exception {
    // The benchmark's MPI_Improbe that found its message waits for it unseen, then looks again
    // and takes it under a lock that the other threads' bg_improbe take: unlocked, the other
    // thread took it in between, and MPI_Mrecv of no message failed (MPICH's
    // mt_improbe_isendrecv: "Null MPI_Request"; Open MPI's mt_improbe_sendrecv: MPI_ERR_REQUEST).
    // (Run under both MPIs by ThreadsBenchmarkTest's improbe_threads.)
    assertInstanceOf(Benchmarks.Generated.class, generate(improbed(true, "MPI_Improbe")));
    // A thread that takes them by MPI_Mprobe does not take that lock: refused.
    Benchmarks.Failed f = assertInstanceOf(Benchmarks.Failed.class,
        generate(improbed(true, "MPI_Mprobe")));
    assertEquals(Problem.SEVERAL_THREADS, f.finding().problem());
    // (Lanes are numbered by their calls: the MPI_Mprobe thread's lane comes first.)
    assertTrue(f.finding().message().contains("rank 1, phase 1 of its threads: lanes [1]"
        + " take messages on communicator 0 from 0 tag 0 by calls other than MPI_Improbe, which"
        + " lanes [2] find with MPI_Improbe"), f.finding().message());
    // One tag a thread: no thread can take another's message.
    assertInstanceOf(Benchmarks.Generated.class, generate(improbed(false, "MPI_Mprobe")));
  }

  /**
   * A thread that polls MPI_Iprobe millions of times (MPICH's mt_iprobe_sendrecv_huge: 14.3
   * million calls on one rank) is refused by its count of calls, before the rank is expanded
   * call by call: that once took a 6 GB heap and 264 s to fail. The bound follows the heap (some
   * 1,000 bytes a call): 5 billion polls a rank are over it in any heap a JVM here gets. The
   * trace is compressed from 100 polls and its loop then given 5 billion trips, as the tracer
   * would have written it.
   */
  @Test
  void aThreadedTraceOfMoreCallsThanTheSplitTakesIsRefusedByItsCount() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("polls"));
    for (int r = 0; r < 2; r++) {
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + r + " size=2\n");
      b.append(line("MPI_Init_thread", "i", 0, "level=THREAD_MULTIPLE given=THREAD_MULTIPLE"));
      b.append(line("MPI_Barrier", "b1", 1, "comm=0"));
      int slot = 2;
      for (int k = 0; k < 100; k++) {
        b.append(line("MPI_Iprobe", "p", slot++, "comm=0 src=" + (1 - r) + " tag=0 flag=0"
            + " thread=1"));
      }
      writeRank(dir, r, b, slot);
    }
    String text = CompressedTraceWriter.toString(CMpiTargetTest.compress(dir));
    assertTrue(text.contains("loop trips=100 {"), text);
    CompressedTrace polls = CompressedTraceReader.read(Path.of("polls.bgc"),
        new StringReader(text.replace("loop trips=100 {", "loop trips=5000000000 {")));
    Benchmarks.Failed f = assertInstanceOf(Benchmarks.Failed.class, generate(polls));
    assertEquals(Problem.SEVERAL_THREADS, f.finding().problem());
    // Init_thread, Barrier, 5,000,000,000 polls, Barrier, Finalize, on each of the 2 ranks.
    long heap = Runtime.getRuntime().maxMemory();
    assertTrue(f.finding().message().contains("the ranks made 10000000008 calls, and a threaded"
        + " benchmark is made from each thread's calls one by one, some 1000 bytes of heap a call:"
        + " this heap of " + (heap >> 20) + " MB holds " + heap / 1000 + " (give the JVM 9314 GB"
        + " or more, e.g. BENCHGEN_JAVA_OPTS=-Xmx9314g)"), f.finding().message());
  }
}
