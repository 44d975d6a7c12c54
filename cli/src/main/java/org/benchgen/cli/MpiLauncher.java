package org.benchgen.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * How to hand the tracer library and its settings to every rank that an MPI launcher starts: Open
 * MPI's mpirun forwards variables given with {@code -x}, MPICH's Hydra with {@code -genv}, Slurm's
 * srun with {@code --export}. The launcher itself is never preloaded.
 */
record MpiLauncher(Kind kind, Optional<Flavour> flavour) {
  /** The MPI implementation, which decides the build of the library to preload. */
  enum Flavour {
    OPENMPI("openmpi"), MPICH("mpich");

    final String dirName;

    Flavour(String dirName) {
      this.dirName = dirName;
    }
  }

  /** How the launcher passes environment variables to the ranks. */
  enum Kind { OPEN_MPI_MPIRUN, HYDRA, SRUN, DIRECT }

  /**
   * Recognises the launcher by asking it for its version ({@code --version}); a command that is
   * not a known launcher is started directly with the variables in its environment (a singleton
   * MPI run, or a script that launches), its MPI told by the libraries it links.
   */
  static MpiLauncher detect(List<String> command) {
    String exe = command.get(0);
    String base = Path.of(exe).getFileName().toString();
    if (base.equals("srun")) {
      return new MpiLauncher(Kind.SRUN, Optional.empty());
    }
    if (!base.startsWith("mpirun") && !base.startsWith("mpiexec") && !base.startsWith("orterun")) {
      return new MpiLauncher(Kind.DIRECT, linkedMpi(exe));
    }
    String version = output(exe, "--version");
    if (version.contains("Open MPI") || version.contains("OpenRTE")) {
      return new MpiLauncher(Kind.OPEN_MPI_MPIRUN, Optional.of(Flavour.OPENMPI));
    }
    if (version.contains("HYDRA") || version.contains("MPICH")) {
      return new MpiLauncher(Kind.HYDRA, Optional.of(Flavour.MPICH));
    }
    return new MpiLauncher(Kind.DIRECT, Optional.empty());
  }

  /** The MPI a program started directly (a singleton) is linked with, as {@code ldd} tells. */
  private static Optional<Flavour> linkedMpi(String exe) {
    String libs = output("ldd", exe);
    if (libs.contains("libmpich")) {
      return Optional.of(Flavour.MPICH);
    }
    return libs.contains("libmpi.so") ? Optional.of(Flavour.OPENMPI) : Optional.empty();
  }

  /** What a short-lived command prints (empty if it cannot run). */
  private static String output(String... cmd) {
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      p.getOutputStream().close();
      byte[] out;
      try (InputStream in = p.getInputStream()) {
        out = in.readNBytes(1 << 16);
      }
      if (!p.waitFor(20, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
      return new String(out, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }

  /**
   * The command to run: the launcher's own arguments plus what forwards {@code env} to the ranks.
   * For a direct start, the variables go into {@code childEnv} instead.
   */
  List<String> command(List<String> user, Map<String, String> env, Map<String, String> childEnv) {
    List<String> out = new ArrayList<>();
    out.add(user.get(0));
    switch (kind) {
      case OPEN_MPI_MPIRUN -> env.forEach((k, v) -> {
        out.add("-x");
        out.add(k + "=" + v);
      });
      case HYDRA -> env.forEach((k, v) -> {
        out.add("-genv");
        out.add(k);
        out.add(v);
      });
      case SRUN -> {
        StringBuilder export = new StringBuilder("--export=ALL");
        env.forEach((k, v) -> export.append(',').append(k).append('=').append(v));
        out.add(export.toString());
      }
      case DIRECT -> childEnv.putAll(env);
    }
    out.addAll(user.subList(1, user.size()));
    return out;
  }

  /** Variables for the ranks, in a stable order (LD_PRELOAD first, for readable commands). */
  static Map<String, String> tracerEnv(Path library, Path traceDir, int siteDepth, int bufferMb,
      int maxMb, boolean cpuTime, boolean raw, int foldMaxMb) {
    Map<String, String> env = new LinkedHashMap<>();
    String existing = System.getenv("LD_PRELOAD");
    env.put("LD_PRELOAD", library + (existing == null || existing.isBlank() ? "" : ":" + existing));
    env.put("BENCHGEN_TRACE_DIR", traceDir.toString());
    env.put("BENCHGEN_TRACE_SITE_DEPTH", Integer.toString(siteDepth));
    env.put("BENCHGEN_TRACE_BUFFER_MB", Integer.toString(bufferMb));
    env.put("BENCHGEN_TRACE_MAX_MB", Integer.toString(maxMb));
    if (cpuTime) {
      env.put("BENCHGEN_TRACE_CPU", "1");
    }
    // The ranks compress and merge their traces themselves (docs/compression.md); the per-rank
    // streams are written only when asked for.
    env.put("BENCHGEN_TRACE_FOLD", "1");
    env.put("BENCHGEN_TRACE_RAW", raw ? "1" : "0");
    env.put("BENCHGEN_TRACE_FOLD_MAX_MB", Integer.toString(foldMaxMb));
    return env;
  }
}
