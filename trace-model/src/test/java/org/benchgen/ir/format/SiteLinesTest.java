package org.benchgen.ir.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.SiteFrame;
import org.benchgen.trace.TraceFormatException;
import org.junit.jupiter.api.Test;

/** The site lines of a compressed trace (issue 48): read, written canonically, shown. */
class SiteLinesTest {
  private static final String TRACE = String.join("\n",
      "benchgen-compressed 1",
      "world 2",
      "site a1 ring+0x13a8|/src/ring.c:38|main",
      // A deeper site: a helper inlined nowhere, called from main; the second frame has no line.
      "site b2 ring+0x2000|/src/x%20y.c:7|exchange%7Cv2 libc.so.6+0x27249|-|__libc_start_main",
      "site c3 lib%20z.so+0x10|-|-",
      "MPI_Init site=a1",
      "    duration 10*2",
      "MPI_Barrier site=b2 comm=0",
      "    compute ^ 5*2",
      "    duration 10",
      "MPI_Finalize site=d4",
      "    compute ^ 5*2",
      "    duration 10",
      "");

  private static CompressedTrace read(String text) throws Exception {
    return CompressedTraceReader.read(Path.of("t.bgc"), new StringReader(text));
  }

  @Test
  void siteLinesReadIntoTheTableAndWriteBackTheSameBytes() throws Exception {
    CompressedTrace t = read(TRACE);
    assertEquals(List.of(new SiteFrame("ring+0x13a8", "/src/ring.c", 38, "main")),
        t.sites().frames().get("a1"));
    assertEquals(List.of(new SiteFrame("ring+0x2000", "/src/x y.c", 7, "exchange|v2"),
        new SiteFrame("libc.so.6+0x27249", "", 0, "__libc_start_main")),
        t.sites().frames().get("b2"));
    assertEquals(TRACE, CompressedTraceWriter.toString(t));
  }

  @Test
  void labelsNameFileLineAndFunctionElseFunctionAndOffsetElseTheOffset() throws Exception {
    CompressedTrace t = read(TRACE);
    assertEquals(Optional.of("ring.c:38 main"), t.sites().label("a1"));
    assertEquals(Optional.of("x y.c:7 exchange|v2 < __libc_start_main (libc.so.6+0x27249)"),
        t.sites().label("b2"));
    assertEquals(Optional.of("lib z.so+0x10"), t.sites().label("c3"));
    assertEquals(Optional.empty(), t.sites().label("d4"));
    // A collective joined by align from two sites names the places it knows.
    assertEquals(Optional.of("ring.c:38 main | d4"), t.sites().label("a1|d4"));
  }

  @Test
  void showNamesThePlaceBesideTheSiteAndNothingWhereItIsUnknown() throws Exception {
    StringWriter out = new StringWriter();
    try (PrintWriter w = new PrintWriter(out)) {
      TreeView.print(read(TRACE), w);
    }
    List<String> lines = out.toString().lines().toList();
    assertEquals("MPI_Init  @a1 (ring.c:38 main)", lines.get(2));
    assertEquals("MPI_Barrier comm=0  @b2 (x y.c:7 exchange|v2 < __libc_start_main"
        + " (libc.so.6+0x27249))", lines.get(3));
    assertTrue(lines.get(4).endsWith(" after @a1 (ring.c:38 main)"), lines.get(4));
    assertEquals("MPI_Finalize  @d4", lines.get(5));
  }

  @Test
  void badSiteLinesAreRefusedByLine() {
    for (String[] bad : new String[][] {
        {"site a1", "4"},
        {"site a1 ring+0x1|ring.c|main", "4"},
        {"site a1 ring+0x1|ring.c:0|main", "4"},
        {"site a1 -|ring.c:3|main", "4"},
        {"site a1 ring+0x1|ring.c:3", "4"},
        {"site a1 ring+0x1|-|-\nsite a1 ring+0x1|-|-", "5"}}) {
      String text = "benchgen-compressed 1\nworld 2\n\n" + bad[0] + "\nMPI_Init site=a1\n"
          + "    duration 10*2\n";
      TraceFormatException e = assertThrows(TraceFormatException.class, () -> read(text),
          bad[0]);
      assertTrue(e.getMessage().contains(":" + bad[1] + ":") || e.getMessage().contains("line "
          + bad[1]), e.getMessage());
    }
    TraceFormatException late = assertThrows(TraceFormatException.class, () -> read(
        "benchgen-compressed 1\nworld 2\nMPI_Init site=a1\n    duration 10*2\n"
        + "site a1 ring+0x1|-|-\n"));
    assertTrue(late.getMessage().contains("before the first call"), late.getMessage());
  }
}
