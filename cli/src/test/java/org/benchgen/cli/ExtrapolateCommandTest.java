package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.CompressedTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * benchgen extrapolate: traces at a few counts made into the trace at another, judged against an
 * independent source of the truth there: synth's own streams at the target, and a real MPI
 * program traced at the target.
 */
class ExtrapolateCommandTest {
  @TempDir
  Path dir;

  private Path synth(String pattern, int ranks, String iterations) {
    Path out = dir.resolve(pattern + "-" + ranks);
    Cli.ok(List.of("synth", pattern, "-n", "" + ranks, "-i", iterations, "-o", out.toString()));
    return out;
  }

  /** {@code extrapolate} of synth's pattern at 4, 8 and 16 ranks to {@code target}, into out. */
  private Cli.Result from4to16(String pattern, String iterations, int target, Path out,
      String... more) {
    List<String> cmd = new ArrayList<>(List.of("extrapolate"));
    for (int n : new int[] {4, 8, 16}) {
      cmd.add(synth(pattern, n, iterations).toString());
    }
    cmd.addAll(List.of("-n", "" + target, "-o", out.toString()));
    cmd.addAll(List.of(more));
    return Cli.run(cmd.toArray(String[]::new));
  }

  private static void assertSameCalls(Path real, Path extrapolated) {
    Cli.Result v = Cli.run("verify", "--loops", "0", real.toString(), extrapolated.toString());
    assertEquals(0, v.code(), v.out() + v.err());
    assertTrue(v.out().contains("calls, bytes and message matrix: identical"), v.out());
  }

  @ParameterizedTest
  @CsvSource({"ring, 4 8 16, 256", "stencil2d, 4 8 16, 256", "stencil3d, 8 16 27, 216",
      "wavefront, 4 8 16, 256", "alltoall, 4 8 16, 128", "master-worker, 4 8 16, 256"})
  void synthPatternsBecomeWhatSynthMakesAtTheTarget(String pattern, String counts, int target) {
    List<String> cmd = new ArrayList<>(List.of("extrapolate"));
    for (String c : counts.split(" ")) {
      cmd.add(synth(pattern, Integer.parseInt(c), "6").toString()); // directories: compressed
    }
    Path out = dir.resolve(pattern + "-x.bgc");
    cmd.addAll(List.of("-n", "" + target, "-o", out.toString()));
    Cli.Result r = Cli.ok(cmd);
    assertTrue(r.out().contains("checked against the 3 traced counts"), r.out());
    assertSameCalls(synth(pattern, target, "6"), out);
  }

