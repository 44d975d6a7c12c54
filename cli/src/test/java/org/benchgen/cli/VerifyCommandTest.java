package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** verify's times, loops and distributions, and its exit codes, on traces worked by hand. */
class VerifyCommandTest {
  @TempDir
  Path tmp;

  /**
   * 2 ranks: MPI_Init (1 us), then 30 times {@code gap} ns of compute and an MPI_Barrier of 100
   * ns, then {@code gap} more before MPI_Finalize (500 ns). Per rank, the run is 31 gaps and 30
   * barriers, the compute 31 gaps, loop L1 (the 30 iterations) 30 x (gap + 100), summed over
   * the 2 ranks.
   */
  private Path trace(String name, long gap) throws IOException {
    Path dir = tmp.resolve(name);
    Files.createDirectories(dir);
    for (int r = 0; r < 2; r++) {
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + r + " size=2\n"
          + "MPI_Init site=main enter=0 exit=1000\n");
      long t = 1000;
      for (int i = 0; i < 30; i++) {
        t += gap;
        b.append("MPI_Barrier site=loop enter=").append(t).append(" exit=").append(t + 100)
            .append(" comm=0\n");
        t += 100;
      }
      t += gap;
      b.append("MPI_Finalize site=end enter=").append(t).append(" exit=").append(t + 500)
          .append('\n');
      Files.writeString(dir.resolve("rank-" + r + ".trace"), b);
    }
    return dir;
  }

  private static List<String> verdict(Cli.Result r) {
    List<String> lines = r.out().lines().toList();
    return lines.subList(lines.indexOf("verdict: same calls and bytes"), lines.size());
  }

  @Test
  void timesOutsideTheToleranceAreReportedAndFailOnlyWhenStrict() throws IOException {
    // Gaps of 10 us against 11 us: run 31 x 10,000 + 3,000 = 313,000 ns against 344,000
    // (+9.9 %), compute 310,000 against 341,000 (+10.0 %), L1 2 x 303,000 against 2 x 333,000
    // (+9.9 %).
    String a = trace("a", 10_000).toString();
    String b = trace("b", 11_000).toString();
    Cli.Result r = Cli.run("verify", a, b);
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("     1         32         32              0              0"
        + "     0.0003     0.0003     9.9     0.0003     0.0003    10.0"), r.out());
    assertTrue(r.out().contains("     L1  loop x30: MPI_Barrier" + " ".repeat(39) + "    0.000606"
        + "    0.000666     9.9"), r.out());
    List<String> v = verdict(r);
    assertEquals(List.of("verdict: same calls and bytes",
        "  calls, bytes and message matrix: identical",
        "  time per rank: OUTSIDE 5 % (2 of 2 ranks outside; worst run time: rank 0 +9.9 %;"
            + " worst compute: rank 0 +10.0 %)",
        "  loops: 1 region matched; OUTSIDE 5 %: L1 +9.9 %",
        // 31 intervals of 10 us against 31 of 11 us: D = 1; neither is spread.
        "  compute distributions: differ on 2 of 2 ranks tested (KS, p < 0.01; largest gap"
            + " D = 1.000, rank 0)",
        "    B's intervals are narrower (interquartile range) on 0 of them; B's medians differ"
            + " from A's by +10.0 % to +10.0 %"), v.subList(0, 6));
    Cli.Result strict = Cli.run("verify", "--strict-time", a, b);
    assertEquals(1, strict.code());
    assertTrue(strict.out().contains("  exit 1: time outside 5 % (--strict-time)"),
        strict.out());
    Cli.Result loose = Cli.run("verify", "--strict-time", "--time-tolerance", "10.5", a, b);
    assertEquals(0, loose.code(), loose.out());
    assertTrue(loose.out().contains("  time per rank: within 10.5 % (worst run time: rank 0"
        + " +9.9 %; worst compute: rank 0 +10.0 %)"), loose.out());
    assertTrue(loose.out().contains("  loops: 1 region matched; within 10.5 % (worst L1"
        + " +9.9 %)"), loose.out());
  }

  @Test
  void aRunAgainstItselfIsWithinAndAlike() throws IOException {
    String a = trace("a", 10_000).toString();
    Cli.Result r = Cli.run("verify", "--strict-time", "--time-tolerance", "0", a, a);
    assertEquals(0, r.code(), r.out());
    assertTrue(verdict(r).containsAll(List.of(
        "  time per rank: within 0 % (worst run time: rank 0 +0.0 %; worst compute: rank 0"
            + " +0.0 %)",
        "  loops: 1 region matched; within 0 % (worst L1 +0.0 %)",
        "  compute distributions: alike on all 2 ranks tested (KS, p >= 0.01)")), r.out());
  }

  @Test
  void loopsZeroComparesNoLoopsAndACompressedTraceNoDistributions() throws IOException {
    String a = trace("a", 10_000).toString();
    Path bgc = tmp.resolve("a.bgc");
    assertEquals(0, Cli.run("compress", a, "-o", bgc.toString()).code());
    Cli.Result r = Cli.run("verify", "--loops", "0", a, bgc.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(!r.out().contains("loops:") && !r.out().contains("time per loop region"),
        r.out());
    assertTrue(r.out().contains("  compute distributions: not compared (B is a compressed"
        + " trace, whose intervals are histograms merged over ranks in power-of-two bins); only"
        + " the compute time per rank is"), r.out());
    assertTrue(r.out().contains("; estimates from a compressed trace"), r.out());
  }

  @Test
  void differentLoopsAreSaidPlainlyAndAreNoError() throws IOException {
    // The same calls, but B's barriers come from two alternating sites: a loop of 15 x 2.
    Path b = trace("b", 10_000);
    for (int r = 0; r < 2; r++) {
      Path f = b.resolve("rank-" + r + ".trace");
      StringBuilder out = new StringBuilder();
      int k = 0;
      for (String line : Files.readAllLines(f)) {
        out.append(line.startsWith("MPI_Barrier") ? line.replace("site=loop", "site=l" + k++ % 2)
            : line).append('\n');
      }
      Files.writeString(f, out);
    }
    Cli.Result r = Cli.run("verify", trace("a", 10_000).toString(), b.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("  loops: not compared (the loop structures differ from region"
        + " L1 on: A loop x30: MPI_Barrier, B loop x15: MPI_Barrier)"), r.out());
  }

  @Test
  void badValuesAreUsageErrorsAndHelpExplainsTheOptions() {
    assertEquals(2, Cli.run("verify", "--time-tolerance", "-1", "a", "b").code());
    assertEquals(2, Cli.run("verify", "--time-tolerance", "NaN", "a", "b").code());
    assertEquals(2, Cli.run("verify", "--loops", "-1", "a", "b").code());
    Cli.Result help = Cli.run("verify", "--help");
    for (String s : List.of("--time-tolerance", "--strict-time", "--loops", "Kolmogorov-Smirnov",
        "--compute sample", "loop region")) {
      assertTrue(help.out().contains(s), s + ":\n" + help.out());
    }
  }
}
