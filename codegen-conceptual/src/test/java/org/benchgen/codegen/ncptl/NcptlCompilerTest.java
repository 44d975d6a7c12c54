package org.benchgen.codegen.ncptl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.benchgen.codegen.GeneratedFile;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.samples.Synth;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.testing.NcptlRuns;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The generated programs under the real coNCePTuaL compiler, when the environment variable
 * {@code NCPTL} names one (an {@code ncptl} command; the compiler is not a dependency of the
 * build). Every bundled and synthetic program must parse and pass the semantic checks, and run
 * in the interpreter without any error or leftover-event warning; region parameters must scale
 * their regions (in the interpreter, compute turned into output); the four samples that use only
 * what coNCePTuaL says exactly are compiled with the C+MPI backend, run under Open MPI, and each
 * task's logged messages and bytes must equal the trace's. Without {@code NCPTL} these tests are
 * skipped, and say so.
 */
class NcptlCompilerTest {
  private static String ncptl;

  @TempDir
  Path tmp;

  @BeforeAll
  static void findCompiler() {
    ncptl = System.getenv("NCPTL");
    if (ncptl == null || ncptl.isBlank()) {
      System.err.println("NcptlCompilerTest: NCPTL is not set, so the generated programs are not"
          + " run through the coNCePTuaL compiler (set NCPTL=/path/to/ncptl to run them)");
    }
  }

  /** Each test is reported as skipped, with the reason, when there is no compiler. */
  @BeforeEach
  void needCompiler() {
    Assumptions.assumeTrue(ncptl != null && !ncptl.isBlank(),
        "NCPTL (a coNCePTuaL compiler) is not set: compiler checks skipped");
  }

  private static NcptlRuns.Run run(Path dir, Map<String, String> env, List<String> cmd)
      throws IOException, InterruptedException {
    return NcptlRuns.run(dir, env, cmd, 300);
  }

  /** Parses, checks and interprets {@code program} on {@code ranks} tasks: no message at all. */
  private void compilesAndInterpretsCleanly(String program, int ranks, String label)
      throws Exception {
    compilesAndInterpretsCleanly(List.of(new GeneratedFile("b.ncptl", program)), ranks, label);
  }

  /** The same for a program ({@code b.ncptl}) and the data files beside it. */
  private void compilesAndInterpretsCleanly(List<GeneratedFile> files, int ranks, String label)
      throws Exception {
    Path d = Files.createDirectories(tmp.resolve(label));
    for (GeneratedFile f : files) {
      Files.writeString(d.resolve(f.name()), f.text());
    }
    NcptlRuns.Run parse = run(d, Map.of(), List.of(ncptl, "--quiet", "b.ncptl"));
    assertEquals(0, parse.code(), label + ": " + parse.err());
    assertEquals("", parse.err(), label + ": the compiler said something");
    NcptlRuns.Run interp = run(d, Map.of(), List.of(ncptl, "--backend=interpret", "--quiet",
        "b.ncptl", "--tasks=" + ranks));
    assertEquals(0, interp.code(), label + ": " + interp.err());
    // Deadlocks and unmatched messages are only warnings (exit code 0): any word is a failure.
    assertEquals("", interp.err(), label + ": the interpreter warned");
  }

  @ParameterizedTest
  @ValueSource(strings = {"ring", "stencil2d", "nested-loops", "split-collectives", "wildcard",
      "comm-split"})
  void everySampleRunsCleanlyInTheInterpreter(String sample) throws Exception {
    CompressedTrace t = NcptlTargetTest.compress(NcptlTargetTest.SAMPLES.resolve(sample));
    compilesAndInterpretsCleanly(NcptlTargetTest.program(t, "b"), t.worldSize(), sample);
  }

  @ParameterizedTest
  @EnumSource(Synth.Pattern.class)
  void everySyntheticPatternRunsCleanlyInTheInterpreter(Synth.Pattern pattern) throws Exception {
    CompressedTrace t = NcptlTargetTest.synth(tmp, pattern, 16, 12);
    compilesAndInterpretsCleanly(NcptlTargetTest.program(t, "b"), 16, pattern.name());
  }

  @Test
  void aProgramWithManyRegionsRunsCleanly() throws Exception {
    // 41 regions, 35 parameters: every short option the compiler allows but -c.
    compilesAndInterpretsCleanly(NcptlTargetTest.program(NcptlTargetTest.compress(
        NcptlRegionsTest.manyRegions(tmp)), "b"), 2, "many-regions");
  }

  /**
   * An irregular section's region, a loop over the steps of a data file beside the program, with
   * random peers, sizes and tags: it parses and runs in the interpreter without a warning.
   */
  @Test
  void anIrregularSectionsRegionRunsCleanly() throws Exception {
    CompressedTrace t = NcptlTargetTest.compress(NcptlRegionsTest.irregular(tmp));
    compilesAndInterpretsCleanly(NcptlTargetTest.generate(t, "b").files(), t.worldSize(),
        "irregular");
  }

