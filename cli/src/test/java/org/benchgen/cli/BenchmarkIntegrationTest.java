package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.benchgen.cli.BenchmarkRuns.Built;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Op;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The product's promise on real MPI: every program of samples/mpi is traced at 4 ranks, its
 * benchmark generated (`generate --lang c-mpi`, which aligns and resolves), built with its own
 * Makefile, run under the tracer, and the two traces compared with `verify`: every rank's calls
 * and bytes per MPI function, and the message matrix, must be identical. Open MPI for all
 * (BenchmarkUnderMpichTest: MPICH for many). MPI must be installed: without it these tests fail,
 * they do not skip.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BenchmarkIntegrationTest {
  private static final int N = BenchmarkRuns.N;

  private BenchmarkRuns runs;

  @BeforeAll
  void samples(@TempDir Path tmp) {
    runs = new BenchmarkRuns(tmp);
  }

  /**
   * Every program of samples/mpi (shortened where their defaults run for seconds) but
   * comm_random_split, whose benchmark BenchmarkFeaturesTest traces and verifies.
   */
  static Stream<List<String>> programs() {
    return Stream.of(List.of("ring"), List.of("stencil2d"), List.of("nested_loops"),
        List.of("split_collectives"), List.of("wildcard"), List.of("comm_split"),
        List.of("vcollectives"), List.of("nonblocking_coll"), List.of("edge_cases"),
        List.of("ring_f90"), List.of("pingpong", "2000"), List.of("ringbench", "2000"),
        List.of("compute_bound", "10", "1000"), List.of("comm_free_order"),
        List.of("rotating_root"), List.of("many_comms", "2000"), List.of("random_exchange"),
        List.of("comm_dup_info"), List.of("comm_idup"), List.of("comm_create_group"),
        List.of("intercomm"), List.of("intercomm_vcoll"),
        List.of("comm_topologies"), List.of("comm_nonblocking_order"),
        List.of("pair_types"),
        List.of("derived_types"), List.of("persistent_bsend"), List.of("alltoallw", "5"),
        List.of("neighbors", "5"), List.of("local_calls", "5"),
        List.of("cancel", "5"), List.of("mprobe", "3"), List.of("persistent_coll", "5"),
        List.of("large_count", "3"), List.of("isendrecv", "3"));
  }

  @ParameterizedTest(name = "{0} under Open MPI")
  @MethodSource("programs")
  void benchmarkMakesTheSameCallsAsTheProgram(List<String> program) throws Exception {
    runs.assertSameCalls("openmpi", program);
  }

  /**
   * Communicators of one call kept alive together (comm_live, issue 16), 10,000 made in 2,500
   * rounds: they take four slots, reused round after round, so that the benchmark makes the
   * program's calls and its C stays small (the slots' table is cut to its period, 4) whatever the
   * number of rounds; a table of a slot per communicator would be over 20 kB. (100,000 made the
   * same 3.9 kB file, at 40 times this test's cost.)
   */
  @Test
  void communicatorsKeptAliveTogetherShareFourSlots() throws Exception {
    runs.assertSameCalls("openmpi", List.of("comm_live", "2500"));
    long size = Files.size(runs.work().resolve("openmpi-comm_live-gen").resolve("comm_live.c"));
    assertTrue(size < 8_000, size + " bytes");
  }

  /**
   * A message over 2 GB (issue 17): big_message sends 270,000,000 MPI_DOUBLEs from rank 0 to rank
   * 1, 2,160,000,000 bytes by the program's own arithmetic. MPI_Get_count's int overflowed there,
   * so the receive was recorded as 0 bytes, and the benchmark's as 0 too: an identical verdict
   * alone cannot catch it, hence the number.
   */
  @Test
  void aMessageOverTwoGigabytesKeepsItsBytes() throws Exception {
    runs.assertSameCalls("openmpi", List.of("big_message"));
    TraceStats s = TraceStats.of(TraceDirectory.open(runs.work().resolve(
        "openmpi-big_message-orig")),
        n -> { });
    assertTrue(s.rows().contains(new TraceStats.Row(1, Op.RECV, 1, 2_160_000_000L)),
        s.rows().toString());
    assertTrue(s.rows().contains(new TraceStats.Row(0, Op.SEND, 1, 2_160_000_000L)),
        s.rows().toString());
  }

  /**
   * verify on a real benchmark, region by region: nested_loops' benchmark names its loops L1
   * (x20) holding L2 (x5) and L3 (x10), and verify finds the same three in both traces, under
   * those names; the run's compute intervals are tested rank by rank. Times are not asserted:
   * they are measured, on a shared machine (docs/benchmarks.md).
   */
  @Test
  void verifyComparesABenchmarksLoopRegionsByTheNamesItsCodeGivesThem() throws Exception {
    Built b = runs.build("openmpi", List.of("nested_loops"), "-regions");
    String c = Files.readString(b.gen().resolve("nested_loops.c"));
    for (String loop : List.of("bg_region_push(1); /* loop region L1 */\n  for (long i0 = 0;"
        + " i0 < 20;", "bg_region_push(2); /* loop region L2 */\n    for (long i1 = 0; i1 < 5;",
        "bg_region_push(3); /* loop region L3 */\n    for (long i1 = 0; i1 < 10;")) {
      assertTrue(c.contains(loop), loop + " in\n" + c);
    }
    Path bench = runs.trace("openmpi", "nested_loops-bench-regions",
        b.gen().resolve("nested_loops"), List.of());
    Cli.Result v = Cli.run("verify", b.original().toString(), bench.toString());
    assertEquals(0, v.code(), v.out() + v.err());
    List<String> lines = v.out().lines().toList();
    for (String region : List.of("     L1  loop x20: MPI_Send, MPI_Recv, MPI_Barrier ",
        "     L2  loop x5: MPI_Send, MPI_Recv in L1 ",
        "     L3  loop x10: MPI_Send, MPI_Recv in L1 ")) {
      assertTrue(lines.stream().anyMatch(l -> l.startsWith(region)), region + " in\n" + v.out());
    }
    assertTrue(v.out().contains("\n  loops: 3 regions matched"), v.out());
    // 20 barriers' 20 us of compute a rank, and more: every rank has its intervals tested.
    assertTrue(v.out().contains("\n  compute distributions: alike on all 4 ranks tested")
        || v.out().contains("\n  compute distributions: differ on "), v.out());
    assertTrue(!v.out().contains("ranks not tested"), v.out());
  }

  /**
   * An irregular section long enough for its tables to be coded as characters (issue 17):
   * random_exchange of 3,000 steps. The benchmark decodes them at start-up and verifies identical;
   * coded, its C is less than half of what the numbers took (measured at 10^6 events:
   * docs/benchmarks.md).
   */
  @Test
  void longIrregularSectionsAreCodedTables() throws Exception {
    Built b = runs.build("openmpi", List.of("random_exchange", "3000", "7"), "-coded");
    String c = Files.readString(b.gen().resolve("random_exchange.c"));
    assertTrue(c.contains("_codes[] = {") && c.contains("bg_decode("), "no coded table");
    Path bench = runs.trace("openmpi", "random_exchange-coded-bench",
        b.gen().resolve("random_exchange"), List.of());
    Cli.Result v = Cli.run("verify", b.original().toString(), bench.toString());
    assertEquals(0, v.code(), v.out() + v.err());
    assertTrue(v.out().contains("calls, bytes and message matrix: identical"), v.out());
  }
}