  @Test
  void aStencilAt4096RanksIsSynthsStencilThere() throws Exception {
    Path out = dir.resolve("x4096.bgc");
    Cli.Result r = from4to16("stencil2d", "3", 4096, out, "--explain");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("4x4 -> 64x64"), r.out()); // the grid, by MPI_Dims_create
    CompressedTrace t = TraceFiles.readCompressed(out);
    assertEquals(4096, t.worldSize());
    assertSameCalls(synth("stencil2d", 4096, "3"), out);
  }

  @Test
  void partnersAtRandomAreRefusedAndNothingIsWritten() {
    Path out = dir.resolve("irregular.bgc");
    List<String> cmd = new ArrayList<>(List.of("extrapolate"));
    for (int n : new int[] {4, 8, 16}) {
      Path d = dir.resolve("irregular-" + n);
      Cli.ok(List.of("synth", "irregular", "-n", "" + n, "--events", "300", "-o", d.toString()));
      cmd.add(d.toString());
    }
    cmd.addAll(List.of("-n", "64", "-o", out.toString()));
    Cli.Result r = Cli.run(cmd.toArray(String[]::new));
    assertEquals(1, r.code(), r.err());
    // Random partners make every offset: no grid, and the grids seen are named.
    assertTrue(r.err().contains("the process grids of the traces follow no rule benchgen"
        + " knows: 2x2x1 at 4, 2x2x2 at 8, 16x1x1 at 16"), r.err());
    assertFalse(Files.exists(out));
  }

  @Test
  void aCountTheGridCannotTakeIsRefused() {
    Path out = dir.resolve("x.bgc");
    // A 2-D grid of 31 ranks is a line of 31: no traced count has a rank placed like its ranks.
    Cli.Result r = from4to16("stencil2d", "3", 31, out);
    assertEquals(1, r.code(), r.err());
    assertTrue(r.err().contains("31x1 grid"), r.err());
    assertFalse(Files.exists(out));
  }

  /**
   * A real program of fixed problem size traced at 4, 8 and 16 ranks: its message size n/P, its
   * inner loop of log2 P trips are found, and the trace at 32 is the real run's at 32, whose
   * benchmark, generated from the extrapolated trace, builds and makes those calls at 32 ranks.
   */
  @Test
  void aStrongScalingProgramIsExtrapolatedAndItsBenchmarkRunsThere() throws Exception {
    BenchmarkRuns runs = new BenchmarkRuns(dir);
    Path exe = runs.sample("openmpi", "strong_scaling");
    List<String> cmd = new ArrayList<>(List.of("extrapolate"));
    for (int n : new int[] {4, 8, 16}) {
      cmd.add(runs.trace("openmpi", "ss" + n, exe, List.of("5"), n,
          List.of(BenchmarkRuns.NO_RAW)).toString());
    }
    Path out = dir.resolve("ss-x32.bgc");
    cmd.addAll(List.of("-n", "32", "-o", out.toString(), "--explain"));
    Cli.Result r = Cli.ok(cmd);
    assertTrue(r.out().contains("count [x=0; x=1..30; x=31]: 256 at 4, 128 at 8, 64 at 16 -> 32"
        + " at 32 ranks (1024/P; exact)"), r.out());
    assertTrue(r.out().contains("trips [x=0; x=1..30; x=31]: 2 at 4, 3 at 8, 4 at 16 -> 5 at 32"
        + " ranks (log2 P; exact)"), r.out());
    Path real = runs.trace("openmpi", "ss32", exe, List.of("5"), 32,
        List.of(BenchmarkRuns.NO_RAW));
    assertSameCalls(real, out);
    Path gen = dir.resolve("ss-gen");
    BenchmarkRuns.generate(out, gen, "ss");
    MpiSamples.make(gen, dir, "MPICC=mpicc.openmpi",
        "CFLAGS=-O2 -std=c99 -Wall -Werror");
    Path bench = runs.trace("openmpi", "ss-bench", gen.resolve("ss"), List.of(), 32,
        List.of(BenchmarkRuns.NO_RAW));
    assertSameCalls(real, bench);
  }

  /**
   * A program that makes its grid with MPI_Dims_create and MPI_Cart_create (periodic along one
   * side) and talks on it, traced at 4, 8 and 16 ranks: at 12 its dims are MPI_Dims_create's
   * [4, 3] (by MPI's definition: sides as equal as possible, non-increasing), and the trace is the
   * real run's at 12.
   */
  @Test
  void aCartesianProgramsGridAndDimsAreCarriedToTheTarget() throws Exception {
    BenchmarkRuns runs = new BenchmarkRuns(dir);
    Path exe = runs.sample("openmpi", "cart_halo");
    List<String> cmd = new ArrayList<>(List.of("extrapolate"));
    for (int n : new int[] {4, 8, 16}) {
      cmd.add(runs.trace("openmpi", "ch" + n, exe, List.of("3"), n,
          List.of(BenchmarkRuns.NO_RAW)).toString());
    }
    Path out = dir.resolve("ch-x12.bgc");
    cmd.addAll(List.of("-n", "12", "-o", out.toString(), "--explain"));
    Cli.Result r = Cli.ok(cmd);
    assertTrue(r.out().contains("dims [x=0 y=0]: [2, 2] at 4, [4, 2] at 8, [4, 4] at 16 ->"
        + " [4, 3] at 12 ranks (the grid's sides; exact)"), r.out());
    assertSameCalls(runs.trace("openmpi", "ch12", exe, List.of("3"), 12,
        List.of(BenchmarkRuns.NO_RAW)), out);
  }
}
