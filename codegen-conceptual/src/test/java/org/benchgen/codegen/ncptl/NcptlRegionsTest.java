package org.benchgen.codegen.ncptl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.testing.IrregularTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loop regions in the coNCePTuaL program (issue 19): named in comments with the numbers the C+MPI
 * benchmark uses ({@code codegen.Regions}), a parameter {@code scale_LN} for each region with
 * compute in it (at most 35, the outermost first), bound as {@code compute_scale} inside its
 * region unless it is -1. Expected text worked out by hand from the traces.
 */
class NcptlRegionsTest {
  @TempDir
  Path tmp;

  private static String declaration(int n, char option) {
    return "scale_L" + n + " is \"Compute time in loop region L" + n + ", in percent of the traced"
        + " time (-1: as the enclosing region)\" and comes from \"--scale-L" + n + "\" or \"-"
        + option + "\" with default -1.\n";
  }

  private static String binding(int n) {
    return "let compute_scale be (scale_L" + n + " if scale_L" + n + " >= 0 otherwise"
        + " compute_scale) while\n";
  }

  @Test
  void nestedLoopsNameTheirRegionsAndBindTheirParameters() throws Exception {
    // nested-loops: L1 is the outer loop of 3; L2 task 0's 6 sends and L3 task 1's 6 receives
    // inside it (alignment keeps them apart: different sites); the Allreduce's compute is L1's
    // own; the 11 us before MPI_Finalize is outside every region.
    CompressedTrace t = NcptlTargetTest.compress(NcptlTargetTest.SAMPLES.resolve("nested-loops"));
    String p = NcptlTargetTest.program(t, "n");
    assertTrue(p.contains(" with default 100.\n" + declaration(1, 'a') + declaration(2, 'b')
        + declaration(3, 'd') + "\n"), p);
    assertTrue(p.contains("# loop region L1\n" + binding(1) + "for 3 repetitions {\n"
        + "  # loop region L2\n  " + binding(2) + "  for each i2 in {0, ..., 5} {\n"
        + "    # MPI_Send at nested.c:21\n"
        + "    task 0 computes for 21*compute_scale/100 microseconds then\n"), p);
    assertTrue(p.contains("  } then\n  # loop region L3\n  " + binding(3)
        + "  for each i2 in {0, ..., 5} {\n    # MPI_Recv at nested.c:23\n"
        + "    task 1 computes for 18*compute_scale/100 microseconds then\n"), p);
    assertTrue(p.contains("  } then\n  # MPI_Allreduce at nested.c:26\n"
        + "  all tasks compute for 31*compute_scale/100 microseconds then\n"
        + "  all tasks reduce 4 doublewords\n}.\n\n# MPI_Finalize at main.c:31\n"
        + "all tasks compute for 11*compute_scale/100 microseconds.\n"), p);
    assertEquals(List.of(), NcptlStructure.problems(p, 2));
  }

  @Test
  void aLoopWithoutComputeIsNamedButHasNoParameter() throws Exception {
    // L1: three barriers back to back (no compute); L2: three barriers 10 us apart.
    Path d = barriers(tmp.resolve("plain"), 1, List.of(0L, 10_000L));
    String p = NcptlTargetTest.program(NcptlTargetTest.compress(d), "b");
    assertTrue(p.contains("# loop region L1\nfor 3 repetitions {\n"), p);
    assertTrue(p.contains("# loop region L2\n" + binding(2) + "for 3 repetitions {\n"
        + "  # MPI_Barrier at b.c:2\n  all tasks compute for 10*compute_scale/100 microseconds"
        + " then\n  all tasks synchronize\n}"), p);
    assertTrue(p.contains(declaration(2, 'a')), p);
    assertFalse(p.contains("scale_L1"), p);
    assertEquals(List.of(), NcptlStructure.problems(p, 2));
  }

  @Test
  void aProgramWithoutLoopsHasNoRegionsAndKeepsItsLayout() throws Exception {
    // Only MPI_Init and MPI_Finalize: no region, no parameter, and the blank line after the
    // --compute-scale parameter stays (an empty list of parameters once took it away).
    String p = NcptlTargetTest.program(NcptlTargetTest.compress(barriers(tmp.resolve("none"), 1,
        List.of())), "b");
    assertTrue(p.contains(" with default 100.\n\nAssert that \"this benchmark"), p);
    assertFalse(p.contains("scale_L"), p);
    assertFalse(p.contains("--scale-LN"), p);
    assertEquals(List.of(), regionNumbers(p));
    assertEquals(List.of(), NcptlStructure.problems(p, 2));
  }

