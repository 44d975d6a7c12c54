package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.benchgen.codegen.Benchmarks;
import org.benchgen.codegen.ComputeMode;
import org.benchgen.codegen.GenerateOptions;
import org.benchgen.codegen.Target;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.samples.Synth;
import org.benchgen.testing.IrregularTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The C+MPI benchmark and the coNCePTuaL program of one trace name the same regions with the same
 * numbers (issue 19: {@code --compute-scale L3=0.2} in one is {@code --scale-L3 20} in the
 * other): read from the programs' own comments, both have the same regions, and each region's
 * first traced call is the same call at the same site in both.
 */
class RegionNumberingTest {
  @TempDir
  Path tmp;

  private static final Pattern C_REGION = Pattern.compile("/\\* loop region L([0-9]+) \\*/");
  private static final Pattern C_CALL = Pattern.compile("/\\* (MPI_\\w+ at [^*]*) \\*/");
  private static final Pattern N_REGION = Pattern.compile("# (?:loop )?region L([0-9]+)\\b");
  private static final Pattern N_CALL = Pattern.compile("# (MPI_\\w+ at .*)");

  @ParameterizedTest
  @ValueSource(strings = {"ring", "stencil2d", "nested-loops", "split-collectives", "wildcard",
      "comm-split"})
  void everySampleNamesTheSameRegions(String sample) throws IOException {
    assertFalse(sameRegions(compress(Path.of("..", "samples", "traces", sample))).isEmpty());
  }

  @ParameterizedTest
  @EnumSource(Synth.Pattern.class)
  void everySyntheticPatternNamesTheSameRegions(Synth.Pattern pattern) throws IOException {
    Path d = tmp.resolve(pattern.name());
    new Synth(pattern, 16, 12, 1).write(d, false, n -> { });
    sameRegions(compress(d));
  }

  @Test
  void anIrregularSectionIsTheSameRegionInBoth() throws IOException {
    // The C+MPI benchmark holds the section as data tables, the coNCePTuaL program as a data
    // file of steps.
    Path d = Files.createDirectories(tmp.resolve("irregular"));
    IrregularTrace.write(d, 3, 700, false, 18);
    assertEquals(Map.of(1, "MPI_Send at s0"), sameRegions(compress(d)));
  }

  /**
   * Checks that both programs name the same regions, each starting with the same call; returns
   * them, with their first calls.
   */
  private static Map<Integer, String> sameRegions(CompressedTrace t) {
    Map<Integer, String> c = regions(program(t, "c-mpi"), C_REGION, C_CALL);
    Map<Integer, String> n = regions(program(t, "conceptual"), N_REGION, N_CALL);
    assertEquals(c, n);
    return n;
  }

  /** Each region the program names, and the first call site after its name. */
  private static Map<Integer, String> regions(String program, Pattern region, Pattern call) {
    Map<Integer, String> out = new LinkedHashMap<>();
    Matcher r = region.matcher(program);
    while (r.find()) {
      Matcher m = call.matcher(program);
      assertEquals(true, m.find(r.end()), "a call after region L" + r.group(1));
      out.put(Integer.parseInt(r.group(1)), m.group(1).strip());
    }
    return out;
  }

  private static String program(CompressedTrace t, String target) {
    Target tg = Target.available().stream().filter(x -> x.name().equals(target)).findFirst()
        .orElseThrow();
    Benchmarks.Generated g = assertInstanceOf(Benchmarks.Generated.class,
        Benchmarks.generate(t, tg, new GenerateOptions("b", ComputeMode.MEAN, 1)));
    return g.files().stream().filter(f -> f.name().startsWith("b.")).findFirst().orElseThrow()
        .text();
  }

  private static CompressedTrace compress(Path dir) throws IOException {
    return new TraceCompressor().compress(TraceDirectory.open(dir), x -> { }).trace();
  }
}
