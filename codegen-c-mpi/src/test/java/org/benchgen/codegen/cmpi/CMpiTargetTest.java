package org.benchgen.codegen.cmpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.benchgen.codegen.Benchmarks;
import org.benchgen.codegen.ComputeMode;
import org.benchgen.codegen.GenerateOptions;
import org.benchgen.codegen.GeneratedFile;
import org.benchgen.codegen.Target;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.findings.Problem;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.samples.Synth;
import org.benchgen.testing.RuntimeObjects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The C+MPI target on bundled and synthetic traces, checked with the real compiler (mpicc, which
 * must be installed): it compiles without warnings, nothing from a trace reaches the code, and
 * the program's size follows the trace's structure. Running the benchmarks is the cli module's
 * BenchmarkIntegrationTest.
 */
class CMpiTargetTest {
  private static final Path SAMPLES = Path.of("..", "samples", "traces");

  @TempDir
  Path tmp;

  static CompressedTrace compress(Path dir) throws IOException {
    return new TraceCompressor().compress(TraceDirectory.open(dir), n -> { }).trace();
  }

  private static Benchmarks.Generated generate(CompressedTrace t, ComputeMode mode) {
    return assertInstanceOf(Benchmarks.Generated.class, Benchmarks.generate(t, new CMpiTarget(),
        new GenerateOptions("bench", mode, 7)));
  }

  private Path write(Benchmarks.Generated g, String dir) throws IOException {
    return writeTo(g, tmp.resolve(dir));
  }

  /** Writes {@code g}'s files into directory {@code d}, made if missing; returns {@code d}. */
  static Path writeTo(Benchmarks.Generated g, Path d) throws IOException {
    Files.createDirectories(d);
    for (GeneratedFile f : g.files()) {
      Files.writeString(d.resolve(f.name()), f.text());
    }
    return d;
  }

  /** Writes {@code g} into {@code d} and builds it with the strictest flags benchmarks take. */
  static void buildsStrictly(Benchmarks.Generated g, Path d)
      throws IOException, InterruptedException {
    make(writeTo(g, d), "CFLAGS=-O1 -std=c99 -Wall -Wextra -Werror -pedantic");
  }

