package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.benchgen.testing.CpuDeadline;

/**
 * Runs of the tracer that cannot run away (TracerFailSafeTest): each within a CPU-time limit of
 * its launcher and ranks, each stopped, and its test failed, once a file of the run grows past a
 * few MB, so that a tracer that loops fails the test instead of filling the disk.
 */
final class GuardedTraceRuns {
  /**
   * CPU time of the launcher and its ranks (CpuDeadline: load does not stretch it); a run takes
   * a few seconds, a tracer that loops or waits in MPI spends its CPU fast (MPI polls).
   */
  private static final Duration LIMIT = Duration.ofSeconds(60);
  /** What no file of a run may reach. */
  static final long FEW_MB = 4L << 20;

  private final Path work;
  private final Map<String, Path> bins;

  /** Runs under {@code work}, of the samples built once per test run (MpiSamples). */
  GuardedTraceRuns(Path work) throws Exception {
    this.work = work;
    this.bins = MpiSamples.bins();
  }

  /** A run of benchgen trace: its exit code and what it said on stderr. */
  record Traced(int code, String err) {}

  Traced trace(Path dir, String flavour, int n, String program, String... args)
      throws Exception {
    return trace(dir, List.of(), flavour, n, program, args);
  }

  /** benchgen trace of a sample program, in process, within the time limit. */
  Traced trace(Path dir, List<String> options, String flavour, int n, String program,
      String... args) throws Exception {
    // The raw streams are what these tests look into; "--no-raw" asks for the default run.
    List<String> cmd = new ArrayList<>(List.of("trace", "-o", dir.toString()));
    if (!options.contains("--no-raw")) {
      cmd.add("--raw");
    }
    options = options.stream().filter(o -> !o.equals("--no-raw")).toList();
    if (!options.contains("--max-mb")) {
      cmd.addAll(List.of("--max-mb", "64")); // a tracer that loops stops early
    }
    cmd.addAll(options);
    cmd.add("--");
    cmd.addAll(MpiSamples.launcher(flavour, n));
    cmd.add(bins.get(flavour).resolve(program).toString());
    cmd.addAll(List.of(args));
    StringWriter err = new StringWriter();
    picocli.CommandLine cl = Benchgen.commandLine();
    cl.setErr(new PrintWriter(err));
    return MpiLock.hold(() -> {
      ExecutorService ex = Executors.newSingleThreadExecutor();
      try {
        Future<Integer> code = ex.submit(() -> cl.execute(cmd.toArray(String[]::new)));
        CpuDeadline end = CpuDeadline.ofChildProcesses(LIMIT);
        while (true) {
          try {
            return new Traced(code.get(200, TimeUnit.MILLISECONDS), err.toString());
          } catch (TimeoutException e) {
            watch(dir, end, cmd);
          }
        }
      } finally {
        ex.shutdownNow();
      }
    });
  }

  /** Runs a launcher directly; its exit status, or a failure when it outlives the time limit. */
  int within(List<String> cmd, Path dir) throws Exception {
    Path log = Files.createTempFile(work, "run", ".log");
    return MpiLock.hold(() -> {
      Process p = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true)
          .redirectOutput(log.toFile()).start();
      CpuDeadline end = CpuDeadline.ofChildProcesses(LIMIT);
      while (!p.waitFor(200, TimeUnit.MILLISECONDS)) {
        watch(dir, end, cmd);
      }
      return p.exitValue();
    });
  }

  /**
   * Stops the run (its processes killed, the test failed) once it is past the time limit or one
   * of its files is past a few MB: a tracer that loops must not fill the disk first.
   */
  private void watch(Path dir, CpuDeadline end, List<String> cmd) throws IOException {
    String too = null;
    try (Stream<Path> s = Files.walk(work, 2)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        try {
          if (p.toString().contains(dir.getFileName().toString()) && Files.isRegularFile(p)
              && Files.size(p) >= FEW_MB) {
            too = p + " has grown past " + FEW_MB + " bytes";
          }
        } catch (IOException e) {
          // renamed or removed meanwhile
        }
      }
    } catch (java.io.UncheckedIOException e) {
      // a file renamed while walking: look again next time
    }
    if (too == null && !end.passed()) {
      return;
    }
    ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    fail(String.join(" ", cmd) + ": " + (too != null ? too : end.why()));
  }

  /** An environment variable for every rank, the way each launcher takes it. */
  static void env(List<String> cmd, String flavour, String name, String value) {
    cmd.addAll(flavour.equals("openmpi") ? List.of("-x", name + "=" + value)
        : List.of("-genv", name, value));
  }
}