  @Test
  void atMost35RegionsHaveParametersTheOutermostFirst() throws Exception {
    // An outer loop (L1) around 40 loops with compute (L2 to L41): L1 and L2 to L35 get the 35
    // short options a, b, d, ..., z, 0, ..., 9; L36 to L41 take L1's factor.
    String p = NcptlTargetTest.program(NcptlTargetTest.compress(manyRegions(tmp)), "m");
    String options = "abdefghijklmnopqrstuvwxyz0123456789";
    for (int n = 1; n <= 35; n++) {
      assertTrue(p.contains(declaration(n, options.charAt(n - 1))), "L" + n + "\n" + p);
      assertTrue(p.contains("# loop region L" + n + "\n" + (n == 1 ? "" : "  ") + binding(n)),
          "L" + n);
    }
    for (int n = 36; n <= 41; n++) {
      assertTrue(p.contains("  # loop region L" + n + "\n  for 3 repetitions {\n"), "L" + n);
      assertFalse(p.contains("scale_L" + n), "L" + n);
    }
    assertTrue(p.contains("41 loop regions compute but coNCePTuaL has short options for 35: the"
        + " outermost have a --scale-LN parameter; 6 take the factor of the region around them"
        + " (L36, L37, L38, L39, L40, L41)"), p);
    assertEquals(List.of(), NcptlStructure.problems(p, 2));
  }

  @Test
  void anIrregularSectionIsOneRegionAsInTheCBenchmark() throws Exception {
    // Everything between MPI_Init and MPI_Finalize is one irregular section (IrregularSections
    // test): region L1, a loop over the steps of a data file here, over data tables in C; the
    // loops the compressor found inside it are no regions.
    String p = NcptlTargetTest.generate(NcptlTargetTest.compress(irregular(tmp)), "i").files()
        .get(0).text();
    assertTrue(p.contains("# region L1: an irregular section, run step by step from a data file"
        + " (the C+MPI benchmark: from data tables)\n" + binding(1) + "# i-L1.dat holds its "), p);
    assertEquals(List.of("1"), regionNumbers(p));
    assertEquals(List.of(), NcptlStructure.problems(p, 3));
  }

  /** The numbers of the regions that {@code program}'s comments name, in order. */
  static List<String> regionNumbers(String program) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("# (loop )?region L([0-9]+)\\b").matcher(program);
    while (m.find()) {
      out.add(m.group(2));
    }
    return out;
  }

  /**
   * The trace of {@link #anIrregularSectionIsOneRegionAsInTheCBenchmark}: 3 ranks, 700 steps, few
   * more than make a section (400 do not).
   */
  static Path irregular(Path tmp) throws IOException {
    Path d = Files.createDirectories(tmp.resolve("irregular-trace"));
    IrregularTrace.write(d, 3, 700, false, 18);
    return d;
  }

  /** The trace of {@link #atMost35RegionsHaveParametersTheOutermostFirst}. */
  static Path manyRegions(Path tmp) throws IOException {
    List<Long> gaps = new ArrayList<>();
    for (int k = 0; k < 40; k++) {
      gaps.add(10_000L);
    }
    return barriers(tmp.resolve("many"), 2, gaps);
  }

  /**
   * Two ranks that, {@code outer} times, make for each gap three barriers at site b.c:K (K from
   * 1), each {@code gap} ns after the previous call: an outer loop if {@code outer} is more than
   * one, around one loop of three barriers per gap.
   */
  static Path barriers(Path dir, int outer, List<Long> gaps) throws IOException {
    Files.createDirectories(dir);
    for (int r = 0; r < 2; r++) {
      List<String> lines = new ArrayList<>(List.of("# benchgen-trace 1 rank=" + r + " size=2",
          "MPI_Init site=m.c:1 enter=0 exit=1000"));
      long t = 1000;
      for (int o = 0; o < outer; o++) {
        for (int k = 0; k < gaps.size(); k++) {
          for (int i = 0; i < 3; i++) {
            long enter = t + gaps.get(k);
            t = enter + 1000;
            lines.add("MPI_Barrier site=b.c:" + (k + 1) + " enter=" + enter + " exit=" + t
                + " comm=0");
          }
        }
      }
      lines.add("MPI_Finalize site=m.c:9 enter=" + t + " exit=" + (t + 1000));
      Files.writeString(dir.resolve("rank-" + r + ".trace"), String.join("\n", lines) + "\n");
    }
    return dir;
  }
}
