package org.benchgen.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.benchgen.io.AtomicOutput;
import org.benchgen.io.OutputFailure;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.trace.TraceProblem;
import org.benchgen.trace.TraceSyntax;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code benchgen trace -o DIR -- LAUNCHER ...}: runs an MPI application under the tracer. */
@Command(name = "trace", mixinStandardHelpOptions = true,
    description = {"Runs an MPI application under the benchgen tracer (libbenchgen-trace.so, loaded"
        + " with LD_PRELOAD: no recompile or relink). The ranks compress their events as they go and"
        + " merge their traces in MPI_Finalize; rank 0 writes the compressed trace DIR/trace.bgc,"
        + " which every command takes as DIR. With --raw the per-rank event streams are kept too.",
        "The launcher is recognised (Open MPI mpirun -x, MPICH mpiexec -genv, Slurm srun --export);"
        + " anything else is started directly with the tracer in its environment.",
        "",
        "Example:",
        "  benchgen trace -o traces/app -- mpirun -np 4 ./app",
        "  benchgen show traces/app", ""})
final class TraceCommand implements Callable<Integer> {
  private static final Pattern RANK_FILE = Pattern.compile("rank-(\\d+)\\.trace(\\.part)?");
  private static final Pattern HEADER_SIZE = Pattern.compile("size=(\\d+)");

  @Spec
  CommandSpec spec;

  @Mixin
  NewDirectory output;

  @Option(names = "--mpi", paramLabel = "IMPL", description = "the application's MPI: openmpi or"
      + " mpich; default: recognised from the launcher")
  String mpi;

  @Option(names = "--tracer-lib", paramLabel = "FILE", description = "the libbenchgen-trace.so to"
      + " preload; default: the one built for the MPI in tracer/target/<mpi>/ (or"
      + " $BENCHGEN_TRACER_LIB)")
  Path tracerLib;

  @Option(names = "--site-depth", defaultValue = "1", paramLabel = "N", description = "return"
      + " addresses hashed into a call site (1: the caller of MPI; more tells apart calls of a"
      + " helper from different places, at a cost per call); default: ${DEFAULT-VALUE}")
  int siteDepth;

  @Option(names = "--buffer-mb", defaultValue = "64", paramLabel = "MB", description = "events"
      + " each rank buffers in memory before writing; default: ${DEFAULT-VALUE}")
  int bufferMb;

  @Option(names = "--max-mb", defaultValue = "16384", paramLabel = "MB", description = "with"
      + " --raw, the most a rank's stream may take on disk: past it the rank records nothing more"
      + " and its stream is marked truncated (a guard against a stream that grows without end);"
      + " default: ${DEFAULT-VALUE}")
  int maxMb;

  @Option(names = "--cpu-time", description = "also record each compute interval's CPU time"
      + " (CLOCK_THREAD_CPUTIME_ID), so that stats and verify tell time a rank was descheduled"
      + " from compute; costs about 1-2 us more per MPI call (two system calls)")
  boolean cpuTime;

  @Option(names = "--fold-max-mb", defaultValue = "1024", paramLabel = "MB", description = "the"
      + " most memory a rank's compressed trace may take while it folds (and the merged trace"
      + " while ranks merge): past it the run writes no trace.bgc and says which ranks were too"
      + " irregular to fold (trace them with --raw); default: ${DEFAULT-VALUE}")
  int foldMaxMb;

  @Option(names = "--raw", description = "also write each rank's event stream, rank-R.trace"
      + " (docs/trace-format.md; about 130 bytes per MPI call), as benchgen compress reads them")
  boolean raw;

