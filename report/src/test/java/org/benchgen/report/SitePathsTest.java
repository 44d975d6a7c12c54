package org.benchgen.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.report.ReportModel.PathRow;
import org.benchgen.report.ReportModel.PathTable;
import org.junit.jupiter.api.Test;

/**
 * Two traces' call paths side by side (issue 48): matched by place where both know it, whatever
 * their hashes; by hash otherwise. Figures worked out from the lines: 2 ranks, a send of 10 calls
 * of 100 ns each after 1,000 ns of compute.
 */
class SitePathsTest {
  private static CompressedTrace trace(String sendSite, String siteLines) throws Exception {
    String text = "benchgen-compressed 1\nworld 2\n" + siteLines
        + "MPI_Init site=i1\n    duration 10*2\n"
        + "loop trips=5 {\n"
        + "  MPI_Send site=" + sendSite + " comm=0 dest=+1 tag=0 count=4 type=MPI_INT tsize=4\n"
        + "      compute ^ 1000*10\n      duration 100\n}\n";
    return CompressedTraceReader.read(Path.of("t.bgc"), new StringReader(text));
  }

  @Test
  void pathsAtTheSamePlaceAreOneRowWhateverTheirHashes() throws Exception {
    CompressedTrace a = trace("aa", "site aa p+0x10|/x/ring.c:38|main\n");
    CompressedTrace b = trace("bb", "site bb q+0x99|/elsewhere/ring.c:38|main\n");
    PathTable t = SitePaths.of(a, b);
    assertEquals(List.of(
        new PathRow("MPI_Send at ring.c:38 main", "10", "10", "1.00 us", "1.00 us",
            "10.00 us", "10.00 us", false),
        // MPI_Init's site is a hash in both: the same hash, so the same path.
        new PathRow("MPI_Init at @i1", "2", "2", "20 ns", "20 ns", "0 ns", "0 ns", false)),
        t.rows());
    assertEquals("2 of 2 paths found in both traces.", t.notes().get(0));
  }

  @Test
  void pathsWithoutPlacesAreMatchedByHashAndTheNoteSaysWhichTraceLacksThem() throws Exception {
    PathTable t = SitePaths.of(trace("aa", "site aa p+0x10|/x/ring.c:38|main\n"),
        trace("bb", ""));
    assertEquals(3, t.rows().size());
    // As heavy as each other: in the order of their names.
    assertEquals(new PathRow("MPI_Send at @bb", "—", "10", "—", "1.00 us", "—", "10.00 us",
        true), t.rows().get(0));
    assertEquals(new PathRow("MPI_Send at ring.c:38 main", "10", "—", "1.00 us", "—",
        "10.00 us", "—", true), t.rows().get(1));
    assertEquals(true, t.notes().get(0).startsWith("1 of 3 paths found in both traces; the"
        + " second trace does not say where its call sites lie"), t.notes().get(0));
  }
}