  /**
   * The region parameters of nested-loops under the interpreter, which skips COMPUTE: each
   * compute statement is made to OUTPUT its microseconds instead, and the outputs are summed over
   * both tasks. Per task at 100 %: task 0 computes 21 us 18 times in L2, task 1 18 us 18 times
   * in L3, both 31 us 3 times in L1 itself and 11 us at the top level; summed: 378 + 324 + 186 +
   * 22 = 910.
   */
  @ParameterizedTest
  @ValueSource(strings = {
      "910 ",
      "1288 --scale-L2 200", // L2 twice: + 378
      "22 --scale-L1 0", // L1 and, without their own, L2 and L3: 0; the top level stays
      "346 --scale-L1 0 --scale-L3 100", // 22 + L3's 324
      "888 -c 0 --scale-L1 100", // all but the top level
      "1002 -c 300 --scale-L2 100 --scale-L3 0"}) // 3 x 22 + 3 x 186 + 378
  void aRegionParameterScalesItsRegionAndTheLoopsInside(String caseLine) throws Exception {
    String[] words = caseLine.split(" ");
    CompressedTrace t = NcptlTargetTest.compress(NcptlTargetTest.SAMPLES.resolve("nested-loops"));
    String program = NcptlTargetTest.program(t, "b")
        .replaceAll("(task [0-9]+) computes for (.*) microseconds", "$1 outputs $2")
        .replaceAll("(all tasks|tasks t such that [^\\n]*) compute for (.*) microseconds",
            "$1 output $2");
    Path d = Files.createDirectories(tmp.resolve("scale"));
    Files.writeString(d.resolve("b.ncptl"), program);
    List<String> cmd = new ArrayList<>(List.of(ncptl, "--backend=interpret", "--quiet",
        "b.ncptl", "--tasks=2"));
    cmd.addAll(List.of(words).subList(1, words.length));
    NcptlRuns.Run interp = run(d, Map.of(), cmd);
    assertEquals(0, interp.code(), interp.err());
    assertEquals("", interp.err());
    double sum = 0;
    int lines = 0;
    for (String line : interp.out().split("\n")) {
      if (!line.isBlank() && !line.startsWith("#")) {
        sum += Double.parseDouble(line.strip());
        lines++;
      }
    }
    assertEquals(44, lines, "(18 + 3 + 1) compute statements on each task");
    assertEquals(Double.parseDouble(words[0]), sum, caseLine);
  }

  @ParameterizedTest
  @ValueSource(strings = {"ring", "stencil2d", "nested-loops", "split-collectives"})
  void theCBackendSendsWhatTheTraceSent(String sample) throws Exception {
    Path trace = NcptlTargetTest.SAMPLES.resolve(sample);
    CompressedTrace t = NcptlTargetTest.compress(trace);
    Path d = Files.createDirectories(tmp.resolve("c-" + sample));
    Files.writeString(d.resolve("b.ncptl"), NcptlTargetTest.program(t, "b"));
    NcptlRuns.Run build = run(d, Map.of(), List.of(ncptl, "--backend=c_mpi", "--quiet",
        "--output=b", "b.ncptl"));
    assertEquals(0, build.code(), build.err());
    int n = t.worldSize();
    // NCPTL_FAST_INIT skips the timer calibration (10 s a run); counters are unaffected.
    NcptlRuns.Run mpi = run(d, Map.of("OMPI_ALLOW_RUN_AS_ROOT", "1",
        "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", "NCPTL_FAST_INIT", "1"),
        List.of("mpirun", "--oversubscribe", "-np", "" + n, "./b"));
    assertEquals(0, mpi.code(), mpi.out() + mpi.err());
    TraceStats stats = TraceStats.of(org.benchgen.rawtrace.TraceDirectory.open(trace), x -> { });
    for (int r = 0; r < n; r++) {
      long[] want = new long[4];
      for (Map.Entry<Op, long[]> e : stats.rank(r).byOp().entrySet()) {
        OpKind k = e.getKey().kind();
        assertTrue(k != OpKind.SENDRECV && k != OpKind.PERSISTENT_INIT,
            "a sample of only sends and receives: " + e.getKey());
        if (k == OpKind.SEND || k == OpKind.RECV) {
          int at = k == OpKind.SEND ? 0 : 2;
          want[at] += e.getValue()[0];
          want[at + 1] += e.getValue()[1];
        }
      }
      assertEquals(List.of(want[0], want[1], want[2], want[3]), NcptlRuns.logged(d.resolve("b-" + r
          + ".log")), sample + " task " + r + ": messages and bytes sent, received");
    }
  }


}