  static String run(Path dir, String... cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), String.join(" ", cmd) + " failed:\n" + out);
    return out;
  }

  /**
   * {@code make} of the benchmark in {@code dir} with {@code variables}, its run-time library's
   * objects reused from an earlier build of the same flags (RuntimeObjects).
   */
  static String make(Path dir, String... variables) throws IOException, InterruptedException {
    RuntimeObjects.reuse(dir, List.of(variables));
    List<String> cmd = new ArrayList<>(List.of("make", "-s"));
    cmd.addAll(List.of(variables));
    return run(dir, cmd.toArray(String[]::new));
  }

  @Test
  void theTargetIsFoundByName() {
    assertTrue(Target.available().stream().anyMatch(t -> t.name().equals("c-mpi")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"ring", "stencil2d", "nested-loops", "split-collectives", "wildcard",
      "comm-split"})
  void everySampleCompilesWithoutWarnings(String sample) throws Exception {
    Benchmarks.Generated g = generate(compress(SAMPLES.resolve(sample)), ComputeMode.MEAN);
    assertEquals(List.of("bench.c", "Makefile", "platform.xml", "hostfile", "bg_runtime.h",
        "bg_runtime.c", "bg_runtime_comm.c", "bg_runtime_lists.c", "bg_runtime_requests.c",
        "bg_runtime_rma.c", "bg_runtime_io.c"), g.files()
        .stream().map(GeneratedFile::name).toList());
    Path d = write(g, sample);
    make(d, "CFLAGS=-O2 -std=c99 -Wall -Wextra -Werror -pedantic");
    assertTrue(Files.isExecutable(d.resolve("bench")));
  }

  @ParameterizedTest
  @EnumSource(ComputeMode.class)
  void theProgramDefinesNoFunctionButMain(ComputeMode mode) throws Exception {
    // Every sample, so that every kind of call is there; the run-time library is all outside.
    for (String sample : List.of("ring", "stencil2d", "nested-loops", "split-collectives",
        "wildcard", "comm-split")) {
      Path d = write(generate(compress(SAMPLES.resolve(sample)), mode), sample + "-" + mode);
      // -O0: a static function the program defined would be kept, even unused.
      run(d, "mpicc", "-O0", "-std=c99", "-c", "bench.c");
      List<String> defined = Stream.of(run(d, "nm", "--defined-only", "bench.o").split("\n"))
          .map(l -> l.split(" ")).filter(f -> f.length == 3 && "Tt".contains(f[1]))
          .map(f -> f[2]).toList();
      assertEquals(List.of("main"), defined, sample + " " + mode);
      String c = Files.readString(d.resolve("bench.c"));
      assertTrue(c.contains("#include \"bg_runtime.h\""), sample);
      assertFalse(c.contains("typedef"), sample + ": the library's types are in its header");
    }
  }

  /**
   * The Makefile compiles each source into its object and keeps them: a second make compiles
   * nothing, and another compiler or other flags compile every object again (build-flags), so
   * that a benchmark built with Open MPI and then with MPICH is not linked from both.
   */
  @Test
  void objectsAreKeptUntilTheCompilerOrFlagsChange() throws Exception {
    Path d = write(generate(compress(SAMPLES.resolve("ring")), ComputeMode.MEAN), "objects");
    String first = run(d, "make", "MPICC=mpicc.openmpi", "CFLAGS=-O1");
    List<String> sources = List.of("bench.c", "bg_runtime.c", "bg_runtime_comm.c",
        "bg_runtime_lists.c", "bg_runtime_requests.c", "bg_runtime_rma.c", "bg_runtime_io.c");
    for (String c : sources) {
      assertTrue(first.contains("mpicc.openmpi -O1 -c " + c + "\n"), c + " in\n" + first);
    }
    assertTrue(first.contains("mpicc.openmpi -O1 -o bench bench.o bg_runtime.o "), first);
    assertEquals("", run(d, "make", "-s", "MPICC=mpicc.openmpi", "CFLAGS=-O1"));
    String again = run(d, "make", "MPICC=mpicc.mpich", "CFLAGS=-O1");
    for (String c : sources) {
      assertTrue(again.contains("mpicc.mpich -O1 -c " + c + "\n"), c + " in\n" + again);
    }
    assertFalse(again.contains("mpicc.openmpi"), again);
    String flags = run(d, "make", "MPICC=mpicc.mpich", "CFLAGS=-O0");
    assertTrue(flags.contains("mpicc.mpich -O0 -c bg_runtime_io.c\n"), flags);
    assertEquals("mpicc.mpich -O0\n", Files.readString(d.resolve("build-flags")));
    run(d, "make", "-s", "clean");
    try (Stream<Path> left = Files.list(d)) {
      assertEquals(List.of(), left.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".o") || n.equals("build-flags") || n.equals("bench")).toList());
    }
  }

  @ParameterizedTest
  @EnumSource(ComputeMode.class)
  void everyComputeModeCompiles(ComputeMode mode) throws Exception {
    Path d = write(generate(compress(SAMPLES.resolve("stencil2d")), mode), mode.name());
    make(d, "CFLAGS=-O2 -std=c99 -Wall -Werror");
  }

  @ParameterizedTest
  @ValueSource(strings = {"bg_runtime", "BG_Runtime", "Makefile", "makefile", "GNUmakefile",
      "clean", "sim", "simrun", "hostfile"})
  void aNameTakenByTheLibraryOrTheMakefileIsRefused(String name) throws Exception {
    CompressedTrace t = compress(SAMPLES.resolve("ring"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Benchmarks.generate(t, new CMpiTarget(), new GenerateOptions(name,
            ComputeMode.MEAN, 1)));
    assertTrue(e.getMessage().startsWith("program name '" + name + "' is taken"), e.getMessage());
  }

  @Test
  void aDeadlockIsReportedNotGenerated() throws Exception {
    Benchmarks.Failed f = assertInstanceOf(Benchmarks.Failed.class, Benchmarks.generate(
        compress(SAMPLES.resolve("deadlock")), new CMpiTarget(), new GenerateOptions("d",
            ComputeMode.MEAN, 1)));
    assertEquals(Problem.DEADLOCK, f.finding().problem());
  }

  /**
   * An intercommunicator that no recorded call created (a trace not written by the tracer, which
   * refuses the calls that reach outside the run) cannot be made from its members: generate
   * says so and writes nothing, where it made an intracommunicator of one group before.
   */
  @Test
  void anIntercommunicatorNoCallCreatedIsRefused() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("orphan"));
    for (int r = 0; r < 2; r++) {
      Files.writeString(dir.resolve("rank-" + r + ".trace"), String.join("\n",
          "# benchgen-trace 1 rank=" + r + " size=2",
          "MPI_Init site=m.c:1 enter=1000 exit=2000",
          "comm id=5 members=" + r + " remote=" + (1 - r),
          "MPI_Barrier site=b.c:1 enter=3000 exit=4000 comm=5",
          "MPI_Finalize site=m.c:9 enter=5000 exit=6000", ""));
    }
    Benchmarks.Failed f = assertInstanceOf(Benchmarks.Failed.class, Benchmarks.generate(
        compress(dir), new CMpiTarget(), new GenerateOptions("o", ComputeMode.MEAN, 1)));
    assertEquals(Problem.UNEXPRESSIBLE, f.finding().problem());
    // Communicator 5 of the streams is the compressed trace's first: numbered 1.
    assertEquals("communicator 1 is an intercommunicator (groups [0] and [1]) that no recorded"
        + " call created, so no target can make it (nothing written)", f.finding().message());
  }

  @Test
  void nothingFromATraceReachesTheCode() throws Exception {
    // A site that tries to close the comment, and a datatype name that tries to be code.
    String site = "x*/%20int%20injected%20=%201;%20/*%0A#error%20boom%0A??/";
    String type = "MPI_INT);%20evil_call(%22rm%22";
    Path dir = Files.createDirectories(tmp.resolve("evil"));
    for (int r = 0; r < 2; r++) {
      int peer = 1 - r;
      Files.writeString(dir.resolve("rank-" + r + ".trace"), String.join("\n",
          "# benchgen-trace 1 rank=" + r + " size=2",
          "MPI_Init site=m.c:1 enter=1000 exit=2000",
          (r == 0 ? "MPI_Send site=" + site + " enter=3000 exit=4000 comm=0 dest=" + peer
              + " tag=0 count=4 type=" + type + " tsize=4"
              : "MPI_Recv site=" + site + " enter=3000 exit=4000 comm=0 src=" + peer
              + " tag=0 count=4 type=" + type + " tsize=4 bytes=16"),
          "MPI_Finalize site=m.c:9 enter=5000 exit=6000", ""));
    }
    Benchmarks.Generated g = generate(compress(dir), ComputeMode.MEAN);
    assertEquals(List.of("a datatype that is not a predefined MPI type was sent as bytes"
        + " (MPI_BYTE, count x type size) (2 times)"), g.approximations());
    Path d = write(g, "evil-out");
    make(d, "CFLAGS=-O2 -std=c99 -Wall -Werror");
    // Comments are gone after preprocessing: no trace text may be left.
    String code = run(d, "mpicc", "-E", "-std=c99", "bench.c");
    assertFalse(code.contains("injected"), "site text outside a comment");
    assertFalse(code.contains("evil_call"), "datatype text in the code");
    assertTrue(code.contains("MPI_Send(bg_sbuf, 16,"), "the datatype became 16 bytes");
  }

  @Test
  void computeThatDependsOnThePreviousCallSeesEveryCall() throws Exception {
    // Each rank: Init, then 4 x (Barrier, Allreduce). Before the first Barrier it computes
    // 400 us (after Init), before the others 10 us (after the Allreduce).
    Path dir = Files.createDirectories(tmp.resolve("prev"));
    for (int r = 0; r < 2; r++) {
      List<String> lines = new ArrayList<>(List.of("# benchgen-trace 1 rank=" + r + " size=2",
          "MPI_Init site=m.c:1 enter=0 exit=1000"));
      long t = 1000;
      for (int i = 0; i < 4; i++) {
        t += i == 0 ? 400_000 : 10_000;
        lines.add("MPI_Barrier site=m.c:2 enter=" + t + " exit=" + (t += 1000) + " comm=0");
        lines.add("MPI_Allreduce site=m.c:3 enter=" + t + " exit=" + (t += 1000)
            + " comm=0 count=1 type=MPI_DOUBLE tsize=8 op=MPI_SUM");
      }
      lines.add("MPI_Finalize site=m.c:4 enter=" + t + " exit=" + (t + 1000));
      Files.writeString(dir.resolve("rank-" + r + ".trace"), String.join("\n", lines) + "\n");
    }
    String c = generate(compress(dir), ComputeMode.MEAN).files().get(0).text();
    List<String> body = Stream.of(c.substring(c.indexOf("double bg_start")).split("\n"))
        .map(String::strip).filter(l -> !l.isEmpty()).toList();
    // After Init (site 0) the Barrier computes 400 us, else (the common path, after the
    // Allreduce) 10 us. Every later call records its site (-1: no case refers to it), so the
    // second Barrier does not still see Init's.
    assertEquals(List.of("double bg_start = bg_begin(); /* start together; the set-up so far"
        + " counts as compute */", "bg_prev = 0; /* MPI_Init, made above */",
        "bg_region_push(1); /* loop region L1 */",
        "for (long i0 = 0; i0 < 4; i0++) {", "bg_compute(bg_prev == 0 ? 400.0 : 10.0);",
        "MPI_Barrier(bg_comm[0].c); /* MPI_Barrier at m.c:2 */", "bg_prev = -1;",
        "MPI_Allreduce(bg_sbuf, bg_rbuf, 1, MPI_DOUBLE, MPI_SUM, bg_comm[0].c);"
            + " /* MPI_Allreduce at m.c:3 */", "bg_prev = -1;", "}", "bg_region_pop();"),
        body.subList(0, 11));
  }

  @Test
  void anIrregularTraceBecomesDataTablesThatCompileWithoutWarnings() throws Exception {
    Path raw = Files.createDirectories(tmp.resolve("irregular-raw"));
    org.benchgen.testing.IrregularTrace.write(raw, 3, 3000, false, 17);
    Benchmarks.Generated g = generate(compress(raw), ComputeMode.MEAN);
    String c = g.files().get(0).text();
    // One loop over the steps and one case per call shape (3 send and 3 receive sites), not a
    // statement per node of the compressed trace.
    assertEquals(1, c.lines().filter(l -> l.trim().startsWith("switch (")).count());
    assertEquals(6, c.lines().filter(l -> l.trim().matches("case [0-9]+: \\{")).count());
    assertTrue(c.lines().count() < 200, c.lines().count() + " lines");
    Path d = write(g, "irregular");
    make(d, "CFLAGS=-O2 -std=c99 -Wall -Wextra -Werror -pedantic");
    assertTrue(Files.isExecutable(d.resolve("bench")));
  }

  @Test
  void programSizeFollowsStructureNotRanksOrIterations() throws Exception {
    List<Integer> lines = new ArrayList<>();
    // stencil3d has an Allreduce every 10 iterations: 20 and 200 have the same structure.
    for (int[] ri : new int[][] {{64, 20}, {1024, 20}, {64, 200}}) {
      Path d = tmp.resolve("s3d-" + ri[0] + "-" + ri[1]);
      new Synth(Synth.Pattern.stencil3d, ri[0], ri[1], 1).write(d, false, n -> { });
      String c = generate(compress(d), ComputeMode.MEAN).files().get(0).text();
      lines.add((int) c.lines().count());
    }
    assertTrue(Math.abs(lines.get(1) - lines.get(0)) <= lines.get(0) / 10,
        "64 vs 1024 ranks: " + lines);
    assertEquals(lines.get(0), lines.get(2), "20 vs 200 iterations: " + lines);
  }

  @Test
  void linesOfTheBodyReadLikeTheTrace() throws Exception {
    String c = generate(compress(SAMPLES.resolve("ring")), ComputeMode.MEAN).files().get(0)
        .text();
    // The ring (paper Figure 2): 4 ranks, 5 iterations of Irecv from the left, Isend to the
    // right (1024 doubles, tag 0), Waitall on both; peers relative to the rank.
    List<String> body = Stream.of(c.substring(c.indexOf("double bg_start")).split("\n"))
        .map(String::strip).filter(l -> l.startsWith("MPI_") || l.startsWith("for")
            || l.startsWith("bg_waitall")).toList();
    assertEquals(List.of("for (long i0 = 0; i0 < 5; i0++) {",
        "MPI_Irecv(bg_rbuf, 1024, MPI_DOUBLE, bg_rel(0, -1), 0, bg_comm[0].c, bg_req_new(0));"
            + " /* MPI_Irecv at ring.c:12 */",
        "MPI_Isend(bg_sbuf, 1024, MPI_DOUBLE, bg_rel(0, 1), 0, bg_comm[0].c, bg_req_new(0));"
            + " /* MPI_Isend at ring.c:13 */",
        "bg_waitall(list1); /* MPI_Waitall at ring.c:14 */",
        "MPI_Finalize();"), body);
    assertTrue(c.contains("static const int list1[] = {2, 1, 0};"), "both requests, oldest first");
  }
}
