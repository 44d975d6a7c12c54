package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Op;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * MPI_Init_thread on real MPI (issue 16): recorded with the level asked for and the one given,
 * from C and from Fortran, under Open MPI and MPICH; the C+MPI benchmark asks for the same level
 * and verifies identical; the coNCePTuaL program says it cannot.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InitThreadTest {
  private static final Pattern PROVIDED = Pattern.compile("provided (\\w+)");
  private static final List<String> LEVELS = List.of("single", "funneled", "serialized",
      "multiple");

  private Path work;
  private Map<String, Path> bins;

  @BeforeAll
  void build(@TempDir Path tmp) throws Exception {
    work = tmp;
    bins = MpiSamples.bins();
  }

  /**
   * init_thread asking for MPI_THREAD_SERIALIZED at 2 ranks: every rank's first event is
   * MPI_Init_thread with level THREAD_SERIALIZED and the level the program itself printed when
   * run without the tracer; the benchmark calls MPI_Init_thread(..., MPI_THREAD_SERIALIZED, ...),
   * its trace says the same, and verify finds the same calls and bytes.
   */
  @ParameterizedTest
  @ValueSource(strings = {"openmpi", "mpich"})
  void theBenchmarkAsksForTheTracedLevel(String flavour) throws Exception {
    List<String> run = new ArrayList<>(MpiSamples.launcher(flavour, 2));
    run.addAll(List.of(bins.get(flavour).resolve("init_thread").toString(), "5", "8",
        "serialized"));
    String given = level(provided(MpiSamples.run(run, work)));
    Path original = trace(flavour, "orig", bins.get(flavour).resolve("init_thread"), "5", "8",
        "serialized");
    for (int r = 0; r < 2; r++) {
      assertEquals("MPI_Init_thread level=THREAD_SERIALIZED given=" + given,
          firstCall(original, r));
    }
    TraceStats stats = TraceStats.of(TraceDirectory.open(original), n -> { });
    assertEquals(1, stats.rank(0).byOp().get(Op.INIT_THREAD)[0]);
    assertTrue(!stats.rank(0).byOp().containsKey(Op.INIT));

    Path gen = work.resolve(flavour + "-gen");
    Cli.Result g = Cli.run("generate", original.toString(), "--lang", "c-mpi", "-o",
        gen.toString(), "--name", "it");
    assertEquals(0, g.code(), g.out() + g.err());
    assertTrue(g.out().contains("approximations: none"), g.out());
    String c = Files.readString(gen.resolve("it.c"));
    assertTrue(c.contains("MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &bg_provided);"),
        c);
    assertTrue(!c.contains("MPI_Init("), c);
    MpiSamples.make(gen, work, "MPICC=mpicc." + flavour,
        "CFLAGS=-O2 -std=c99 -Wall -Werror");
    Path bench = trace(flavour, "bench", gen.resolve("it"));
    assertEquals("MPI_Init_thread level=THREAD_SERIALIZED given=" + given, firstCall(bench, 0));
    Cli.Result v = Cli.run("verify", original.toString(), bench.toString());
    assertEquals(0, v.code(), v.out() + v.err());

    Cli.Result n = Cli.run("generate", original.toString(), "--lang", "conceptual", "-o",
        work.resolve(flavour + "-ncptl").toString(), "--name", "it");
    assertEquals(0, n.code(), n.out() + n.err());
    assertTrue(n.out().contains("MPI_Init_thread is MPI_Init: coNCePTuaL cannot ask for a thread"
        + " level"), n.out());
  }

  /** Fortran's MPI_INIT_THREAD(MPI_THREAD_FUNNELED, ...), recorded as the C call is. */
  @ParameterizedTest
  @ValueSource(strings = {"openmpi", "mpich"})
  void fortranInitThreadIsRecordedWithItsLevels(String flavour) throws Exception {
    List<String> run = new ArrayList<>(MpiSamples.launcher(flavour, 2));
    run.addAll(List.of(bins.get(flavour).resolve("init_thread_f90").toString(), "3"));
    // The Fortran program prints MPI's number of the level (0 single ... 3 multiple).
    String given = level(LEVELS.get(Integer.parseInt(provided(MpiSamples.run(run, work)))));
    Path dir = trace(flavour, "f90", bins.get(flavour).resolve("init_thread_f90"), "3");
    for (int r = 0; r < 2; r++) {
      assertEquals("MPI_Init_thread level=THREAD_FUNNELED given=" + given, firstCall(dir, r));
    }
  }

  private static String provided(String out) {
    Matcher m = PROVIDED.matcher(out);
    assertTrue(m.find(), out);
    return m.group(1);
  }

  /** single -> THREAD_SINGLE, and so on: the trace's symbol for a level. */
  private static String level(String name) {
    assertTrue(LEVELS.contains(name), name);
    return "THREAD_" + name.toUpperCase(java.util.Locale.ROOT);
  }

  /** The first call of rank r's stream, without its site and times. */
  private static String firstCall(Path dir, int r) throws Exception {
    String line = Files.readAllLines(dir.resolve("rank-" + r + ".trace")).stream()
        .filter(l -> l.startsWith("MPI_")).findFirst().orElseThrow();
    return line.replaceAll(" (site|enter|exit)=\\S+", "");
  }

  private Path trace(String flavour, String label, Path exe, String... args) {
    Path dir = work.resolve(flavour + "-" + exe.getFileName() + "-" + label);
    List<String> cmd = new ArrayList<>(List.of("trace", "--raw", "-o", dir.toString(), "--"));
    cmd.addAll(MpiSamples.launcher(flavour, 2));
    cmd.add(exe.toString());
    cmd.addAll(List.of(args));
    Cli.Result t = Cli.run(cmd.toArray(String[]::new));
    assertEquals(0, t.code(), t.err());
    try {
      InJobTraces.assertSameAsCompress(dir); // MPI_Init_thread's fields, C and Fortran
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return dir;
  }
}
