package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceComparison;
import org.benchgen.stats.TraceStats;
import picocli.CommandLine;

/**
 * What the benchmark integration tests share (BenchmarkIntegrationTest, BenchmarkUnderMpichTest,
 * BenchmarkFeaturesTest): a program of samples/mpi traced by {@code benchgen trace}, its C+MPI
 * benchmark generated and built with its own Makefile, and the two runs compared.
 */
final class BenchmarkRuns {
  static final int N = 4;
  /** An option of {@link #trace}: the run writes trace.bgc only, as by default. */
  static final String NO_RAW = "(no --raw)";

  /** A traced program and its generated, built benchmark. */
  record Built(Path original, Path gen) {}

  private final Path work;
  private final Map<String, Path> bins = MpiSamples.bins();

  /** Traces and benchmarks go under {@code work}. */
  BenchmarkRuns(Path work) {
    this.work = work;
  }

  Path work() {
    return work;
  }

  /** {@code flavour}'s build of the sample {@code name}. */
  Path sample(String flavour, String name) {
    return bins.get(flavour).resolve(name);
  }

  /**
   * The benchmark of {@code program} (its name, then its arguments) makes every rank's calls and
   * bytes per MPI function, and the message matrix, as the program did; verify says so too.
   */
  void assertSameCalls(String flavour, List<String> program) throws Exception {
    String name = program.get(0);
    Built b = build(flavour, program, "");
    // The benchmark's run as benchgen trace makes it by default: its trace.bgc alone.
    Path bench = trace(flavour, name + "-bench", b.gen().resolve(name), List.of(), N,
        List.of(NO_RAW));
    assertFalse(Files.exists(bench.resolve("rank-0.trace")), "a rank stream without --raw");
    TraceComparison c = new TraceComparison(TraceStats.of(TraceDirectory.open(b.original()),
        n -> { }), TraceArgument.stats(bench, new PrintWriter(new StringWriter())));
    StringWriter table = new StringWriter();
    c.report("original", "benchmark", 32, new PrintWriter(table, true));
    assertTrue(c.identical(), name + " under " + flavour + ":\n" + table);
    // The same verdict through the command, with its times, loops and distributions.
    Cli.Result v = Cli.run("verify", b.original().toString(), bench.toString());
    assertEquals(0, v.code(), v.out() + v.err());
    for (String part : List.of("verdict: same calls and bytes", "\n  time per rank: ",
        "\n  loops: ", "\n  compute distributions: ")) {
      assertTrue(v.out().contains(part), part + " in\n" + v.out());
    }
  }

  /**
   * A program's trace and its benchmark, generated and built without warnings. At -O1, which
   * still runs the analyses behind -Wall's warnings of uninitialised values; the run-time
   * library's objects, most of a build's compile time, are compiled once for all the builds of
   * this JVM's module (RuntimeObjects). CMpiTargetTest and CRuntimeTest compile the generated C
   * and the runtime at -O2 with -Wextra and -pedantic.
   */
  Built build(String flavour, List<String> program, String label) throws Exception {
    String name = program.get(0);
    Path original = trace(flavour, name + "-orig" + label, sample(flavour, name),
        program.subList(1, program.size()));
    Path gen = work.resolve(flavour + "-" + name + "-gen" + label);
    generate(original, gen, name);
    MpiSamples.make(gen, work, "MPICC=mpicc." + flavour,
        "CFLAGS=-O1 -std=c99 -Wall -Werror");
    return new Built(original, gen);
  }

  static void generate(Path trace, Path dir, String name) {
    CommandLine cl = Benchgen.commandLine();
    StringWriter out = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(out));
    int rc = cl.execute("generate", trace.toString(), "--lang", "c-mpi", "-o", dir.toString(),
        "--name", name);
    assertEquals(0, rc, out.toString());
    // A derived datatype is sent as bytes (the same bytes, said as an approximation), and its
    // user-defined reduction is another operation on them; nothing else is approximated in any
    // sample.
    assertTrue(out.toString().contains(name.equals("derived_types") ? "approximations:\n  - a"
        + " datatype that is not a predefined MPI type was sent as bytes (MPI_BYTE, count x type"
        + " size) (10 times)\n  - a user-defined reduction operation was replaced by MPI_BOR or"
        + " MPI_MAX\n" : "approximations: none"), out.toString());
    assertTrue(Files.isRegularFile(dir.resolve(name + ".c")));
    assertTrue(Files.isRegularFile(dir.resolve("Makefile")));
  }

  Path trace(String flavour, String label, Path exe, List<String> args) {
    return trace(flavour, label, exe, args, N);
  }

  Path trace(String flavour, String label, Path exe, List<String> args, int ranks) {
    return trace(flavour, label, exe, args, ranks, List.of());
  }

  /**
   * {@code exe args} traced at {@code ranks} ranks of {@code flavour} into {@code
   * work/flavour-label}, with --raw (its streams then checked against the in-job trace) unless
   * {@link #NO_RAW} is among the options.
   */
  Path trace(String flavour, String label, Path exe, List<String> args, int ranks,
      List<String> givenOptions) {
    List<String> options = new ArrayList<>(givenOptions);
    Path dir = work.resolve(flavour + "-" + label);
    List<String> cmd = new ArrayList<>(List.of("trace", "-o", dir.toString()));
    if (!options.remove(NO_RAW)) {
      cmd.add("--raw");
    }
    cmd.addAll(options);
    cmd.add("--");
    cmd.addAll(MpiSamples.launcher(flavour, ranks));
    cmd.add(exe.toString());
    cmd.addAll(args);
    Cli.ok(cmd);
    assertFalse(Files.notExists(dir));
    if (cmd.contains("--raw")) {
      try {
        InJobTraces.assertSameAsCompress(dir);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return dir;
  }
}
