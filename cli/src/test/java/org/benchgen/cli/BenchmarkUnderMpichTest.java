package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
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
 * BenchmarkIntegrationTest's promise under MPICH: the programs of samples/mpi that use what MPICH
 * has and Open MPI 4.1 lacks (MPI-4's calls), and a choice of the others.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BenchmarkUnderMpichTest {
  private static final int N = BenchmarkRuns.N;

  private BenchmarkRuns runs;

  @BeforeAll
  void samples(@TempDir Path tmp) {
    runs = new BenchmarkRuns(tmp);
  }

  /** The programs run under MPICH too (shorter: MPICH's ranks poll the 2 cores here). */
  static Stream<List<String>> mpichPrograms() {
    return Stream.of(List.of("stencil2d"), List.of("comm_dup_info"), List.of("comm_idup"),
        List.of("comm_create_group"), List.of("comm_live", "12"), List.of("intercomm"),
        List.of("intercomm_vcoll"), List.of("comm_topologies"), List.of("comm_nonblocking_order"),
        List.of("pair_types", "5"), List.of("derived_types", "4"),
        List.of("alltoallw", "3"), List.of("neighbors", "3"),
        List.of("local_calls", "4"), List.of("cancel", "3"),
        List.of("mprobe", "2"), List.of("isendrecv", "3"), List.of("persistent_coll", "3"),
        List.of("large_count", "3"), List.of("persistent_bsend", "4"));
  }

  @ParameterizedTest(name = "{0} under MPICH")
  @MethodSource("mpichPrograms")
  void benchmarkUnderMpich(List<String> program) throws Exception {
    runs.assertSameCalls("mpich", program);
  }

  /**
   * MPI-4's communicators made of groups are recorded by their own calls (issue 16), not defined
   * where first used: under MPICH, comm_from_group's 3 rounds make 3 of each on every rank
   * (its benchmark verified as benchmarkUnderMpich verifies the others').
   */
  @Test
  void communicatorsMadeOfGroupsAreRecorded() throws Exception {
    runs.assertSameCalls("mpich", List.of("comm_from_group", "3"));
    Path original = runs.work().resolve("mpich-comm_from_group-orig");
    TraceStats s = TraceStats.of(TraceDirectory.open(original), n -> { });
    for (int r = 0; r < N; r++) {
      for (Op op : List.of(Op.COMM_CREATE_FROM_GROUP, Op.INTERCOMM_CREATE_FROM_GROUPS)) {
        assertEquals(3, s.rank(r).byOp().getOrDefault(op, new long[1])[0], op + " rank " + r);
      }
    }
  }
}
