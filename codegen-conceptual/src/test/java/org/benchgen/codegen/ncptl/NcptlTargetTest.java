package org.benchgen.codegen.ncptl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The coNCePTuaL target without the coNCePTuaL compiler: golden programs for the bundled traces
 * (each read and checked by hand, see golden/README.md), the structural rules on every bundled
 * and synthetic trace, no trace text in code, and a size that does not follow ranks or
 * iterations. {@link NcptlCompilerTest} runs the real compiler when one is installed.
 */
class NcptlTargetTest {
  static final Path SAMPLES = Path.of("..", "samples", "traces");
  static final List<String> BUNDLED = List.of("ring", "stencil2d", "nested-loops",
      "split-collectives", "wildcard", "comm-split");

  @TempDir
  Path tmp;

  static CompressedTrace compress(Path dir) throws IOException {
    return new TraceCompressor().compress(TraceDirectory.open(dir), n -> { }).trace();
  }

  static Benchmarks.Generated generate(CompressedTrace t, String name) {
    return assertInstanceOf(Benchmarks.Generated.class, Benchmarks.generate(t, new NcptlTarget(),
        new GenerateOptions(name, ComputeMode.MEAN, 1)));
  }

  static String program(CompressedTrace t, String name) {
    List<GeneratedFile> files = generate(t, name).files();
    assertEquals(List.of(name + ".ncptl"), files.stream().map(GeneratedFile::name).toList());
    return files.get(0).text();
  }

  /** A synthetic trace of {@code pattern} at 16 ranks, 12 iterations. */
  static CompressedTrace synth(Path tmp, Synth.Pattern pattern, int ranks, int iterations)
      throws IOException {
    Path d = tmp.resolve(pattern + "-" + ranks + "-" + iterations);
    new Synth(pattern, ranks, iterations, 1).write(d, false, n -> { });
    return compress(d);
  }

