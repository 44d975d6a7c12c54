package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceComparison;
import org.benchgen.stats.TraceStats;
import org.benchgen.testing.Chromium;
import org.benchgen.trace.Op;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * The product's promise on real MPI: every program of samples/mpi is traced at 4 ranks, its
 * benchmark generated (`generate --lang c-mpi`, which aligns and resolves), built with its own
 * Makefile, run under the tracer, and the two traces compared with `verify`: every rank's calls
 * and bytes per MPI function, and the message matrix, must be identical. Open MPI for all, MPICH
 * for one. MPI must be installed: without it these tests fail, they do not skip.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BenchmarkIntegrationTest {
  private static final int N = 4;

  private Path work;
  private final Map<String, Path> bins = new HashMap<>();

  @BeforeAll
  void buildSamples(@TempDir Path tmp) throws Exception {
    work = tmp;
    bins.putAll(MpiSamples.build(work));
  }

  /** Every program of samples/mpi (shortened where their defaults run for seconds). */
  static Stream<List<String>> programs() {
    return Stream.of(List.of("ring"), List.of("stencil2d"), List.of("nested_loops"),
        List.of("split_collectives"), List.of("wildcard"), List.of("comm_split"),
        List.of("vcollectives"), List.of("nonblocking_coll"), List.of("edge_cases"),
        List.of("ring_f90"), List.of("pingpong", "2000"), List.of("ringbench", "2000"),
        List.of("compute_bound", "10", "1000"), List.of("comm_free_order"),
        List.of("rotating_root"), List.of("many_comms", "2000"), List.of("random_exchange"),
        List.of("comm_dup_info"), List.of("comm_idup"), List.of("comm_create_group"),
        List.of("comm_live"), List.of("intercomm"), List.of("intercomm_vcoll"),
        List.of("comm_topologies"), List.of("comm_nonblocking_order"),
        List.of("comm_random_split"), List.of("pair_types"),
        List.of("derived_types"), List.of("persistent_bsend"), List.of("alltoallw", "5"),
        List.of("neighbors", "5"), List.of("local_calls", "5"),
        List.of("cancel", "5"), List.of("mprobe", "3"), List.of("persistent_coll", "5"),
        List.of("large_count", "3"), List.of("isendrecv", "3"));
  }

  /** The programs run under MPICH too (shorter: MPICH's ranks poll the 2 cores here). */
  static Stream<List<String>> mpichPrograms() {
    return Stream.of(List.of("stencil2d"), List.of("comm_dup_info"), List.of("comm_idup"),
        List.of("comm_create_group"), List.of("comm_live", "50"), List.of("intercomm"),
        List.of("intercomm_vcoll"), List.of("comm_topologies"), List.of("comm_nonblocking_order"),
        List.of("comm_from_group"), List.of("pair_types", "5"), List.of("derived_types", "4"),
        List.of("alltoallw", "3"), List.of("neighbors", "3"),
        List.of("local_calls", "4"), List.of("cancel", "3"),
        List.of("mprobe", "2"), List.of("isendrecv", "3"), List.of("persistent_coll", "3"),
        List.of("large_count", "3"), List.of("persistent_bsend", "4"));
  }

  @ParameterizedTest(name = "{0} under Open MPI")
  @MethodSource("programs")
  void benchmarkMakesTheSameCallsAsTheProgram(List<String> program) throws Exception {
    assertSameCalls("openmpi", program);
  }

  @ParameterizedTest(name = "{0} under MPICH")
  @MethodSource("mpichPrograms")
  void benchmarkUnderMpich(List<String> program) throws Exception {
    assertSameCalls("mpich", program);
  }

  /**
   * The report of a program and of its verified benchmark side by side, and the trace's report
   * that generate --report writes beside the benchmark: both open in Chromium with nothing on its
   * console (screenshots in target/screenshots).
   */
  @Test
  void reportsOfAVerifiedBenchmarkRenderInChromium() throws Exception {
    Built b = build("openmpi", List.of("stencil2d"), "-report");
    Path bench = trace("openmpi", "stencil2d-bench-report", b.gen().resolve("stencil2d"),
        List.of());
    Path page = work.resolve("verified.html");
    assertEquals(0, Benchgen.commandLine().execute("report", b.original().toString(),
        bench.toString(), "-o", page.toString()));
    assertTrue(Files.readString(page).contains("<div class=\"verdict same\">"));
    Chromium.Rendered r = Chromium.render(page, Path.of("target", "screenshots",
        "verified-benchmark.png"), 1400, 2400);
    assertEquals(List.of(), r.console());
    Path gen = work.resolve("gen-with-report");
    assertEquals(0, Benchgen.commandLine().execute("generate", b.original().toString(),
        "--lang", "c-mpi", "--report", "--name", "stencil2d", "-o", gen.toString()));
    Path own = gen.resolve("stencil2d-report.html");
    assertTrue(Files.readString(own).contains("<h2>" + b.original() + "</h2>"));
    assertEquals(List.of(), Chromium.render(own, Path.of("target", "screenshots",
        "generate-report.png"), 1400, 2400).console());
  }

  /**
   * The targets that cannot make an intercommunicator say so and write nothing (BG301); the
   * C+MPI target makes it (benchmarkMakesTheSameCallsAsTheProgram).
   */
  @ParameterizedTest(name = "{0} refuses intercommunicators")
  @ValueSource(strings = {"goal", "conceptual"})
  void targetsWithoutIntercommunicatorsRefuseThem(String lang) throws Exception {
    Path original = trace("openmpi", "intercomm-" + lang, bins.get("openmpi")
        .resolve("intercomm"), List.of("2"));
    Path out = work.resolve("intercomm-" + lang + "-gen");
    Cli.Result r = Cli.run("generate", original.toString(), "--lang", lang, "-o",
        out.toString());
    assertEquals(1, r.code(), r.out() + r.err());
    assertTrue(r.err().contains("BG301") && r.err().contains("is an intercommunicator (groups"
        + " [0, 2] and [1, 3]), which the " + lang + " target has no way to make"), r.err());
    assertTrue(!Files.exists(out), "nothing written");
  }

  /**
   * What the coNCePTuaL and GOAL targets and OTF2 export cannot say is refused by name, nothing
   * written: neighbourhood collectives (they need a topology's neighbours) and MPI-4's
   * persistent collectives, each the first of its program's calls that they cannot make.
   */
  @ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.CsvSource({
      "neighbors, MPI_Neighbor_allgather, a neighbourhood collective",
      "persistent_coll, MPI_Allreduce_init, a persistent collective"})
  void targetsThatCannotSayACallRefuseIt(String program, String call, String what)
      throws Exception {
    Path original = trace("openmpi", program + "-refused", bins.get("openmpi")
        .resolve(program), List.of("1"));
    for (String lang : List.of("goal", "conceptual")) {
      Path out = work.resolve(program + "-" + lang + "-gen");
      Cli.Result r = Cli.run("generate", original.toString(), "--lang", lang, "-o",
          out.toString());
      assertEquals(1, r.code(), r.out() + r.err());
      assertTrue(r.err().contains("BG301") && r.err().contains(call + " at ")
          && r.err().contains("is " + what + ", which the " + lang + " target has no way to"
          + " make"), r.err());
      assertTrue(!Files.exists(out), "nothing written");
    }
    Path otf2 = work.resolve(program + "-otf2");
    Cli.Result r = Cli.run("export", original.toString(), "--format", "otf2", "-o",
        otf2.toString());
    assertEquals(1, r.code(), r.out() + r.err());
    assertTrue(r.err().contains(call + " is " + what), r.err());
    assertTrue(!Files.exists(otf2), "nothing written");
  }

  /**
   * MPI-4's communicators made of groups are recorded by their own calls (issue 16), not defined
   * where first used: under MPICH, comm_from_group's 3 rounds make 3 of each on every rank
   * (benchmarkUnderMpich verifies its benchmark).
   */
  @Test
  void communicatorsMadeOfGroupsAreRecorded() throws Exception {
    Path original = trace("mpich", "from-group", bins.get("mpich").resolve("comm_from_group"),
        List.of("3"));
    TraceStats s = TraceStats.of(TraceDirectory.open(original), n -> { });
    for (int r = 0; r < N; r++) {
      for (Op op : List.of(Op.COMM_CREATE_FROM_GROUP, Op.INTERCOMM_CREATE_FROM_GROUPS)) {
        assertEquals(3, s.rank(r).byOp().getOrDefault(op, new long[1])[0], op + " rank " + r);
      }
    }
  }

  /**
   * A communicator split off at random every step (comm_random_split, like MPICH's ctxsplit) is
   * an irregular section (issue 16): its calls are data, not code, and its communicators share
   * the slots of their one call site. Before, its 2,000 steps at 4 ranks were 16,006 lines of C
   * with 1,906 communicator slots (measured), and ctxsplit's 100,000 were 20 MB that GCC did not
   * compile in 16 minutes.
   */
  @Test
  void communicatorsSplitAtRandomAreDataNotCode() throws Exception {
    Built b = build("openmpi", List.of("comm_random_split"), "-size");
    String c = Files.readString(b.gen().resolve("comm_random_split.c"));
    assertTrue(c.lines().count() < 200, c.lines().count() + " lines");
    assertTrue(c.contains("#define BG_COMMS 2\n"), "the world and one slot for the splits");
  }

  @Test
  void benchmarkRefusesAnotherRankCount() throws Exception {
    Path gen = build("openmpi", List.of("ring"), "-2").gen();
    List<String> cmd = new ArrayList<>(MpiSamples.launcher("openmpi", N));
    cmd.set(cmd.indexOf("" + N), "2");
    cmd.add(gen.resolve("ring").toString());
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor() != 0, "exit status");
    assertTrue(out.contains("this benchmark reproduces a run of 4 ranks; run it with mpirun -np 4"
        + " (it was started with 2)"), out);
  }

  /**
   * Load imbalance is kept per rank (issue 19): compute_bound with imbalance 100 at 2 ranks (one
   * per core: oversubscribed ranks are descheduled, and their noise hides a difference) makes
   * rank 1 compute 4 ms per iteration where rank 0 computes 2 ms. The compressed trace keeps rank
   * classes: its per-rank compute estimate is within 5 % of each rank's exact total from the raw
   * streams, and the benchmark's rank 1 computes clearly longer than its rank 0 (pooled across
   * ranks, as before, both computed alike).
   */
  @Test
  void benchmarkKeepsEachRanksCompute() throws Exception {
    List<String> program = List.of("compute_bound", "50", "2000", "100");
    Path original = trace("openmpi", "imbalance", bins.get("openmpi").resolve(program.get(0)),
        program.subList(1, program.size()), 2);
    Path bgc = work.resolve("imbalance.bgc");
    assertEquals(0, Benchgen.commandLine().execute("compress", original.toString(), "-o",
        bgc.toString()));
    TraceStats raw = TraceStats.of(TraceDirectory.open(original), n -> { });
    TraceStats compressed = TraceArgument.stats(bgc, new PrintWriter(new StringWriter()));
    for (int r = 0; r < 2; r++) {
      double exact = raw.rank(r).computeNs();
      assertEquals(exact, compressed.rank(r).computeNs(), 0.05 * exact, "rank " + r);
    }
    assertTrue(raw.rank(1).computeNs() > 1.6 * raw.rank(0).computeNs());
    Path gen = work.resolve("imbalance-gen");
    generate(original, gen, "compute_bound");
    MpiSamples.run(List.of("make", "-s", "-C", gen.toString(), "MPICC=mpicc.openmpi"), work);
    TraceStats run = TraceStats.of(TraceDirectory.open(trace("openmpi", "imbalance-bench",
        gen.resolve("compute_bound"), List.of(), 2)), n -> { });
    double ratio = (double) run.rank(1).computeNs() / run.rank(0).computeNs();
    // Pooled, the ratio would be about 1; a loaded machine stretches either rank's busy-waits,
    // so only the side of the imbalance is asserted here (its size is measured, not tested).
    assertTrue(ratio > 1.4, "rank 1 / rank 0 compute in the benchmark: " + ratio);
  }

  /**
   * CPU time, from the tracer to the benchmark (issue 19): compute_bound sleeping through 20
   * phases of 5 ms, traced with --cpu-time, is a run whose compute is wall time without CPU time,
   * as when a rank is descheduled. show and verify say so; the benchmark generated with --compute
   * cpu replays the CPU time (a few microseconds a phase), the default one the wall time.
   */
  @Test
  void computeCpuReplaysCpuTimeNotTheTimeARankSlept() throws Exception {
    Path original = trace("openmpi", "sleeping", bins.get("openmpi").resolve("compute_bound"),
        List.of("20", "5000", "0", "sleep"), 2, List.of("--cpu-time"));
    Cli.Result show = Cli.run("show", original.toString());
    assertTrue(show.out().contains("the ranks were descheduled for "), show.out());
    TraceStats traced = TraceStats.of(TraceDirectory.open(original), n -> { });
    Map<String, TraceStats> runs = new HashMap<>();
    for (String mode : List.of("cpu", "mean")) {
      Path gen = work.resolve("sleeping-gen-" + mode);
      assertEquals(0, Benchgen.commandLine().execute("generate", original.toString(), "--lang",
          "c-mpi", "--compute", mode, "-o", gen.toString(), "--name", "compute_bound"));
      MpiSamples.run(List.of("make", "-s", "-C", gen.toString(), "MPICC=mpicc.openmpi"), work);
      runs.put(mode, TraceStats.of(TraceDirectory.open(trace("openmpi", "sleeping-" + mode,
          gen.resolve("compute_bound"), List.of(), 2, List.of())), n -> { }));
    }
    for (int r = 0; r < 2; r++) {
      double wall = traced.rank(r).computeNs();
      assertTrue(wall >= 100e6, "rank " + r + " slept " + wall + " ns");
      assertTrue(runs.get("mean").rank(r).computeNs() > 0.8 * wall, "rank " + r);
      assertTrue(runs.get("cpu").rank(r).computeNs() < 0.2 * wall, "rank " + r + ": "
          + runs.get("cpu").rank(r).computeNs() + " ns of compute replayed");
    }
    Path bench = work.resolve("openmpi-sleeping-cpu");
    Cli.Result v = Cli.run("verify", original.toString(), bench.toString(), "--loops", "0");
    assertTrue(v.out().contains("A: rank 0 was descheduled for "), v.out());
    assertTrue(v.out().contains("  A: 2 of 2 ranks descheduled for over 5 % of their compute"),
        v.out());
  }

  /**
   * A message over 2 GB (issue 17): big_message sends 270,000,000 MPI_DOUBLEs from rank 0 to rank
   * 1, 2,160,000,000 bytes by the program's own arithmetic. MPI_Get_count's int overflowed there,
   * so the receive was recorded as 0 bytes, and the benchmark's as 0 too: an identical verdict
   * alone cannot catch it, hence the number.
   */
  @Test
  void aMessageOverTwoGigabytesKeepsItsBytes() throws Exception {
    assertSameCalls("openmpi", List.of("big_message"));
    TraceStats s = TraceStats.of(TraceDirectory.open(work.resolve("openmpi-big_message-orig")),
        n -> { });
    assertTrue(s.rows().contains(new TraceStats.Row(1, Op.RECV, 1, 2_160_000_000L)),
        s.rows().toString());
    assertTrue(s.rows().contains(new TraceStats.Row(0, Op.SEND, 1, 2_160_000_000L)),
        s.rows().toString());
  }

  private void assertSameCalls(String flavour, List<String> program) throws Exception {
    String name = program.get(0);
    Built b = build(flavour, program, "");
    // The benchmark's run as benchgen trace makes it by default: its trace.bgc alone.
    Path bench = trace(flavour, name + "-bench", b.gen().resolve(name), List.of(), N,
        List.of(NO_RAW));
    assertFalse(Files.exists(bench.resolve("rank-0.trace")), "a rank stream without --raw");
    TraceComparison c = new TraceComparison(TraceStats.of(TraceDirectory.open(b.original()),
        n -> { }), TraceArgument.stats(bench, new PrintWriter(new StringWriter())));
    StringWriter table = new StringWriter();
    c.report("original", "benchmark", 32, new PrintWriter(table, true));
    assertTrue(c.identical(), name + " under " + flavour + ":\n" + table);
    // The same verdict through the command, with its times, loops and distributions.
    Cli.Result v = Cli.run("verify", b.original().toString(), bench.toString());
    assertEquals(0, v.code(), v.out() + v.err());
    for (String part : List.of("verdict: same calls and bytes", "\n  time per rank: ",
        "\n  loops: ", "\n  compute distributions: ")) {
      assertTrue(v.out().contains(part), part + " in\n" + v.out());
    }
  }

  /**
   * verify on a real benchmark, region by region: nested_loops' benchmark names its loops L1
   * (x20) holding L2 (x5) and L3 (x10), and verify finds the same three in both traces, under
   * those names; the run's compute intervals are tested rank by rank. Times are not asserted:
   * they are measured, on a shared machine (docs/benchmarks.md).
   */
  @Test
  void verifyComparesABenchmarksLoopRegionsByTheNamesItsCodeGivesThem() throws Exception {
    Built b = build("openmpi", List.of("nested_loops"), "-regions");
    String c = Files.readString(b.gen().resolve("nested_loops.c"));
    for (String loop : List.of("bg_region_push(1); /* loop region L1 */\n  for (long i0 = 0;"
        + " i0 < 20;", "bg_region_push(2); /* loop region L2 */\n    for (long i1 = 0; i1 < 5;",
        "bg_region_push(3); /* loop region L3 */\n    for (long i1 = 0; i1 < 10;")) {
      assertTrue(c.contains(loop), loop + " in\n" + c);
    }
    Path bench = trace("openmpi", "nested_loops-bench-regions",
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

  /** A program's trace and its benchmark, generated and built without warnings. */
  /**
   * An irregular section long enough for its tables to be coded as characters (issue 17):
   * random_exchange of 3,000 steps. The benchmark decodes them at start-up and verifies identical;
   * coded, its C is less than half of what the numbers took (measured at 10^6 events:
   * docs/benchmarks.md).
   */
  @Test
  void longIrregularSectionsAreCodedTables() throws Exception {
    Built b = build("openmpi", List.of("random_exchange", "3000", "7"), "-coded");
    String c = Files.readString(b.gen().resolve("random_exchange.c"));
    assertTrue(c.contains("_codes[] = {") && c.contains("bg_decode("), "no coded table");
    Path bench = trace("openmpi", "random_exchange-coded-bench",
        b.gen().resolve("random_exchange"), List.of());
    Cli.Result v = Cli.run("verify", b.original().toString(), bench.toString());
    assertEquals(0, v.code(), v.out() + v.err());
    assertTrue(v.out().contains("calls, bytes and message matrix: identical"), v.out());
  }

  private record Built(Path original, Path gen) {}

  private Built build(String flavour, List<String> program, String label) throws Exception {
    String name = program.get(0);
    Path original = trace(flavour, name + "-orig" + label, bins.get(flavour).resolve(name),
        program.subList(1, program.size()));
    Path gen = work.resolve(flavour + "-" + name + "-gen" + label);
    generate(original, gen, name);
    MpiSamples.run(List.of("make", "-s", "-C", gen.toString(), "MPICC=mpicc." + flavour,
        "CFLAGS=-O2 -std=c99 -Wall -Werror"), work);
    return new Built(original, gen);
  }

  private static void generate(Path trace, Path dir, String name) {
    CommandLine cl = Benchgen.commandLine();
    StringWriter out = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(out));
    int rc = cl.execute("generate", trace.toString(), "--lang", "c-mpi", "-o", dir.toString(),
        "--name", name);
    assertEquals(0, rc, out.toString());
    // A derived datatype is sent as bytes (the same bytes, said as an approximation), and its
    // user-defined reduction is another operation on them; nothing else is approximated in any
    // sample.
    assertTrue(out.toString().contains(name.equals("derived_types") ? "approximations:\n  - a"
        + " datatype that is not a predefined MPI type was sent as bytes (MPI_BYTE, count x type"
        + " size) (10 times)\n  - a user-defined reduction operation was replaced by MPI_BOR or"
        + " MPI_MAX\n" : "approximations: none"), out.toString());
    assertTrue(Files.isRegularFile(dir.resolve(name + ".c")));
    assertTrue(Files.isRegularFile(dir.resolve("Makefile")));
  }

  private Path trace(String flavour, String label, Path exe, List<String> args) {
    return trace(flavour, label, exe, args, N);
  }

  private Path trace(String flavour, String label, Path exe, List<String> args, int ranks) {
    return trace(flavour, label, exe, args, ranks, List.of());
  }

  /** An option of this class's trace helper: the run writes trace.bgc only, as by default. */
  private static final String NO_RAW = "(no --raw)";

  private Path trace(String flavour, String label, Path exe, List<String> args, int ranks,
      List<String> givenOptions) {
    List<String> options = new ArrayList<>(givenOptions);
    Path dir = work.resolve(flavour + "-" + label);
    // --raw, except where a test asks for the ranks' trace alone (the default).
    List<String> cmd = new ArrayList<>(List.of("trace", "-o", dir.toString()));
    if (!options.remove(NO_RAW)) {
      cmd.add("--raw");
    }
    cmd.addAll(options);
    cmd.add("--");
    cmd.addAll(MpiSamples.launcher(flavour, ranks));
    cmd.add(exe.toString());
    cmd.addAll(args);
    Cli.ok(cmd);
    assertFalse(Files.notExists(dir));
    if (cmd.contains("--raw")) {
      try {
        InJobTraces.assertSameAsCompress(dir);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    return dir;
  }
}
