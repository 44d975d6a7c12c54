package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.benchgen.testing.RuntimeObjects;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The program name that generate takes from a trace's file name: whatever the trace is called,
 * the C+MPI target's Makefile builds that program, and `make clean` removes only it.
 */
class ProgramNameTest {
  private static final Path RING = Path.of("../samples/traces/ring");

  @TempDir
  Path tmp;

  @ParameterizedTest(name = "a trace called ''{0}'' gives the program {1}")
  @CsvSource(delimiter = '|', value = {
      "clean|clean_bench|true",
      "Makefile|Makefile_bench|true",
      "makefile|makefile_bench|true",
      "bg_runtime|bg_runtime_bench|true",
      "bg_runtime_comm|bg_runtime_comm_bench|true",
      "bg_runtime_lists|bg_runtime_lists_bench|true",
      "simrun|simrun_bench|true",
      "BG_RUNTIME|BG_RUNTIME_bench|true",
      "all|all|false",
      "a b|a_b|false",
      "x$(shell touch pwned)|x__shell_touch_pwned_|false",
      "-rf|_rf|false",
      "a;b|a_b|false",
      "%|_|false",
      "1st|bench_1st|false"})
  void theMakefileBuildsTheProgram(String traceName, String program, boolean renamed)
      throws Exception {
    Path trace = Files.createDirectory(tmp.resolve(traceName));
    try (Stream<Path> s = Files.list(RING)) {
      for (Path p : s.toList()) {
        Files.copy(p, trace.resolve(p.getFileName()));
      }
    }
    Path out = tmp.resolve("out");
    Cli.Result r = Cli.run("generate", trace.toString(), "--lang", "c-mpi", "-o",
        out.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(renamed, r.err().contains("benchgen: note: the program is called '" + program
        + "': '" + traceName + "' is taken by the files the c-mpi target writes or builds"
        + " [GNUmakefile, Makefile, bg_runtime, bg_runtime_comm, bg_runtime_io, bg_runtime_lists,"
        + " bg_runtime_requests, bg_runtime_rma, clean, hostfile, sim, simrun];"
        + " --name chooses"
        + " another"), r.err());
    assertEquals(files(program), list(out));
    RuntimeObjects.reuse(out, List.of());
    make(out);
    assertTrue(Files.isExecutable(out.resolve(program)), program);
    assertFalse(Files.exists(out.resolve("pwned")), "the name reached the shell");
    make(out, "clean");
    assertEquals(files(program), list(out));
  }

  private static List<String> files(String program) {
    return Stream.of("Makefile", "bg_runtime.c", "bg_runtime.h", "bg_runtime_comm.c",
        "bg_runtime_lists.c", "bg_runtime_requests.c", "bg_runtime_rma.c", "bg_runtime_io.c",
        program + ".c", "platform.xml", "hostfile").sorted().toList();
  }

  private static List<String> list(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static void make(Path dir, String... goals) throws Exception {
    List<String> cmd = new java.util.ArrayList<>(List.of("make", "-s"));
    cmd.addAll(List.of(goals));
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
        .start();
    String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), String.join(" ", cmd) + ":\n" + log);
  }
}
