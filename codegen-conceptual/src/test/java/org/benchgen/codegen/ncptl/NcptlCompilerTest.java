package org.benchgen.codegen.ncptl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.samples.Synth;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The generated programs under the real coNCePTuaL compiler, when the environment variable
 * {@code NCPTL} names one (an {@code ncptl} command; the compiler is not a dependency of the
 * build). Every bundled and synthetic program must parse and pass the semantic checks, and run
 * in the interpreter without any error or leftover-event warning; the four samples that use only
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

  private record Run(int code, String out, String err) {}

  private static Run run(Path dir, Map<String, String> env, List<String> cmd)
      throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
    pb.environment().putAll(env);
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process p = pb.start();
    if (!p.waitFor(300, TimeUnit.SECONDS)) {
      p.destroy();
      throw new AssertionError(String.join(" ", cmd) + ": no end after 300 s (a deadlock?)");
    }
    return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  /** Parses, checks and interprets {@code program} on {@code ranks} tasks: no message at all. */
  private void compilesAndInterpretsCleanly(String program, int ranks, String label)
      throws Exception {
    Path d = Files.createDirectories(tmp.resolve(label));
    Path f = d.resolve("b.ncptl");
    Files.writeString(f, program);
    Run parse = run(d, Map.of(), List.of(ncptl, "--quiet", "b.ncptl"));
    assertEquals(0, parse.code(), label + ": " + parse.err());
    assertEquals("", parse.err(), label + ": the compiler said something");
    Run interp = run(d, Map.of(), List.of(ncptl, "--backend=interpret", "--quiet", "b.ncptl",
        "--tasks=" + ranks));
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

  @ParameterizedTest
  @ValueSource(strings = {"ring", "stencil2d", "nested-loops", "split-collectives"})
  void theCBackendSendsWhatTheTraceSent(String sample) throws Exception {
    Path trace = NcptlTargetTest.SAMPLES.resolve(sample);
    CompressedTrace t = NcptlTargetTest.compress(trace);
    Path d = Files.createDirectories(tmp.resolve("c-" + sample));
    Files.writeString(d.resolve("b.ncptl"), NcptlTargetTest.program(t, "b"));
    Run build = run(d, Map.of(), List.of(ncptl, "--backend=c_mpi", "--quiet", "--output=b",
        "b.ncptl"));
    assertEquals(0, build.code(), build.err());
    int n = t.worldSize();
    // NCPTL_FAST_INIT skips the timer calibration (10 s a run); counters are unaffected.
    Run mpi = run(d, Map.of("OMPI_ALLOW_RUN_AS_ROOT", "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1",
        "NCPTL_FAST_INIT", "1"), List.of("mpirun", "--oversubscribe", "-np", "" + n, "./b"));
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
      assertEquals(List.of(want[0], want[1], want[2], want[3]), logged(d.resolve("b-" + r
          + ".log")), sample + " task " + r + ": messages and bytes sent, received");
    }
  }

  /** Messages sent, bytes sent, messages received, bytes received from a task's log. */
  private static List<Long> logged(Path log) throws IOException {
    List<String> rows = new ArrayList<>();
    for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
      if (!line.startsWith("#") && !line.isBlank()) {
        rows.add(line);
      }
    }
    // A header row, an aggregates row, then the one logged row: elapsed, the four counters, scale.
    assertEquals(3, rows.size(), "log rows: " + rows);
    assertEquals("\"elapsed (us)\",\"messages sent\",\"bytes sent\",\"messages received\","
        + "\"bytes received\",\"compute scale (%)\"", rows.get(0));
    String[] v = rows.get(2).split(",");
    return List.of(Long.parseLong(v[1]), Long.parseLong(v[2]), Long.parseLong(v[3]),
        Long.parseLong(v[4]));
  }
}
