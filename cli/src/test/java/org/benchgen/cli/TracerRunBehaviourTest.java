package org.benchgen.cli;

import static org.benchgen.cli.SampleTraces.N;
import static org.benchgen.cli.SampleTraces.assertCalls;
import static org.benchgen.cli.SampleTraces.cb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.benchgen.cli.SampleTraces.Traced;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Op;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tracer's run on real MPI beyond what a program records (TracerIntegrationTest): a small
 * buffer written out many times, runs cut short by an abort, launches that cannot start, and
 * {@code --cpu-time}. MPI must be installed: without it these tests fail, they do not skip.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TracerRunBehaviourTest {
  private Path work;

  private SampleTraces samples;

  @BeforeAll
  void buildSamples(@TempDir Path tmp) throws Exception {
    work = tmp;
    samples = new SampleTraces(work);
  }

  @Test
  void smallBufferFlushesManyTimesAndKeepsReceiveSizes() throws Exception {
    // 10,000 iterations of ~360 bytes of records each: a 1 MB buffer is written out 3 times while
    // Irecv records wait for their completion to learn their size.
    int iters = 10_000;
    int count = 8;
    Traced t = trace("openmpi", List.of("--buffer-mb", "1"), "ring", iters, count);
    long bytes = (long) iters * count * 8;
    for (int r = 0; r < N; r++) {
      assertCalls(t.stats(), r, Map.of(Op.INIT, cb(1, 0), Op.IRECV, cb(iters, bytes),
          Op.ISEND, cb(iters, bytes), Op.WAITALL, cb(iters, 0), Op.FINALIZE, cb(1, 0)));
    }
  }

  @Test
  void anAbortLeavesTruncatedStreamsThatCompressRefuses() throws Exception {
    Path dir = work.resolve("aborted");
    java.io.StringWriter err = abortMidway(dir, "--raw");
    assertTrue(err.toString().contains("is incomplete"), err.toString());
    assertTrue(err.toString().contains("rank 1 was cut short"), err.toString());
    // Rank 1 aborted after 5 iterations: its stream has Init and 5 Sendrecv, then the marker.
    List<String> lines = Files.readAllLines(dir.resolve("rank-1.trace"));
    assertEquals("# truncated", lines.get(lines.size() - 1));
    assertEquals(6, lines.stream().filter(l -> l.startsWith("MPI_")).count(), "events of rank 1");
    org.benchgen.trace.TraceProblem refused = org.junit.jupiter.api.Assertions.assertThrows(
        org.benchgen.trace.TraceProblem.class,
        () -> new TraceCompressor().compress(TraceDirectory.open(dir), n -> { }));
    assertTrue(refused.getMessage().contains("truncated")
        || refused.getMessage().contains(".part"), refused.getMessage());
  }

  /**
   * The same abort without --raw: no rank reaches the merge in MPI_Finalize, so there is no
   * trace.bgc; each rank that could leaves what it folded as rank-R.truncated.bgc, a compressed
   * trace of that rank alone (rank 1: MPI_Init and 5 MPI_Sendrecv, as in its stream above), and
   * trace exits 1 naming it.
   */
  @Test
  void anAbortLeavesEachRanksFoldedTraceMarkedTruncated() throws Exception {
    Path dir = work.resolve("aborted-fold");
    java.io.StringWriter err = abortMidway(dir);
    assertTrue(err.toString().contains("rank 1 was cut short (rank-1.truncated.bgc holds what it"
        + " did until then)"), err.toString());
    assertFalse(Files.exists(dir.resolve("trace.bgc")));
    Path cut = dir.resolve("rank-1.truncated.bgc");
    assertTrue(Files.readAllLines(cut).get(Files.readAllLines(cut).size() - 1)
        .startsWith("# truncated: rank 1's run ended before MPI_Finalize"));
    TraceStats s = TraceStats.of(org.benchgen.io.TraceFiles.readCompressed(cut), n -> { });
    assertEquals(List.of("MPI_Init 1", "MPI_Sendrecv 5"), s.rows().stream()
        .filter(r -> r.rank() == 1).map(r -> r.name() + " " + r.calls()).toList());
    // The directory is no trace, and every command says so rather than reading a part of it.
    assertTrue(err.toString().contains(dir + " is not a trace: the commands refuse it"),
        err.toString());
    Cli.Result show = Cli.run("show", dir.toString());
    assertEquals(1, show.code());
    assertTrue(show.err().contains(dir + ": not a trace: its traced run was cut short before"
        + " MPI_Finalize, and it holds only what"), show.err());
  }

  /** abort_midway at N ranks under trace {@code options} into {@code dir}: exit 1, its stderr. */
  private java.io.StringWriter abortMidway(Path dir, String... options) throws Exception {
    Path exe = work.resolve("abort_midway");
    if (!Files.exists(exe)) {
      Path src = Path.of(getClass().getResource("/mpi/abort_midway.c").toURI());
      run(List.of("mpicc.openmpi", "-g", "-o", exe.toString(), src.toString()));
    }
    java.io.StringWriter err = new java.io.StringWriter();
    picocli.CommandLine cl = Benchgen.commandLine();
    cl.setErr(new java.io.PrintWriter(err));
    List<String> cmd = new ArrayList<>(List.of("trace", "-o", dir.toString()));
    cmd.addAll(List.of(options));
    cmd.add("--");
    cmd.addAll(MpiSamples.launcher("openmpi", N));
    cmd.addAll(List.of(exe.toString(), "10"));
    assertEquals(Benchgen.INPUT_ERROR, MpiLock.hold(() -> cl.execute(cmd.toArray(String[]::new))),
        err.toString());
    return err;
  }

  @Test
  void badLaunchesFailClearlyAndLeaveNothing() throws Exception {
    Path out = work.resolve("never");
    java.io.StringWriter err = new java.io.StringWriter();
    picocli.CommandLine cl = Benchgen.commandLine();
    cl.setErr(new java.io.PrintWriter(err));
    assertEquals(Benchgen.INPUT_ERROR, cl.execute("trace", "-o", out.toString(), "--",
        "no-such-launcher", "-np", "4", "./app"));
    assertTrue(err.toString().contains("'no-such-launcher' is not a command"), err.toString());
    assertTrue(Files.notExists(out), "no output directory");
    try (var s = Files.list(work)) {
      assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith(".never")),
          "no temporary directory left");
    }
    Path full = Files.createDirectories(work.resolve("full"));
    Files.writeString(full.resolve("keep.txt"), "mine");
    assertEquals(Benchgen.INPUT_ERROR, (int) MpiLock.hold(() -> cl.execute("trace", "-o",
        full.toString(), "--", "mpirun.mpich", "-np", "2",
        samples.bin("mpich").resolve("ring").toString())));
    assertEquals("mine", Files.readString(full.resolve("keep.txt")), "existing output untouched");
  }

  /**
   * {@code trace --cpu-time} records each compute interval's CPU time: compute_bound's 10 phases
   * of 5 ms that sleep are wall time without CPU time (a descheduled rank looks so), and its
   * phases that busy-wait until the rank has had 5 ms of CPU time are at least 50 ms of CPU time
   * in all, however loaded the machine (a busy-wait for 5 ms of wall time, the first version of
   * this test, got 6 % of a core at a load of 100 and looked descheduled). Without the option no
   * event has CPU time.
   */
  @Test
  void cpuTimeTellsSleepingFromComputing() throws Exception {
    TraceStats sleeping = cpuTrace("sleep", List.of("--cpu-time"));
    TraceStats busy = cpuTrace("cpu", List.of("--cpu-time"));
    for (int r = 0; r < 2; r++) {
      // 10 phases of 5 ms, and the intervals of the other calls.
      assertTrue(sleeping.rank(r).cpuWallNs() >= 50_000_000L, "rank " + r);
      assertTrue(sleeping.rank(r).descheduled() > 0.9, "sleeping rank " + r + ": "
          + sleeping.rank(r).descheduled());
      assertTrue(busy.rank(r).cpuNs() >= 50_000_000L, "busy rank " + r + ": "
          + busy.rank(r).cpuNs() + " ns of CPU time");
    }
    assertFalse(cpuTrace("busy", List.of()).hasCpu());
  }

  private int cpuRuns;

  private TraceStats cpuTrace(String mode, List<String> options) throws Exception {
    Path dir = work.resolve("cpu-" + mode + options.size() + "-" + cpuRuns++);
    List<String> cmd = new ArrayList<>(List.of("trace", "--raw", "-o", dir.toString()));
    cmd.addAll(options);
    cmd.add("--");
    cmd.addAll(MpiSamples.launcher("openmpi", 2));
    cmd.addAll(List.of(samples.bin("openmpi").resolve("compute_bound").toString(), "10", "5000",
        "0", mode));
    Cli.ok(cmd);
    InJobTraces.assertSameAsCompress(dir); // with cpu= where --cpu-time is given
    return TraceStats.of(TraceDirectory.open(dir), n -> { });
  }

  private Traced trace(String flavour, List<String> options, String program, int... args)
      throws Exception {
    return samples.trace(flavour, options, program, args);
  }

  private void run(List<String> cmd) throws Exception {
    MpiSamples.run(cmd, work);
  }
}