  @Parameters(paramLabel = "LAUNCHER", arity = "1..*", description = "the command that runs the"
      + " application, e.g. mpirun -np 4 ./app (put it after --)")
  List<String> command;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter out = spec.commandLine().getOut();
    if (siteDepth < 1 || siteDepth > 32 || bufferMb < 1 || maxMb < 1 || foldMaxMb < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--site-depth must be 1..32,"
          + " and --buffer-mb, --max-mb and --fold-max-mb at least 1");
    }
    if (!isCommand(command.get(0))) {
      throw new TraceProblem("'" + command.get(0) + "' is not a command: no such executable"
          + " (on PATH, or as a file)");
    }
    MpiLauncher launcher = MpiLauncher.detect(command);
    MpiLauncher.Flavour flavour = flavour(launcher);
    Path lib = library(flavour);
    int[] status = new int[1];
    Path[] compressed = new Path[1];
    Streams[] streams = new Streams[1];
    String[] located = new String[1];
    List<String> problems = new ArrayList<>();
    // The ranks write into a temporary sibling, which becomes DIR once the run is over.
    AtomicOutput.writeDirectory(output.dir, tmp -> {
      Map<String, String> childEnv = new HashMap<>();
      List<String> cmd = launcher.command(command,
          MpiLauncher.tracerEnv(lib, tmp, siteDepth, bufferMb, maxMb, cpuTime, raw, foldMaxMb),
          childEnv);
      err.println("benchgen trace: " + String.join(" ", cmd));
      err.flush();
      ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
      pb.environment().putAll(childEnv);
      try {
        status[0] = pb.start().waitFor();
      } catch (IOException e) {
        throw new TraceProblem("cannot start '" + command.get(0) + "': " + e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while the application ran", e);
      }
      unwritten(tmp, output.dir);
      streams[0] = Streams.of(tmp);
      Path bgc = tmp.resolve(TraceDirectory.COMPRESSED);
      // The tracer's file is final (shared blocks and choice sections, docs/compression.md): no
      // JVM pass rewrites it, so the library preloaded alone leaves the same file (issue 50).
      compressed[0] = Files.isRegularFile(bgc) ? bgc : null;
      // Where the sites lie in the source: written by the tracer (issue 50), only said here. An
      // annotation: a site line that does not read is said, and the trace kept as written.
      try {
        SourceLocations.located(bgc).ifPresent(s -> located[0] = s);
      } catch (IOException | RuntimeException e) {
        located[0] = "call sites not located in the source (" + e.getMessage() + ")";
      }
      Path why = tmp.resolve(TraceDirectory.PROBLEMS);
      // Ranks whose run ended before MPI_Finalize leave what they folded under their name.
      List<Integer> cut;
      try (Stream<Path> files = Files.list(tmp)) {
        cut = files.map(p -> TraceDirectory.TRUNCATED.matcher(p.getFileName().toString()))
            .filter(Matcher::matches).map(m -> Integer.parseInt(m.group(1))).sorted().toList();
      }
      if (streams[0].ranks.isEmpty() && compressed[0] == null && !Files.isRegularFile(why)
          && cut.isEmpty()) {
        throw new TraceProblem("no rank wrote a trace (the command exited with status "
            + status[0] + "). Does the application call MPI_Init and MPI_Finalize, and is it"
            + " built with " + flavour.dirName + "? (ldd APP | grep -i mpi) The tracer's"
            + " messages above, if any, say more.");
      }
      problems.addAll(streams[0].problems());
      if (!raw) {
        cut.forEach(r -> problems.add("rank " + r + " was cut short (rank-" + r
            + ".truncated.bgc holds what it did until then)"));
        if (!cut.isEmpty() && compressed[0] == null) {
          problems.add(output + " is not a trace: the commands refuse it, and `benchgen show "
              + output.dir.resolve("rank-" + cut.get(0) + ".truncated.bgc") + "` shows a cut"
              + " rank's part");
        }
      }
      if (compressed[0] == null && Files.isRegularFile(why) && !raw) {
        // The ranks' own account of what they could not trace (a raw stream says it otherwise).
        Files.readAllLines(why, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank())
            .forEach(problems::add);
      } else if (compressed[0] == null && (raw || problems.isEmpty())) {
        problems.add("rank 0 wrote no " + TraceDirectory.COMPRESSED + ": not every rank reached"
            + " MPI_Finalize (the tracer's messages above may say why)"
            + (raw ? "" : "; --raw keeps the per-rank streams"));
      } else {
        compressed[0] = output.dir.resolve(TraceDirectory.COMPRESSED);
      }
    });
    if (status[0] != 0) {
      problems.add(0, "the application exited with status " + status[0]);
    }
    if (!problems.isEmpty()) {
      err.println("benchgen trace: " + output + " is incomplete or unusable:");
      for (String p : problems) {
        err.println("  " + p);
      }
      err.flush();
      return Benchgen.INPUT_ERROR;
    }
    long size = Files.size(compressed[0]);
    if (located[0] != null) {
      err.println("benchgen trace: " + located[0]);
      err.flush();
    }
    out.printf("%s: %s of %s ranks (%s, %s)%s. Next: benchgen show %s%n", output,
        TraceDirectory.COMPRESSED, worldOf(compressed[0]), flavour.dirName, kilobytes(size),
        raw ? ", and " + streams[0].ranks.size() + " rank streams ("
            + kilobytes(streams[0].bytes) + ")" : "", output);
    return 0;
  }

  /**
   * A file the tracer could not write, left so by it ({@code tracer/src/errnames.h}): a rank's
   * stream, {@code rank-R.trace.unwritten-CODE}, or rank 0's {@code trace.bgc.unwritten-CODE}.
   */
  private static final Pattern UNWRITTEN = Pattern.compile(
      "(rank-(\\d+)\\.trace|trace\\.bgc)\\.unwritten-([A-Z]+)");

  /**
   * Fails the run when a rank could not write its stream (a full disk, a quota): the tracer left
   * it as {@code rank-R.trace.unwritten-CODE}, said so on stderr, and the output is then nothing
   * (a directory of cut streams would be taken for a trace), exit 1 naming the rank and the cause.
   */
  private static void unwritten(Path tmp, Path output) throws IOException {
    List<String> ranks = new ArrayList<>();
    String cause = "";
    try (Stream<Path> files = Files.list(tmp)) {
      for (Path p : files.sorted().toList()) {
        Matcher m = UNWRITTEN.matcher(p.getFileName().toString());
        if (m.matches()) {
          ranks.add(m.group(2) != null ? "rank " + m.group(2) + "'s stream"
              : "rank 0's " + TraceDirectory.COMPRESSED);
          cause = switch (m.group(3)) {
            case "ENOSPC" -> "No space left on device";
            case "EDQUOT" -> "Disk quota exceeded";
            case "EFBIG" -> "File too large";
            case "EIO" -> "Input/output error";
            default -> "a write error";
          };
        }
      }
    }
    if (!ranks.isEmpty()) {
      throw new OutputFailure(output, new IOException(cause), "the tracer could not write "
          + String.join(", ", ranks) + ": " + cause + " (its messages above say more)");
    }
  }

  private static String kilobytes(long bytes) {
    return bytes < 1_000_000 ? (bytes + 999) / 1000 + " kB" : String.format("%.1f MB", bytes / 1e6);
  }

  /** The world size a compressed trace states on its second line ("world N"). */
  private static String worldOf(Path bgc) throws IOException {
    try (var lines = Files.lines(bgc, StandardCharsets.UTF_8)) {
      return lines.skip(1).findFirst().filter(l -> l.startsWith("world "))
          .map(l -> l.substring(6)).orElse("?");
    }
  }

  private MpiLauncher.Flavour flavour(MpiLauncher launcher) {
    if (mpi != null) {
      return switch (mpi) {
        case "openmpi" -> MpiLauncher.Flavour.OPENMPI;
        case "mpich" -> MpiLauncher.Flavour.MPICH;
        default -> throw new CommandLine.ParameterException(spec.commandLine(),
            "--mpi must be openmpi or mpich, not '" + mpi + "'");
      };
    }
    if (launcher.flavour().isPresent()) {
      return launcher.flavour().get();
    }
    List<MpiLauncher.Flavour> built = new ArrayList<>();
    for (MpiLauncher.Flavour f : MpiLauncher.Flavour.values()) {
      if (Files.isRegularFile(defaultLibrary(f))) {
        built.add(f);
      }
    }
    if (built.size() == 1 || tracerLib != null || System.getenv("BENCHGEN_TRACER_LIB") != null) {
      return built.isEmpty() ? MpiLauncher.Flavour.OPENMPI : built.get(0);
    }
    throw new CommandLine.ParameterException(spec.commandLine(), "cannot tell which MPI '"
        + command.get(0) + "' runs; say it with --mpi openmpi or --mpi mpich");
  }

  private Path library(MpiLauncher.Flavour flavour) {
    Path lib = tracerLib;
    if (lib == null && System.getenv("BENCHGEN_TRACER_LIB") != null) {
      lib = Path.of(System.getenv("BENCHGEN_TRACER_LIB"));
    }
    if (lib == null) {
      lib = defaultLibrary(flavour);
    }
    if (!Files.isRegularFile(lib)) {
      throw new TraceProblem("the tracer library for " + flavour.dirName + " is not at " + lib
          + "; build it with 'mvn -DskipTests install' (needs mpicc." + flavour.dirName
          + ") or 'make -C tracer MPICC=mpicc BUILD=...' and pass --tracer-lib");
    }
    return lib.toAbsolutePath();
  }

  /** tracer/target/FLAVOUR/ under the benchgen home (bin/benchgen sets it; else the jar's place). */
  static Path defaultLibrary(MpiLauncher.Flavour flavour) {
    return home().resolve("tracer/target").resolve(flavour.dirName)
        .resolve("libbenchgen-trace.so");
  }

  static Path home() {
    String prop = System.getProperty("benchgen.home");
    if (prop != null && !prop.isBlank()) {
      return Path.of(prop);
    }
    try {
      // cli/target/benchgen.jar or cli/target/classes: three levels below the home.
      Path code = Path.of(TraceCommand.class.getProtectionDomain().getCodeSource().getLocation()
          .toURI());
      return code.getParent().getParent().getParent();
    } catch (URISyntaxException | RuntimeException e) {
      return Path.of(".");
    }
  }

  /** What the ranks left in the directory. */
  private record Streams(Map<Integer, Path> ranks, List<Integer> parts, long bytes, int size) {
    static Streams of(Path dir) throws IOException {
      Map<Integer, Path> ranks = new TreeMap<>();
      List<Integer> parts = new ArrayList<>();
      long bytes = 0;
      try (Stream<Path> s = Files.list(dir)) {
        for (Path p : (Iterable<Path>) s::iterator) {
          Matcher m = RANK_FILE.matcher(p.getFileName().toString());
          if (m.matches()) {
            int r = Integer.parseInt(m.group(1));
            ranks.put(r, p);
            bytes += Files.size(p);
            if (m.group(2) != null) {
              parts.add(r);
            }
          }
        }
      }
      int size = -1;
      if (!ranks.isEmpty()) {
        Matcher m = HEADER_SIZE.matcher(firstLine(ranks.values().iterator().next()));
        size = m.find() ? Integer.parseInt(m.group(1)) : -1;
      }
      return new Streams(ranks, parts, bytes, size);
    }

    List<String> problems() throws IOException {
      List<String> out = new ArrayList<>();
      for (int r = 0; r < size; r++) {
        if (!ranks.containsKey(r)) {
          out.add("rank " + r + " wrote no stream");
        }
      }
      for (int r : parts) {
        out.add("rank " + r + " ended without MPI_Finalize or a flush (rank-" + r
            + ".trace.part)");
      }
      for (Map.Entry<Integer, Path> e : ranks.entrySet()) {
        if (parts.contains(e.getKey())) {
          continue;
        }
        // The tracer ends a stream with what it could not record and, if cut short, the marker.
        List<String> tail = tail(e.getValue());
        // A short stream has a feature's line twice: where it was found, and at the end, which
        // may say more; the last one of each feature is reported.
        Map<String, String> said = new java.util.LinkedHashMap<>();
        for (String line : tail) {
          if (line.startsWith(TraceSyntax.UNSUPPORTED + " ")) {
            String what = line.substring(TraceSyntax.UNSUPPORTED.length() + 1);
            said.put(what.split(" \\(", 2)[0], what);
          }
        }
        said.values().forEach(what -> out.add("rank " + e.getKey() + " used " + what
            + ", which benchgen cannot trace yet"));
        if (tail.contains(TraceSyntax.TRUNCATED)) {
          out.add("rank " + e.getKey() + " was cut short (" + e.getValue().getFileName()
              + " ends with '# truncated')");
        }
      }
      return out;
    }
  }

  /** An executable file, or a name found on PATH. */
  static boolean isCommand(String name) {
    if (name.contains("/")) {
      return Files.isExecutable(Path.of(name));
    }
    for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!d.isEmpty() && Files.isExecutable(Path.of(d, name))) {
        return true;
      }
    }
    return false;
  }

  private static String firstLine(Path p) throws IOException {
    try (var r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
      String line = r.readLine();
      return line == null ? "" : line;
    }
  }

  /** The whole lines of the last 4 kB of a stream. */
  private static List<String> tail(Path p) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "r")) {
      long n = Math.min(4096, f.length());
      byte[] b = new byte[(int) n];
      f.seek(f.length() - n);
      f.readFully(b);
      List<String> lines = new ArrayList<>(List.of(new String(b, StandardCharsets.UTF_8)
          .split("\n")));
      if (n < f.length() && !lines.isEmpty()) {
        lines.remove(0); // a part of a line
      }
      return lines;
    }
  }
}
