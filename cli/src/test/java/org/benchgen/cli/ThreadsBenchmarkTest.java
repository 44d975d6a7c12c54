package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Op;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A traced run whose ranks called MPI from several threads (MPI_THREAD_MULTIPLE) becomes a C+MPI
 * benchmark with threads of its own (docs/codegen.md, "Threads"): samples/mpi/threads_phases at 4
 * ranks, two phases of threads, under Open MPI and MPICH, traced, generated, built, its benchmark
 * traced: the same calls and bytes on every rank (verify exits 0); coNCePTuaL refuses it (BG104).
 * And samples/mpi/threads_pairs under Open MPI: threads whose calls differ only by their peer,
 * put in lanes that pair across ranks; samples/mpi/threads_handover under both: one thread
 * waits for every thread's requests, which the others hand over; samples/mpi/threads_mprobe
 * under both: threads that match messages of one channel with MPI_Mprobe and MPI_Improbe;
 * samples/mpi/threads_comms under both: threads' collectives on MPI_COMM_SELF and tagged
 * MPI_Comm_create_group on the world; samples/mpi/threads_selfmsg under both: messages between
 * two threads of one rank.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ThreadsBenchmarkTest {
  /** Iterations of each thread's loop (threads_phases' argument). */
  private static final int ITERATIONS = 6;

  private BenchmarkRuns runs;

  @BeforeAll
  void samples(@TempDir Path tmp) {
    runs = new BenchmarkRuns(tmp);
  }

  @ParameterizedTest(name = "threads_phases under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void eachTracedThreadIsAThreadOfTheBenchmark(String flavour) throws Exception {
    List<String> program = List.of("threads_phases", "" + ITERATIONS);
    runs.assertSameCalls(flavour, program);
    Path original = runs.work().resolve(flavour + "-threads_phases-orig");
    Path gen = runs.work().resolve(flavour + "-threads_phases-gen");
    String c = Files.readString(gen.resolve("threads_phases.c"));
    // Worked out from threads_phases.c: phase 1 has two threads besides the main one, phase 2 one.
    assertTrue(c.contains("bg_thread_start(&bg_threads[1], bg_phase1_lane2, 2);"), c);
    assertTrue(c.contains("bg_thread_start(&bg_threads[0], bg_phase2_lane1, 1);"), c);
    assertFalse(c.contains("bg_phase1_lane3") || c.contains("bg_phase2_lane2"), c);
    assertTrue(c.contains("MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &bg_provided);"));
    // The benchmark's ranks call MPI from 3 threads (phase 1), as the program's did; per rank the
    // calls threads_phases.c makes: ITERATIONS Allreduces (thread B), 2 * ITERATIONS Sendrecvs
    // (main, both phases) and ITERATIONS Isends (thread A), rank 0 3 * ITERATIONS Sends of
    // thread C.
    TraceStats bench = benchmarkStats(flavour, "threads_phases");
    TraceStats orig = TraceStats.of(TraceDirectory.open(original), n -> { });
    for (int r = 0; r < BenchmarkRuns.N; r++) {
      assertEquals(4, orig.rank(r).threads(), "threads of rank " + r + " (main, A, B, C)");
      assertTrue(bench.rank(r).threads() >= 3, "threads of the benchmark's rank " + r);
      assertEquals(ITERATIONS, bench.rank(r).byOp().get(Op.ALLREDUCE)[0], "rank " + r);
      assertEquals(ITERATIONS, bench.rank(r).byOp().get(Op.ISEND)[0], "rank " + r);
      assertEquals(2L * ITERATIONS, bench.rank(r).byOp().get(Op.SENDRECV)[0], "rank " + r);
      assertEquals(r == 0 ? 3L * ITERATIONS : 0L, bench.rank(r).byOp()
          .getOrDefault(Op.SEND, new long[1])[0], "rank " + r);
    }
    if (flavour.equals("openmpi")) {
      Cli.Result n = Cli.run("generate", original.toString(), "--lang", "conceptual", "-o",
          runs.work().resolve("threads.ncptl").toString());
      assertEquals(Benchgen.INPUT_ERROR, n.code(), n.out() + n.err());
      assertTrue(n.err().contains("BG104") && n.err().contains("rank 0 made calls from 4"
          + " threads"), n.err());
      assertFalse(Files.exists(runs.work().resolve("threads.ncptl")));
    }
  }

  /** Iterations of threads_pairs: its thread 0's barrier comes after its first 64 calls. */
  private static final int PAIR_ITERATIONS = 25;

  /**
   * threads_pairs' thread i of every rank exchanges with rank i (Isend, blocking Recv, Wait),
   * and thread 0 then makes a barrier; the tracer numbers a rank's threads by offset from it
   * (the order they start). Lanes in that order do not pair (rank r's second lane waits for rank
   * r+1's, which waits for r+2's: a cycle; the barrier in another lane on each rank), which
   * generate refused (BG201); lanes by peer pair.
   */
  @org.junit.jupiter.api.Test
  void threadsThatDifferOnlyByPeerPairAcrossRanks() throws Exception {
    String flavour = "openmpi";
    runs.assertSameCalls(flavour, List.of("threads_pairs", "" + PAIR_ITERATIONS));
    String c = generated(flavour, "threads_pairs");
    // One lane per rank of the 4, besides the main thread's part.
    assertTrue(c.contains("bg_thread_start(&bg_threads[3], bg_phase1_lane4, 4);"), c);
    assertFalse(c.contains("bg_phase1_lane5"), c);
    TraceStats bench = benchmarkStats(flavour, "threads_pairs");
    int n = BenchmarkRuns.N;
    for (int r = 0; r < n; r++) {
      // Worked out from threads_pairs.c: rank r sends 4 * (r + i + 1) bytes to each rank i.
      long bytes = 0;
      for (int i = 0; i < n; i++) {
        bytes += 4L * (r + i + 1) * PAIR_ITERATIONS;
      }
      assertTrue(bench.rank(r).threads() >= n, "threads of the benchmark's rank " + r);
      for (Op op : new Op[] {Op.ISEND, Op.RECV}) {
        assertEquals((long) n * PAIR_ITERATIONS, bench.rank(r).byOp().get(op)[0], op + " " + r);
        assertEquals(bytes, bench.rank(r).byOp().get(op)[1], op + " bytes of rank " + r);
      }
      assertEquals(n * PAIR_ITERATIONS, bench.rank(r).byOp().get(Op.WAIT)[0], "rank " + r);
      assertEquals(3, bench.rank(r).byOp().get(Op.BARRIER)[0], "rank " + r);
    }
  }

  /** Iterations of threads_handover. */
  private static final int HANDOVER_ITERATIONS = 20;

  /**
   * threads_handover: 3 threads a rank post an Isend and an Irecv each into one shared array, and
   * thread 0 completes all 6 with one MPI_Waitall (MPICH's multisend3 and multisend4). Refused
   * before (BG104: "MPI_Waitall on thread 1 uses a request that MPI_Isend made on thread 2");
   * now the two other lanes hand their requests to thread 0's lane, which takes them.
   */
  @ParameterizedTest(name = "threads_handover under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void requestsWaitedForByAnotherThreadAreHandedOver(String flavour) throws Exception {
    runs.assertSameCalls(flavour, List.of("threads_handover", "" + HANDOVER_ITERATIONS));
    String c = generated(flavour, "threads_handover");
    assertTrue(c.contains("bg_thread_start(&bg_threads[2], bg_phase1_lane3, 3);"), c);
    assertFalse(c.contains("bg_phase1_lane4"), c);
    // Two lanes hand their Isend's and Irecv's requests over, one takes them.
    assertEquals(4, c.split("bg_req_give\\(", -1).length - 1, c);
    assertEquals(1, c.split("bg_waitall_taken\\(", -1).length - 1, c);
    TraceStats bench = benchmarkStats(flavour, "threads_handover");
    for (int r = 0; r < BenchmarkRuns.N; r++) {
      // Worked out from threads_handover.c: thread t sends 2 (t + 1) ints an iteration, so a
      // rank 4 * (2 + 4 + 6) = 48 bytes an iteration.
      assertTrue(bench.rank(r).threads() >= 3, "threads of the benchmark's rank " + r);
      assertEquals(3L * HANDOVER_ITERATIONS, bench.rank(r).byOp().get(Op.ISEND)[0], "rank " + r);
      assertEquals(48L * HANDOVER_ITERATIONS, bench.rank(r).byOp().get(Op.ISEND)[1], "rank " + r);
      assertEquals(3L * HANDOVER_ITERATIONS, bench.rank(r).byOp().get(Op.IRECV)[0], "rank " + r);
      assertEquals(HANDOVER_ITERATIONS, bench.rank(r).byOp().get(Op.WAITALL)[0], "rank " + r);
      assertEquals(2, bench.rank(r).byOp().get(Op.BARRIER)[0], "rank " + r);
    }
  }

  /** Iterations of threads_mprobe. */
  private static final int MPROBE_ITERATIONS = 20;

  /**
   * threads_mprobe: 4 threads a rank match messages of one channel (two threads a tag) with
   * MPI_Mprobe or polled MPI_Improbe and receive what each matched (MPICH's mt_mprobe_* and
   * mt_improbe_*). Refused before, the tracer naming another thread's message where MPI had
   * reused a freed handle (BG104 "MPI_Mrecv on thread 5 receives a message that MPI_Mprobe
   * matched on thread 6"); then threads that found one channel's messages with MPI_Improbe were
   * refused, as the benchmark's MPI_Improbe could lose its message to another thread and abort.
   */
  @ParameterizedTest(name = "threads_mprobe under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void threadsThatProbeOneChannelReceiveWhatEachMatched(String flavour) throws Exception {
    runs.assertSameCalls(flavour, List.of("threads_mprobe", "" + MPROBE_ITERATIONS));
    String c = generated(flavour, "threads_mprobe");
    assertTrue(c.contains("bg_thread_start(&bg_threads[3], bg_phase1_lane4, 4);"), c);
    TraceStats bench = benchmarkStats(flavour, "threads_mprobe");
    int it = MPROBE_ITERATIONS;
    for (int r = 0; r < BenchmarkRuns.N; r++) {
      // Worked out from threads_mprobe.c (samples/mpi/README.md's table): per iteration a rank
      // sends 8 messages of 8 bytes, receives 4 with MPI_Mrecv and 4 with MPI_Imrecv, and
      // receives 4 MPI_MESSAGE_NO_PROC of 0 bytes with MPI_Mrecv.
      assertTrue(bench.rank(r).threads() >= 4, "threads of the benchmark's rank " + r);
      assertEquals(8L * it, bench.rank(r).byOp().get(Op.ISEND)[0], "rank " + r);
      assertEquals(64L * it, bench.rank(r).byOp().get(Op.ISEND)[1], "rank " + r);
      assertEquals(8L * it, bench.rank(r).byOp().get(Op.MPROBE)[0], "rank " + r);
      assertEquals(8L * it, bench.rank(r).byOp().get(Op.MRECV)[0], "rank " + r);
      assertEquals(32L * it, bench.rank(r).byOp().get(Op.MRECV)[1], "rank " + r);
      assertEquals(4L * it, bench.rank(r).byOp().get(Op.IMRECV)[0], "rank " + r);
      assertEquals(32L * it, bench.rank(r).byOp().get(Op.IMRECV)[1], "rank " + r);
    }
  }

  /** Iterations of threads_comms. */
  private static final int COMMS_ITERATIONS = 10;

  /**
   * threads_comms: 3 threads a rank dup MPI_COMM_SELF under a lock of the program, then 3 threads
   * make MPI_Comm_create_group on the world, each with a tag of its own (MPICH's
   * comm_dup_deadlock, comm_create_group_threads2). Refused before (BG104: "lanes [1, 2, 3] make
   * collectives on communicator ..."); now the dups are made under the benchmark's lock, each
   * thread's copy in a slot of its own, and the tagged calls as they are.
   */
  @ParameterizedTest(name = "threads_comms under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void threadsMakeCommunicatorsAtOnce(String flavour) throws Exception {
    runs.assertSameCalls(flavour, List.of("threads_comms", "" + COMMS_ITERATIONS));
    String c = generated(flavour, "threads_comms");
    // Each of phase 1's 3 lanes dups MPI_COMM_SELF under the lock; nothing else is locked.
    assertEquals(3, c.split("bg_self_lock\\(\\); MPI_Comm_dup\\(", -1).length - 1, c);
    assertEquals(3, c.split("bg_self_lock\\(", -1).length - 1, c);
    TraceStats bench = benchmarkStats(flavour, "threads_comms");
    long it = COMMS_ITERATIONS;
    for (int r = 0; r < BenchmarkRuns.N; r++) {
      // Worked out from threads_comms.c (its header's counts per rank).
      assertTrue(bench.rank(r).threads() >= 3, "threads of the benchmark's rank " + r);
      assertEquals(3 * it, bench.rank(r).byOp().get(Op.COMM_DUP)[0], "rank " + r);
      assertEquals(3 * it, bench.rank(r).byOp().get(Op.COMM_CREATE_GROUP)[0], "rank " + r);
      assertEquals(3 * it, bench.rank(r).byOp().get(Op.ALLREDUCE)[0], "rank " + r);
      assertEquals(6 * it, bench.rank(r).byOp().get(Op.COMM_FREE)[0], "rank " + r);
      assertEquals(3 * it + 3, bench.rank(r).byOp().get(Op.BARRIER)[0], "rank " + r);
    }
  }

  /** Iterations of threads_selfmsg. */
  private static final int SELF_ITERATIONS = 10;

  /**
   * threads_selfmsg: the main thread MPI_Ssends to its own rank, another thread receives,
   * exchanges with the neighbours and MPI_Ssends back (MPICH's ctxdup). Refused before (BG201:
   * "rank 1 waits in MPI_Ssend ... for rank 1 to receive", the threads' calls in turn); the
   * threads run at once.
   */
  @ParameterizedTest(name = "threads_selfmsg under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void messagesBetweenTwoThreadsOfOneRank(String flavour) throws Exception {
    runs.assertSameCalls(flavour, List.of("threads_selfmsg", "" + SELF_ITERATIONS));
    String c = generated(flavour, "threads_selfmsg");
    assertTrue(c.contains("bg_thread_start(&bg_threads[0], bg_phase1_lane1, 1);"), c);
    assertFalse(c.contains("bg_phase1_lane2") || c.contains("bg_phase2_"), c);
    TraceStats bench = benchmarkStats(flavour, "threads_selfmsg");
    for (int r = 0; r < BenchmarkRuns.N; r++) {
      // Worked out from threads_selfmsg.c: two MPI_Ssends and MPI_Recvs of 2 ints an iteration
      // (one each thread), one MPI_Sendrecv of 2 ints (the thread).
      assertTrue(bench.rank(r).threads() >= 2, "threads of the benchmark's rank " + r);
      for (Op op : new Op[] {Op.SSEND, Op.RECV}) {
        assertEquals(2L * SELF_ITERATIONS, bench.rank(r).byOp().get(op)[0], op + " " + r);
        assertEquals(16L * SELF_ITERATIONS, bench.rank(r).byOp().get(op)[1], op + " " + r);
      }
      assertEquals(SELF_ITERATIONS, bench.rank(r).byOp().get(Op.SENDRECV)[0], "rank " + r);
      assertEquals(2, bench.rank(r).byOp().get(Op.BARRIER)[0], "rank " + r);
    }
  }

  /** The C source generated from sample {@code name}'s trace under {@code flavour}. */
  private String generated(String flavour, String name) throws java.io.IOException {
    return Files.readString(runs.work().resolve(flavour + "-" + name + "-gen")
        .resolve(name + ".c"));
  }

  /** The calls and bytes of sample {@code name}'s benchmark, traced under {@code flavour}. */
  private TraceStats benchmarkStats(String flavour, String name) throws java.io.IOException {
    return TraceArgument.stats(runs.work().resolve(flavour + "-" + name + "-bench"),
        new java.io.PrintWriter(new java.io.StringWriter()));
  }
}
