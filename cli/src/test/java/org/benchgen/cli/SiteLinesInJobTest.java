package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.format.SiteLines;
import org.benchgen.testing.Sanitized;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The site lines rank 0 writes into trace.bgc (issue 50, tracer/src/site_lines.c and
 * site_kept.c), run by the test driver under the sanitizers ({@code fold-driver -s}) on a
 * trace.sites written here: a binary built with -g in a directory whose name needs escaping, its
 * function's address taken from {@code nm}, so that the expected line is known from the source
 * written here, not from the tracer. Also what the tracer does where it cannot locate: a module
 * that is gone, no addr2line on PATH, and the --keep-sites mapping, with a good and a bad
 * benchgen.sites. The lines read back and written by the Java's SiteLines are the same bytes,
 * and {@code benchgen trace} given such a trace.bgc as its run leaves it as it is.
 */
class SiteLinesInJobTest {
  /** Line 1 holds the function whose address the site has, and a generated call's comment. */
  private static final String SOURCE =
      "int helper(void) { return 1; } /* MPI_Send at 0123456789ab */\n"
      + "int main(void) { return helper() - 1; }\n";

  private static Path dir;
  private static Path binary;
  private static String offset;

  @BeforeAll
  static void build(@TempDir Path tmp) throws Exception {
    dir = Files.createDirectories(tmp.resolve("src dir|x"));
    Files.writeString(dir.resolve("t.c"), SOURCE);
    binary = dir.resolve("t");
    run(List.of("cc", "-g", "-O0", "-o", binary.toString(), dir.resolve("t.c").toString()),
        Map.of());
    String nm = run(List.of("nm", binary.toString()), Map.of());
    String address = nm.lines().filter(l -> l.endsWith(" T helper")).findFirst().orElseThrow()
        .split(" ")[0];
    offset = "0x" + Long.toHexString(Long.parseLong(address, 16));
  }

  @Test
  void aFrameInABinaryBuiltWithDebugInformationNamesItsFileLineAndFunction(@TempDir Path tmp)
      throws Exception {
    String lines = siteLines(tmp, Map.of());
    assertEquals("site aaaaaaaaaaaa t+" + offset + "|" + encoded(dir) + "/t.c:1|helper\n"
        + "site bbbbbbbbbbbb gone+0x10|-|-\n", lines);
  }

  @Test
  void withoutAddr2lineEveryFrameStaysModuleAndOffset(@TempDir Path tmp) throws Exception {
    String lines = siteLines(tmp, Map.of("PATH", "/nonexistent"));
    assertEquals("site aaaaaaaaaaaa t+" + offset + "|-|-\n"
        + "site bbbbbbbbbbbb gone+0x10|-|-\n", lines);
  }

  @Test
  void aBenchmarksCallLineTakesTheTracedProgramsFramesFromItsKeptSites(@TempDir Path tmp)
      throws Exception {
    Path kept = dir.resolve(SourceLocations.KEPT_FILE);
    try {
      Files.writeString(kept, KeptSites.HEADER + "\n"
          + "site 0123456789ab ring+0x13a8|/home/me/ring.c:38|main lib%7Cx.so+0x5|-|-\n"
          + "start 0123456789ab\n");
      assertEquals("site aaaaaaaaaaaa ring+0x13a8|/home/me/ring.c:38|main lib%7Cx.so+0x5|-|-\n"
          + "site bbbbbbbbbbbb gone+0x10|-|-\n", siteLines(tmp.resolve("a"), Map.of()));
      // A table that does not read is ignored: the benchmark's own line is named.
      Files.writeString(kept, KeptSites.HEADER + "\nsite 0123456789ab ring+0x13a8|x.c:0|main\n");
      assertEquals("site aaaaaaaaaaaa t+" + offset + "|" + encoded(dir) + "/t.c:1|helper\n"
          + "site bbbbbbbbbbbb gone+0x10|-|-\n", siteLines(tmp.resolve("b"), Map.of()));
    } finally {
      Files.deleteIfExists(kept);
    }
  }

  @Test
  void benchgenTraceLeavesTheFileTheLibraryWroteAsItIs(@TempDir Path tmp) throws Exception {
    siteLines(tmp.resolve("job"), Map.of());
    // The driver's trace.bgc (with its site lines) and trace.sites, as the ranks leave them.
    Path job = tmp.resolve("job/ring");
    Files.move(job.resolve("driver.bgc"), job.resolve("trace.bgc"));
    byte[] written = Files.readAllBytes(job.resolve("trace.bgc"));
    Path out = tmp.resolve("out");
    Cli.Result r = Cli.run("trace", "--mpi", "openmpi", "-o", out.toString(), "--", "sh", "-c",
        "cp '" + job + "'/trace.bgc '" + job + "'/trace.sites \"$BENCHGEN_TRACE_DIR\"/");
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.err().contains("1 of 2 call sites located in the source (the others: built"
        + " without -g, or addr2line missing)"), r.err());
    assertEquals(-1, java.util.Arrays.mismatch(written,
        Files.readAllBytes(out.resolve("trace.bgc"))), "benchgen trace rewrote trace.bgc");
  }

  /** The path as a site line writes it: its space and '|' escaped. */
  private static String encoded(Path p) {
    return p.toString().replace(" ", "%20").replace("|", "%7C");
  }

  /**
   * The site lines the driver writes into the ring sample's trace for a trace.sites of two
   * sites: one in the binary, one in a module that is not there.
   */
  private static String siteLines(Path work, Map<String, String> env) throws Exception {
    Path traces = work.resolve("ring");
    HexSites.copy(MpiSamples.HOME.resolve("samples/traces/ring"), traces);
    Files.writeString(traces.resolve(SourceLocations.TRACER_FILE),
        "bbbbbbbbbbbb gone+0x10 /nonexistent/gone 0x10\n"
        + "aaaaaaaaaaaa t+" + offset + " " + binary.toString().replace(" ", "%20") + " "
        + offset + "\n");
    Path tracer = MpiSamples.HOME.resolve("tracer");
    run(List.of("make", "-s", "-C", tracer.toString(), "fold-driver"), Map.of());
    String err = run(List.of(tracer.resolve("target/fold/fold-driver").toString(), "-s",
        traces.toString()), env);
    assertTrue(err.contains("call sites located"), err);
    Path bgc = traces.resolve("driver.bgc");
    StringBuilder lines = new StringBuilder();
    for (String l : Files.readAllLines(bgc, StandardCharsets.UTF_8)) {
      if (l.startsWith("site ")) {
        lines.append(l).append('\n');
      }
    }
    // The Java reads them and writes them back, byte for byte.
    assertEquals(lines.toString(), SiteLines.lines(SiteLines.readHeader(bgc)));
    return lines.toString();
  }

  /** Runs cmd to its end, which must exit 0; its output and error. */
  private static String run(List<String> cmd, Map<String, String> env) throws Exception {
    // The fold driver is built with the sanitizers; the other commands do not mind.
    ProcessBuilder pb = Sanitized.environment(new ProcessBuilder(new ArrayList<>(cmd)))
        .redirectErrorStream(true);
    pb.environment().putAll(env);
    Path out = Files.createTempFile("site-lines", ".out");
    try {
      Process p = pb.redirectOutput(out.toFile()).start();
      p.waitFor();
      String text = Files.readString(out);
      assertEquals(0, p.exitValue(), cmd + ": " + text);
      return text;
    } catch (IOException e) {
      throw new AssertionError(cmd + ": " + e.getMessage(), e);
    } finally {
      Files.deleteIfExists(out);
    }
  }
}