  @Test
  void theTargetIsFoundByName() {
    assertTrue(Target.available().stream().anyMatch(t -> t.name().equals("conceptual")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"ring", "stencil2d", "nested-loops", "split-collectives", "wildcard",
      "comm-split"})
  void everySampleGivesItsGoldenProgram(String sample) throws Exception {
    String got = program(compress(SAMPLES.resolve(sample)), sample.replace('-', '_'));
    String want;
    try (InputStream in = getClass().getResourceAsStream("/golden/" + sample + ".ncptl")) {
      want = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertEquals(want, got);
  }

  @ParameterizedTest
  @ValueSource(strings = {"ring", "stencil2d", "nested-loops", "split-collectives", "wildcard",
      "comm-split"})
  void everySampleFollowsTheLanguageRules(String sample) throws Exception {
    CompressedTrace t = compress(SAMPLES.resolve(sample));
    assertEquals(List.of(), NcptlStructure.problems(program(t, "b"), t.worldSize()));
  }

  @ParameterizedTest
  @EnumSource(Synth.Pattern.class)
  void everySyntheticPatternFollowsTheLanguageRules(Synth.Pattern pattern) throws Exception {
    CompressedTrace t = synth(tmp, pattern, 16, 12);
    assertEquals(List.of(), NcptlStructure.problems(program(t, "b"), 16));
  }

  @Test
  void aDeadlockIsReportedNotGenerated() throws Exception {
    Benchmarks.Failed f = assertInstanceOf(Benchmarks.Failed.class, Benchmarks.generate(
        compress(SAMPLES.resolve("deadlock")), new NcptlTarget(), new GenerateOptions("d",
            ComputeMode.MEAN, 1)));
    assertEquals(Problem.DEADLOCK, f.finding().problem());
  }

  @Test
  void nothingFromATraceReachesTheCode() throws Exception {
    // A call site that tries to end its comment line and add a statement of its own.
    String site = "x%0Aall%20tasks%20output%20%22injected%22.%0A#";
    Path dir = Files.createDirectories(tmp.resolve("evil"));
    for (int r = 0; r < 2; r++) {
      Files.writeString(dir.resolve("rank-" + r + ".trace"), String.join("\n",
          "# benchgen-trace 1 rank=" + r + " size=2",
          "MPI_Init site=m.c:1 enter=1000 exit=2000",
          (r == 0 ? "MPI_Send site=" + site + " enter=3000 exit=4000 comm=0 dest=1 tag=0"
              + " count=4 type=MPI_INT tsize=4"
              : "MPI_Recv site=" + site + " enter=3000 exit=4000 comm=0 src=0 tag=0 count=4"
              + " type=MPI_INT tsize=4 bytes=16"),
          "MPI_Finalize site=m.c:9 enter=5000 exit=6000", ""));
    }
    String p = program(compress(dir), "evil");
    assertEquals(List.of(), NcptlStructure.problems(p, 2));
    for (String line : p.split("\n")) {
      if (line.contains("injected")) {
        assertTrue(line.startsWith("# MPI_"), "trace text outside a comment: " + line);
      }
    }
    assertTrue(p.contains("task 0 sends a 16 byte message to unsuspecting task 1"), p);
  }

  @Test
  void aSizeOfMoreThanEightValuesIsAnExpressionAndSaysSo() throws Exception {
    // 36 messages from rank 0 to 1 whose size cycles through 12 values: one statement whose
    // size is an expression, and the header says what the interpreter makes of it.
    Path dir = Files.createDirectories(tmp.resolve("sizes"));
    for (int r = 0; r < 2; r++) {
      List<String> lines = new ArrayList<>(List.of("# benchgen-trace 1 rank=" + r + " size=2",
          "MPI_Init site=m.c:1 enter=1000 exit=2000"));
      for (int i = 0; i < 36; i++) {
        long t = 3000 + 2000L * i;
        int count = i % 12 + 1;
        lines.add(r == 0 ? "MPI_Send site=m.c:5 enter=" + t + " exit=" + (t + 1000)
            + " comm=0 dest=1 tag=0 count=" + count + " type=MPI_INT tsize=4"
            : "MPI_Recv site=m.c:6 enter=" + t + " exit=" + (t + 1000) + " comm=0 src=0 tag=0"
            + " count=" + count + " type=MPI_INT tsize=4 bytes=" + 4 * count);
      }
      lines.add("MPI_Finalize site=m.c:9 enter=100000 exit=101000");
      Files.write(dir.resolve("rank-" + r + ".trace"), lines);
    }
    Benchmarks.Generated g = generate(compress(dir), "z");
    String p = g.files().get(0).text();
    assertEquals(List.of(), NcptlStructure.problems(p, 2));
    assertTrue(g.approximations().stream().anyMatch(a -> a.startsWith(Messages
        .SIZE_EXPRESSION)), g.approximations().toString());
    assertTrue(p.contains("#   - " + Messages.SIZE_EXPRESSION), p);
    assertTrue(p.contains("task 0 sends a (") && p.contains(" mod 12"), p);
  }

  @Test
  void programSizeFollowsStructureNotRanksOrIterations() throws Exception {
    List<Long> lines = new ArrayList<>();
    // stencil3d has an Allreduce every 10 iterations: 20 and 200 have the same structure.
    for (int[] ri : new int[][] {{64, 20}, {1024, 20}, {64, 200}}) {
      lines.add(program(synth(tmp, Synth.Pattern.stencil3d, ri[0], ri[1]), "s3d").lines()
          .count());
    }
    assertEquals(lines.get(0), lines.get(1), "64 vs 1024 ranks: " + lines);
    assertEquals(lines.get(0), lines.get(2), "20 vs 200 iterations: " + lines);
  }

  @Test
  void aValueThatChangesInALoopReadsTheLoopVariable() throws Exception {
    // nested-loops: an inner loop of 6 sends 4 x 512 doubles, then 2 x 64 (README of the
    // sample): 4096 bytes for i2 < 4, else 512, as two statements (a size stays a constant), and
    // only the inner loop is FOR EACH.
    String p = program(compress(SAMPLES.resolve("nested-loops")), "n");
    assertTrue(p.contains("for 3 repetitions {"), p);
    assertTrue(p.contains("for each i2 in {0, ..., 5} {"), p);
    assertTrue(p.contains("tasks t such that t = 0 /\\ i2 < 4 send a 4096 byte message using tag"
        + " 10 to unsuspecting task 1 then\n"
        + "    tasks t such that t = 0 /\\ i2 >= 4 send a 512 byte message using tag 10 to"
        + " unsuspecting task 1"), p);
    assertFalse(p.contains("for each i1"), p);
  }
}
