package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The MPI integration tests' common ground: the programs of samples/mpi built per MPI. */
final class MpiSamples {
  static final Path HOME = TraceCommand.home().toAbsolutePath().normalize();

  private MpiSamples() {}

  /** The builds of this test run, made by the first test class that asks. */
  private static Map<String, Path> built;

  /**
   * Builds samples/mpi for Open MPI and MPICH (flavour to build directory), once per test run:
   * into a directory of its own, deleted when the run ends ({@code work} is a test class's and
   * goes with it). Fails, never skips, when MPI or the tracer is missing.
   */
  static synchronized Map<String, Path> build(Path work) throws IOException,
      InterruptedException {
    if (built != null) {
      return built;
    }
    Path dir = Files.createTempDirectory("benchgen-samples");
    Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
    Map<String, Path> bins = new HashMap<>();
    for (String f : List.of("openmpi", "mpich")) {
      for (String tool : List.of("mpicc." + f, "mpif90." + f, "mpirun." + f)) {
        if (!TraceCommand.isCommand(tool)) {
          fail(tool + " is missing: the MPI integration tests need Open MPI and MPICH"
              + " (apt-get install openmpi-bin libopenmpi-dev mpich libmpich-dev gfortran)");
        }
      }
      assertTrue(Files.isRegularFile(TraceCommand.defaultLibrary(f.equals("openmpi")
          ? MpiLauncher.Flavour.OPENMPI : MpiLauncher.Flavour.MPICH)),
          "the tracer for " + f + " was not built (mvn builds tracer/ before cli/)");
      Path out = dir.resolve("bin-" + f);
      run(List.of("make", "-s", "-C", HOME.resolve("samples/mpi").toString(), "BUILD=" + out,
          "MPICC=mpicc." + f, "MPIFC=mpif90." + f), work);
      bins.put(f, out);
    }
    built = Map.copyOf(bins);
    return built;
  }

  private static void delete(Path dir) {
    try (var files = Files.walk(dir)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // A temporary directory left behind is all that happens.
    }
  }

  /**
   * The command that starts {@code n} ranks with {@code flavour}'s mpirun, as the tests run it:
   * Open MPI is told to oversubscribe the cores and, as root, that root may run it.
   */
  static List<String> launcher(String flavour, int n) {
    List<String> cmd = new java.util.ArrayList<>(List.of("mpirun." + flavour));
    if (flavour.equals("openmpi")) {
      cmd.add("--oversubscribe");
      if ("root".equals(System.getProperty("user.name"))) {
        cmd.add("--allow-run-as-root");
      }
    }
    cmd.addAll(List.of("-np", "" + n));
    return cmd;
  }

  /** Runs a command in {@code dir}; it must exit 0. Returns its output. */
  static String run(List<String> cmd, Path dir) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), String.join(" ", cmd) + " failed:\n" + out);
    return out;
  }
}
