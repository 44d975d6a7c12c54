package org.benchgen.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.resolve.WaitAnalysis;
import org.benchgen.stats.TraceStats;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportTest {
  static final Path SAMPLES = Path.of("..", "samples", "traces");

  @TempDir
  Path tmp;

  /** A trace directory as the report command reads it: compressed, counted, waits exact. */
  static ReportInput input(Path dir) throws IOException {
    TraceDirectory d = TraceDirectory.open(dir);
    CompressedTrace t = new TraceCompressor().compress(d, n -> { }).trace();
    return new ReportInput(dir.toString(), t, TraceStats.of(d, n -> { }),
        WaitAnalysis.fromTraced(t, d));
  }

  /** The calls table of a trace's column: MPI function to {calls, bytes}. */
  private static Map<String, List<String>> callRows(Element column) {
    return column.select("table.calls tr:has(td)").stream().collect(Collectors.toMap(
        tr -> tr.child(0).text(), tr -> List.of(tr.child(1).text(), tr.child(2).text())));
  }

  /** The numbers of samples/traces/stencil2d/README.md, computed by hand there. */
  @Test
  void theStencilSamplesPageHasItsHandCheckedNumbersAndStructure() throws IOException {
    Document page = Jsoup.parse(Report.html(input(SAMPLES.resolve("stencil2d")),
        Optional.empty()));
    assertTrue(page.select("script").isEmpty());
    assertTrue(page.select("meta[http-equiv=Content-Security-Policy]").attr("content")
        .contains("default-src 'none'"));
    assertTrue(page.select(".verdict").isEmpty());
    Element column = page.selectFirst("section.trace");
    // Isend and Irecv: 4 iterations x (2+3+2+2+3+2) neighbours = 56 calls; bytes 4 x 12288 x 4
    // + 16384 x 2 = 81920. Waitall: 4 on each of 6 ranks.
    assertEquals(Map.of("MPI_Init", List.of("6", "0"), "MPI_Finalize", List.of("6", "0"),
        "MPI_Isend", List.of("56", "81,920"), "MPI_Irecv", List.of("56", "81,920"),
        "MPI_Waitall", List.of("24", "0")), callRows(column));
    assertEquals("148", column.select("table.facts tr:contains(MPI calls) td").text());
    // MPI_Init, one loop x4 of 9 RSDs, MPI_Finalize.
    Element tree = column.selectFirst("div.tree");
    assertEquals(3, tree.children().size());
    Element loop = tree.child(1);
    assertEquals("loop x4", loop.selectFirst("summary").text());
    assertEquals(9, loop.select("div.call").size());
    assertTrue(tree.child(0).text().startsWith("MPI_Init"));
    // Time split, timeline, waits, matrix, calls, bytes, and a histogram for each of the 4
    // heaviest call paths (the sample has more than 4 with compute time), ids unique in the page.
    assertEquals(10, page.select("svg").size());
    assertEquals(1, column.select("figure.timeline svg").size());
    Set<String> ids = new HashSet<>();
    page.select("[id]").forEach(e -> assertTrue(ids.add(e.id()), "duplicate id " + e.id()));
  }

  /**
   * The wildcard sample's longest waits, by hand from its files (as in the cli's stats test): rank
   * 0's receives 61400 ns, then ranks 3, 1 and 2 at MPI_Finalize: 9000, 6000 and 3000 ns.
   */
  @Test
  void theLongestWaitsAreListedInOrder() throws IOException {
    Document page = Jsoup.parse(Report.html(input(SAMPLES.resolve("wildcard")),
        Optional.empty()));
    List<String> rows = page.select("table.waits tr:has(td)").stream().map(Element::text)
        .toList();
    assertEquals(List.of("0 MPI_Recv 0.061 0.000", "3 MPI_Finalize 0.000 0.009",
        "1 MPI_Finalize 0.000 0.006", "2 MPI_Finalize 0.000 0.003"), rows);
    // The facts leave MPI_Init and MPI_Finalize out of the waits, as out of the MPI time.
    assertEquals("61.40 us", page.select("table.facts tr:contains(of which late sender) td")
        .text());
    assertEquals("0 ns", page.select("table.facts tr:contains(of which collective wait) td")
        .text());
  }

  @Test
  void aHostileSiteNameStaysText() throws IOException {
    String site = "<script>alert(1)</script>\"'&amp;";
    Path dir = Files.createDirectories(tmp.resolve("hostile"));
    Files.writeString(dir.resolve("rank-0.trace"), String.join("\n",
        "# benchgen-trace 1 rank=0 size=1",
        "MPI_Init site=main enter=0 exit=10",
        "MPI_Barrier site=" + site + " enter=20 exit=30 comm=0",
        "MPI_Finalize site=end enter=40 exit=50", ""));
    String html = Report.html(input(dir), Optional.empty());
    Document page = Jsoup.parse(html);
    assertTrue(page.select("script").isEmpty());
    assertFalse(html.toLowerCase(java.util.Locale.ROOT).contains("<script"));
    assertTrue(page.selectFirst("div.tree").text().contains("@" + site), page.text());
  }

  @Test
  void twoTracesSideBySideUnderTheVerdict() throws IOException {
    ReportInput stencil = input(SAMPLES.resolve("stencil2d"));
    Document same = Jsoup.parse(Report.html(stencil, Optional.of(stencil)));
    assertEquals(1, same.select(".verdict.green").size());
    assertEquals(2, same.select("section.trace").size());
    assertTrue(same.select("tr.differs").isEmpty());

    Document diff = Jsoup.parse(Report.html(stencil,
        Optional.of(input(SAMPLES.resolve("ring")))));
    Element verdict = diff.selectFirst(".verdict.red");
    assertTrue(verdict.text().contains("The world sizes differ."), verdict.text());
    // The ring's ranks make 5 Isends each, the stencil's 8 or 12: every function differs on
    // some rank (ranks 4 and 5 of the stencil make no call in the ring's world of 4).
    Set<String> highlighted = diff.select("section.trace").get(0).select("tr.differs").stream()
        .map(tr -> tr.child(0).text()).collect(Collectors.toSet());
    assertEquals(Set.of("MPI_Init", "MPI_Finalize", "MPI_Isend", "MPI_Irecv", "MPI_Waitall"),
        highlighted);
  }

  /** One rank whose run (MPI_Init's exit to MPI_Finalize's entry) takes {@code runNs}. */
  private ReportInput oneRank(String name, long runNs) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve(name));
    Files.writeString(dir.resolve("rank-0.trace"), String.join("\n",
        "# benchgen-trace 1 rank=0 size=1",
        "MPI_Init site=main enter=0 exit=10",
        "MPI_Barrier site=b enter=20 exit=30 comm=0",
        "MPI_Finalize site=end enter=" + (10 + runNs) + " exit=" + (20 + runNs), ""));
    return input(dir);
  }

  /**
   * Same calls and bytes, run times 1,000 ns against 1,040 (+4 %), 1,100 (+10 %), 1,150 (+15 %)
   * and 5,660 ns (+466 %): green, amber, amber (3 x 5 % is still amber) and red at 5 %; +4 % is
   * amber at 2 %. The headline names the worst rank's error.
   */
  @Test
  void theVerdictIsTheWorstOfCallsAndRunTime() throws IOException {
    ReportInput a = oneRank("a", 1000);
    Map<Long, String> expected = Map.of(1040L, "green", 1100L, "amber", 1150L, "amber",
        5660L, "red");
    for (Map.Entry<Long, String> e : expected.entrySet()) {
      Document page = Jsoup.parse(Report.html(a, Optional.of(oneRank("b" + e.getKey(),
          e.getKey())), 5));
      Element verdict = page.selectFirst(".verdict");
      assertEquals(Set.of("verdict", e.getValue()), verdict.classNames(), verdict.text());
      assertTrue(verdict.selectFirst("p").text().startsWith("Same calls and bytes"),
          verdict.text());
    }
    Element plus466 = Jsoup.parse(Report.html(a, Optional.of(oneRank("c", 5660)), 5))
        .selectFirst(".verdict p");
    assertTrue(plus466.text().endsWith("Run time: rank 0 +466.0 %, OUTSIDE 5 %."),
        plus466.text());
    assertEquals(Set.of("verdict", "amber"), Jsoup.parse(Report.html(a,
        Optional.of(oneRank("d", 1040)), 2)).selectFirst(".verdict").classNames());
  }

  /**
   * The stencil's timeline: a run bar for each of its 6 ranks and a bar for each MPI call but
   * MPI_Init and MPI_Finalize (56 Isend + 56 Irecv + 24 Waitall = 136, its README's counts), each
   * on its rank's row and starting within that rank's run.
   */
  @Test
  void theTimelineHasARowPerRankAndABarPerCall() throws IOException {
    Timeline.View v = Timeline.of(input(SAMPLES.resolve("stencil2d")).trace());
    org.jfree.data.xy.XYIntervalSeriesCollection d =
        (org.jfree.data.xy.XYIntervalSeriesCollection) v.chart().orElseThrow().getXYPlot()
            .getDataset();
    assertEquals(6, d.getItemCount(0));
    assertEquals(136, d.getItemCount(1));
    for (int i = 0; i < d.getItemCount(1); i++) {
      int rank = (int) d.getXValue(1, i);
      // A call starts within its rank's run; it is drawn at least 1/600 of the run wide.
      assertTrue(d.getStartYValue(1, i) >= d.getStartYValue(0, rank) - 1e-9
          && d.getStartYValue(1, i) <= d.getEndYValue(0, rank) + 1e-9, "call " + i);
      assertTrue(d.getEndYValue(1, i) - d.getStartYValue(1, i) >= 0.655 / 600, "call " + i);
    }
  }

  /** 65 ranks are more rows than a timeline shows: the page says so instead of drawing it. */
  @Test
  void aTimelineOfTooManyRanksIsLeftOutSayingWhy() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("wide65"));
    for (int r = 0; r < 65; r++) {
      Files.writeString(dir.resolve("rank-" + r + ".trace"), String.join("\n",
          "# benchgen-trace 1 rank=" + r + " size=65",
          "MPI_Init site=main enter=0 exit=10",
          "MPI_Barrier site=b enter=20 exit=30 comm=0",
          "MPI_Finalize site=end enter=40 exit=50", ""));
    }
    Document page = Jsoup.parse(Report.html(input(dir), Optional.empty()));
    assertTrue(page.select("figure.timeline").isEmpty());
    assertTrue(page.text().contains("No timeline: 65 ranks and 195 calls"), page.text());
  }

  /** One rank, 600 barriers at 600 sites: 602 RSDs, of which the first 500 are shown. */
  @Test
  void aHugeTreeIsCutAndSaysHowMuch() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("wide"));
    StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=0 size=1\n");
    b.append("MPI_Init site=main enter=0 exit=1\n");
    for (int i = 0; i < 600; i++) {
      b.append("MPI_Barrier site=s").append(i).append(" enter=").append(10 + 10 * i)
          .append(" exit=").append(15 + 10 * i).append(" comm=0\n");
    }
    b.append("MPI_Finalize site=end enter=7000 exit=7001\n");
    Files.writeString(dir.resolve("rank-0.trace"), b);
    Document page = Jsoup.parse(Report.html(input(dir), Optional.empty()));
    assertEquals(LoopTree.MAX_NODES, page.select("div.tree div.call").size());
    assertTrue(page.text().contains("102 more nodes are left out"), page.text());
  }

  /**
   * One rank, 2,000 Bcasts whose counts never repeat: one RSD whose label lists every count. The
   * page shows 300 characters of it and counts the rest (reviewed case: pages grew with traces).
   */
  @Test
  void aLabelListingEveryValueIsCut() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("long"));
    StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=0 size=1\n");
    for (int i = 0; i < 2000; i++) {
      b.append("MPI_Bcast site=b.c:1 enter=").append(10 * i).append(" exit=").append(10 * i + 5)
          .append(" comm=0 root=0 count=").append((i * 7919L) % 100_003).append(" type=MPI_INT")
          .append(" tsize=4\n");
    }
    b.append("MPI_Finalize site=end enter=20000 exit=20001\n");
    Files.writeString(dir.resolve("rank-0.trace"), b);
    Document page = Jsoup.parse(Report.html(input(dir), Optional.empty()));
    for (Element call : page.select("div.tree div.call")) {
      assertTrue(call.text().length() < TraceViews.LABEL + 80, call.text());
    }
    assertTrue(page.select("div.tree").text().contains("more characters; benchgen show prints"
        + " them"), page.select("div.tree").text());
  }

  @Test
  void ranksAreGroupedEvenly() {
    // 1000 ranks in at most 64 bars: 16 a bar (15 would need 67), so 63 bars, the last 992-999.
    RankGroups g = RankGroups.of(1000, 64);
    assertEquals(16, g.size());
    assertEquals(63, g.count());
    assertEquals("992-999", g.label(62));
    assertEquals(8, g.members(62));
    assertEquals("5", RankGroups.of(6, 64).label(5));
  }
}
