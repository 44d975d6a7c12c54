package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.benchgen.testing.RandomProgram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The in-job compressor against rsd-compressor beyond the samples at 4 ranks, which
 * BenchmarkIntegrationTest and MpiCallsIntegrationTest check on every trace they take: more ranks
 * (where rank classes are clustered and merges nest deeper), and random programs (RandomProgram's
 * streams made into real MPI programs by generate, run under the tracer), and the samples no
 * other test checks. Open MPI, oversubscribed, and MPICH.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InJobCompressionTest {
  private Path work;
  private Map<String, Path> bins;

  @BeforeAll
  void buildSamples(@TempDir Path tmp) throws Exception {
    work = tmp;
    bins = MpiSamples.bins();
  }

  /**
   * The samples that no other MPI test traces with --raw (so none checks their trace.bgc), at 4
   * ranks: threads of MPI_THREAD_MULTIPLE (thread=; 300 iterations, where the default 2,000 took
   * 23 s of CPU under MPICH), a halo exchange whose partners change, a period-3 pattern, and a
   * program that probes ahead.
   */
  @ParameterizedTest(name = "{0} under {1}")
  @CsvSource({"threads_multiple,openmpi,300", "threads_multiple,mpich,300",
      "amr_exchange,openmpi,", "period3,openmpi,", "prefetch,openmpi,", "prefetch,mpich,"})
  void samplesCheckedNowhereElse(String program, String flavour, String args) throws Exception {
    traceRaw(flavour, program + "-" + flavour, bins.get(flavour).resolve(program),
        args == null ? List.of() : List.of(args.split(" ")), 4);
  }

  /**
   * Datatype names that are not UTF-8 (cli/src/test/resources/mpi/type_names.c): Java would
   * decode them each as "t" and replacement characters, and the two would be one name. The
   * tracer writes them valid, by hand: "t\xE9" is t U+FFFD; "t\xE8\xED\xA0\x80-%=" is t then
   * U+FFFD four times (E8 and ED lack their continuation bytes, A0 and 80 lack a lead), -%=.
   */
  @org.junit.jupiter.api.Test
  void namesThatAreNotUtf8AreRecordedValidAndApart() throws Exception {
    Path exe = work.resolve("type_names");
    Path src = Path.of(getClass().getResource("/mpi/type_names.c").toURI());
    MpiSamples.run(List.of("mpicc.openmpi", "-o", exe.toString(), src.toString()), work);
    traceRaw("openmpi", "type_names-trace", exe, List.of(), 2);
    String bgc = java.nio.file.Files.readString(work.resolve("type_names-trace").resolve("trace.bgc"));
    String one = "t%EF%BF%BD";
    String two = "t%EF%BF%BD%EF%BF%BD%EF%BF%BD%EF%BF%BD-%25%3D";
    org.junit.jupiter.api.Assertions.assertTrue(bgc.contains("type=" + two + "," + one + "*2"),
        bgc);
  }

  /** Samples at 16 and 64 ranks; compute_bound's imbalance makes more classes than it keeps. */
  @ParameterizedTest(name = "{0} {1} at {2} ranks")
  @CsvSource({"compute_bound,10 1000 100,16", "stencil2d,,16", "nested_loops,,16",
      "random_exchange,,16", "ring,,64", "stencil2d,,64"})
  void samplesAtMoreRanks(String program, String args, int ranks) throws Exception {
    List<String> argv = args == null ? List.of() : List.of(args.split(" "));
    traceRaw("openmpi", program + "-" + ranks, bins.get("openmpi").resolve(program), argv, ranks);
  }

  /**
   * Random programs at 4 ranks, as benchmarks generated from their streams: the seeds among the
   * first 40 whose programs are correct MPI (generate refuses the others, whose ranks reach
   * different collectives or deadlock).
   */
  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 24})
  void randomPrograms(long seed) throws Exception {
    Path streams = java.nio.file.Files.createDirectories(work.resolve("random-" + seed));
    new RandomProgram(seed, 4).write(streams);
    Path gen = work.resolve("random-gen-" + seed);
    Cli.Result g = Cli.run("generate", streams.toString(), "--lang", "c-mpi", "-o",
        gen.toString(), "--name", "random");
    assertEquals(0, g.code(), g.out() + g.err());
    MpiSamples.make(gen, work, "MPICC=mpicc.openmpi");
    traceRaw("openmpi", "random-run-" + seed, gen.resolve("random"), List.of(), 4);
  }

  private void traceRaw(String flavour, String label, Path exe, List<String> args, int ranks)
      throws Exception {
    Path dir = work.resolve(label);
    List<String> cmd = new ArrayList<>(List.of("trace", "--raw", "-o", dir.toString(), "--"));
    cmd.addAll(MpiSamples.launcher(flavour, ranks));
    cmd.add(exe.toString());
    cmd.addAll(args);
    Cli.Result r = Cli.run(cmd.toArray(String[]::new));
    assertEquals(0, r.code(), r.out() + r.err());
    InJobTraces.assertSameAsCompress(dir);
  }
}
