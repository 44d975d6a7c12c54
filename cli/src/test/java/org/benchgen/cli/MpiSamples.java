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
import org.benchgen.testing.RuntimeObjects;

/** The MPI integration tests' common ground: the programs of samples/mpi built per MPI. */
final class MpiSamples {
  static final Path HOME = TraceCommand.home().toAbsolutePath().normalize();

  private MpiSamples() {}

  /**
   * The programs of samples/mpi for Open MPI and MPICH (flavour to directory), as the build made
   * them (samples/build.sh, once a build, into samples/target/mpi/FLAVOUR). Fails, never skips,
   * when MPI, the tracer or a program is missing.
   */
  static Map<String, Path> bins() {
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
      Path out = HOME.resolve("samples/target/mpi/" + f);
      assertTrue(Files.isExecutable(out.resolve("ring")) && Files.isExecutable(
          out.resolve("ring_f90")), "samples/mpi was not built for " + f + " in " + out
          + " (mvn builds it with samples/build.sh before cli/)");
      bins.put(f, out);
    }
    return Map.copyOf(bins);
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

  /**
   * Runs a command in {@code dir}; it must exit 0. Returns its output. An MPI launcher's run holds
   * the MPI tests' lock (MpiLock).
   */
  static String run(List<String> cmd, Path dir) throws Exception {
    if (cmd.get(0).startsWith("mpirun")) {
      return MpiLock.hold(() -> runNow(cmd, dir));
    }
    return runNow(cmd, dir);
  }

  /**
   * {@code make} of the generated benchmark in {@code gen} with {@code variables} (as
   * {@code MPICC=mpicc.openmpi}), its run-time library's objects reused from an earlier build of
   * the same flags (RuntimeObjects); fails the test if make fails.
   */
  static String make(Path gen, Path dir, String... variables) throws Exception {
    RuntimeObjects.reuse(gen, List.of(variables));
    List<String> cmd = new java.util.ArrayList<>(List.of("make", "-s", "-C", gen.toString()));
    cmd.addAll(List.of(variables));
    return runNow(cmd, dir);
  }

  private static String runNow(List<String> cmd, Path dir) throws IOException,
      InterruptedException {
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), String.join(" ", cmd) + " failed:\n" + out);
    return out;
  }
}
