package org.benchgen.codegen.cmpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.benchgen.codegen.Benchmarks;
import org.benchgen.codegen.ComputeMode;
import org.benchgen.codegen.GenerateOptions;
import org.benchgen.codegen.GeneratedFile;
import org.benchgen.codegen.SimulatedCluster;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The benchmarks under SimGrid's simulator (Debian's libsimgrid-dev, which .ci/run installs; the
 * test fails without it, as without MPI): make sim builds them with smpicc, make simrun runs them
 * on the generated platform. The simulated run takes about the traced run's time (compute is
 * simulated at its traced length, the network is a fast cluster's), ends with no deadlock (smpirun
 * exits 0 even then, so its output is read), and --compute-scale still applies.
 */
class SimGridTest {
  private static final Path SAMPLES = Path.of("..", "samples", "traces");
  private static final Pattern WALL = Pattern.compile("wall time ([0-9.]+) s");

  @TempDir
  Path tmp;

  /** The benchmark of a bundled sample, on the default cluster, written in {@code dir}, built. */
  private Path simulated(String sample, String dir) throws Exception {
    CompressedTrace t = CMpiTargetTest.compress(SAMPLES.resolve(sample));
    Benchmarks.Generated g = assertInstanceOf(Benchmarks.Generated.class, Benchmarks.generate(t,
        new CMpiTarget(), new GenerateOptions("bench", ComputeMode.MEAN, 1,
            SimulatedCluster.DEFAULT)));
    Path d = Files.createDirectories(tmp.resolve(dir));
    for (GeneratedFile f : g.files()) {
      Files.writeString(d.resolve(f.name()), f.text());
    }
    CMpiTargetTest.run(d, "make", "-s", "sim");
    return d;
  }

  private static double wall(String out) {
    assertFalse(out.contains("Deadlock"), out);
    Matcher m = WALL.matcher(out);
    assertTrue(m.find(), out);
    return Double.parseDouble(m.group(1));
  }

  @ParameterizedTest
  @ValueSource(strings = {"ring", "stencil2d", "nested-loops", "split-collectives", "wildcard",
      "comm-split"})
  void theBenchmarkRunsInSimulationInAboutTheTracedTime(String sample) throws Exception {
    Path d = simulated(sample, sample);
    double simulated = wall(CMpiTargetTest.run(d, "make", "-s", "simrun"));
    TraceStats stats = TraceStats.of(TraceDirectory.open(SAMPLES.resolve(sample)), n -> { });
    long traced = 0;
    for (int r = 0; r < stats.worldSize(); r++) {
      traced = Math.max(traced, stats.rank(r).runNs());
    }
    double ratio = simulated / (traced / 1e9);
    assertTrue(ratio > 0.75 && ratio < 1.25, sample + ": simulated " + simulated
        + " s, traced " + traced + " ns");
    // Without compute, what is left is the simulated network's: far less.
    double none = wall(CMpiTargetTest.run(d, "make", "-s", "simrun",
        "ARGS=--compute-scale 0"));
    assertTrue(none < 0.3 * simulated, sample + ": " + none + " s without compute");
  }

  /**
   * Per-region scaling changes only its region's time. In nested-loops, everything but the
   * compute before MPI_Finalize is inside loop L1; that interval is 11.4 us (the mean of the
   * sample's two ranks: 1570000 - 1558700 ns and 11.5 us). Simulation is deterministic, so: L1=0
   * leaves exactly that interval over no compute at all, and scaling all but L1 to 0 removes
   * exactly it from the full run.
   */
  @Test
  void aRegionsScaleChangesOnlyItsRegionsTime() throws Exception {
    Path d = simulated("nested-loops", "regions");
    double all = wall(CMpiTargetTest.run(d, "make", "-s", "simrun"));
    double none = wall(CMpiTargetTest.run(d, "make", "-s", "simrun", "ARGS=--compute-scale 0"));
    double outside = wall(CMpiTargetTest.run(d, "make", "-s", "simrun",
        "ARGS=--compute-scale L1=0"));
    double inside = wall(CMpiTargetTest.run(d, "make", "-s", "simrun",
        "ARGS=--compute-scale 0 --compute-scale L1=1"));
    assertEquals(none + 11.4e-6, outside, 2e-6);
    assertEquals(all - 11.4e-6, inside, 2e-6);
  }

  @Test
  void aRegionThatDoesNotExistIsRefused() throws Exception {
    Path d = simulated("nested-loops", "bad-region");
    String out = refused(d, "--compute-scale L4=0.5");
    assertTrue(out.contains("--compute-scale LN=X names a loop region L1 to L3"), out);
    // An infinite factor would busy-wait forever (reviewed case); a sign is not a region number.
    assertTrue(refused(d, "--compute-scale 1e999").contains("needs a finite number >= 0"));
    assertTrue(refused(d, "--compute-scale L+1=2").contains("names a loop region"));
  }

  /** The output of a simulated run with {@code args}, which must fail. */
  private static String refused(Path d, String args) throws Exception {
    Process p = new ProcessBuilder("make", "-s", "simrun", "ARGS=" + args)
        .directory(d.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor() != 0, args + ": " + out);
    return out;
  }
}
