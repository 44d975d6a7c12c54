package org.benchgen.cli.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.benchgen.cli.MpiLock;
import org.benchgen.testing.CpuDeadline;

/**
 * Builds a generated C+MPI benchmark and runs it under MPICH, cheaply enough for thousands: the
 * run-time library is compiled once (by its content) and each benchmark's own file linked with
 * it; a benchmark of the same text is built once. A run is stopped past its CPU time (MPICH's
 * ranks poll while they wait, so a hang uses CPU) and counts as a hang.
 */
final class BenchmarkRun {
  /** How a benchmark ended: its exit status (-1 for a hang) and what it printed. */
  record Outcome(int status, String output) {
    boolean ok() {
      return status == 0 && !output.contains("MPI_ERR") && !output.contains("Fatal error");
    }
  }

  private static final List<String> RUNTIME = List.of("bg_runtime.c", "bg_runtime_comm.c",
      "bg_runtime_lists.c", "bg_runtime_requests.c", "bg_runtime_io.c");
  private final Path cache;
  private final Duration limit;
  long builds;
  long runs;

  BenchmarkRun(Path cache, Duration limit) {
    this.cache = cache;
    this.limit = limit;
  }

  /** Builds the benchmark {@code name} generated into {@code gen} and runs it on {@code ranks}. */
  Outcome buildAndRun(Path gen, String name, int ranks) throws Exception {
    String runtimeKey = digest(gen, RUNTIME, "bg_runtime.h");
    Path rt = cache.resolve("rt-" + runtimeKey);
    if (!Files.isDirectory(rt)) {
      Path tmp = Files.createDirectories(cache.resolve("rt-tmp"));
      for (String f : RUNTIME) {
        Files.copy(gen.resolve(f), tmp.resolve(f), java.nio.file.StandardCopyOption
            .REPLACE_EXISTING);
        Files.copy(gen.resolve("bg_runtime.h"), tmp.resolve("bg_runtime.h"),
            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        run(List.of("mpicc.mpich", "-O1", "-std=c99", "-c", f), tmp);
      }
      Files.move(tmp, rt);
    }
    Path exe = cache.resolve("b-" + digest(gen, List.of(name + ".c"), "bg_runtime.h")
        + "-" + runtimeKey);
    if (!Files.isRegularFile(exe)) {
      List<String> cmd = new ArrayList<>(List.of("mpicc.mpich", "-O0", "-std=c99", "-I",
          rt.toString(), "-o", exe.toString(), gen.resolve(name + ".c").toString()));
      RUNTIME.forEach(f -> cmd.add(rt.resolve(f.replace(".c", ".o")).toString()));
      Outcome built = run(cmd, gen);
      if (built.status() != 0) {
        return new Outcome(-2, "does not build: " + built.output());
      }
      builds++;
    }
    runs++;
    return MpiLock.hold(() -> run(List.of("mpirun.mpich", "-np", "" + ranks, exe.toString()),
        gen));
  }

  private Outcome run(List<String> cmd, Path dir) throws Exception {
    Path log = Files.createTempFile(cache, "run", ".log");
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    CpuDeadline end = CpuDeadline.ofChildProcesses(limit);
    while (!p.waitFor(50, TimeUnit.MILLISECONDS)) {
      if (end.passed()) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly().waitFor();
        String out = Files.readString(log, StandardCharsets.UTF_8);
        Files.delete(log);
        return new Outcome(-1, "hung: " + end.why() + "\n" + out);
      }
    }
    String out = Files.readString(log, StandardCharsets.UTF_8);
    Files.delete(log);
    return new Outcome(p.exitValue(), out);
  }

  private static String digest(Path dir, List<String> files, String header) throws IOException {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      for (String f : files) {
        md.update(Files.readAllBytes(dir.resolve(f)));
      }
      md.update(Files.readAllBytes(dir.resolve(header)));
      return HexFormat.of().formatHex(md.digest(), 0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
