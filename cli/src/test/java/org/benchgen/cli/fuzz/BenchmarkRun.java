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
import java.util.stream.Stream;
import org.benchgen.cli.MpiLock;
import org.benchgen.testing.CpuDeadline;
import org.benchgen.testing.RuntimeObjects;

/**
 * Builds a generated C+MPI benchmark and runs it under MPICH, cheaply enough for thousands: with
 * its own Makefile, the run-time library's objects compiled once (RuntimeObjects); a benchmark of
 * the same text is built once. A run is stopped past its CPU time (MPICH's
 * ranks poll while they wait, so a hang uses CPU) and counts as a hang.
 */
final class BenchmarkRun {
  /** How a benchmark ended: its exit status (-1 for a hang) and what it printed. */
  record Outcome(int status, String output) {
    boolean ok() {
      return status == 0 && !output.contains("MPI_ERR") && !output.contains("Fatal error");
    }
  }

  /** The build's variables: its run-time library's objects are made once for them. */
  private static final List<String> MAKE = List.of("MPICC=mpicc.mpich", "CFLAGS=-O0 -std=c99");
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
    Path exe = cache.resolve("b-" + digest(gen));
    if (!Files.isRegularFile(exe)) {
      RuntimeObjects.reuse(gen, MAKE);
      List<String> cmd = new ArrayList<>(List.of("make", "-s", "-C", gen.toString()));
      cmd.addAll(MAKE);
      Outcome built = run(cmd, gen);
      if (built.status() != 0) {
        return new Outcome(-2, "does not build: " + built.output());
      }
      Files.copy(gen.resolve(name), exe);
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

  /** The benchmark's sources, all of them: the same text is the same program. */
  private static String digest(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      for (Path f : files.filter(f -> f.toString().endsWith(".c") || f.toString().endsWith(".h"))
          .sorted().toList()) {
        md.update(f.getFileName().toString().getBytes(StandardCharsets.UTF_8));
        md.update(Files.readAllBytes(f));
      }
      return HexFormat.of().formatHex(md.digest(), 0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
