package org.benchgen.ir.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.CpuTime;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Rsd;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.TraceFormatException;
import org.junit.jupiter.api.Test;

/**
 * CPU time on compute lines ({@code cpu=}): read, written back, expanded, shown, replayed as CPU
 * time, refused when it is not a time.
 */
class CpuLinesTest {
  private static final String HEADER = "benchgen-compressed 1";
  /**
   * Two ranks; in the loop, after b.c:1 rank 0 computes 1000 ns of which 250 on a core and rank
   * 1 3000 ns of which 3000; after b.c:2 both 2000 ns, 500 of it on a core.
   */
  private static final String[] CPU = {HEADER, "world 2",
      "MPI_Barrier site=b.c:1 comm=0", "duration 10*2",
      "loop trips=2 {", "MPI_Barrier site=b.c:2 comm=0",
      "compute ^ ranks=0 1000 cpu=250",
      "compute ^ ranks=1 3000 cpu=3000",
      "compute b.c:2 2000*2 cpu=500",
      "duration 10", "}"};

  private static Rsd inner(CompressedTrace t) {
    return (Rsd) ((Loop) t.body().get(1)).body().get(0);
  }

  @Test
  void cpuIsReadPerClassPooledByCountAndWrittenBackAsRead() {
    CompressedTrace t = HandWrittenTrace.read(CPU);
    ComputeStat first = inner(t).compute().get(0);
    assertEquals(250, first.cpuOf(0).getAsDouble(), 1e-9);
    assertEquals(3000, first.cpuOf(1).getAsDouble(), 1e-9);
    // Pooled by hand: (250 + 3000) / 2 intervals.
    assertEquals(1625, first.cpu().getAsDouble(), 1e-9);
    assertEquals(500, inner(t).compute().get(1).cpu().getAsDouble(), 1e-9);
    assertEquals(String.join("\n", CPU), CompressedTraceWriter.toString(t).strip()
        .replaceAll("(?m)^ +", ""));
    assertTrue(CpuTime.recorded(t));
  }

  @Test
  void expansionCarriesCpuTimeIntoStats() {
    TraceStats s = TraceStats.of(HandWrittenTrace.read(CPU), n -> { });
    // Rank 0: the first call has no interval; the loop's first trip comes after b.c:1 (1000,
    // 250 of it CPU), its second after b.c:2 (2000, 500): wall 3000, CPU 750. Rank 1: 3000 and
    // 2000, CPU 3000 and 500.
    assertEquals(3000, s.rank(0).cpuWallNs());
    assertEquals(750, s.rank(0).cpuNs());
    assertEquals(1 - 750.0 / 3000, s.rank(0).descheduled(), 1e-12);
    assertEquals(5000, s.rank(1).cpuWallNs());
    assertEquals(3500, s.rank(1).cpuNs());
  }

  @Test
  void asCpuTimeReplacesEachGroupsTimeByItsCpuMean() {
    CompressedTrace cpu = CpuTime.replayed(HandWrittenTrace.read(CPU));
    Rsd r = inner(cpu);
    assertEquals(250, r.meanComputeAfter("b.c:1", 0), 1e-9);
    assertEquals(3000, r.meanComputeAfter("b.c:1", 1), 1e-9);
    assertEquals(500, r.meanComputeAfter("b.c:2", 1), 1e-9);
    assertEquals(2, r.compute().get(1).time().count());
    // Summed over every interval by hand: 1000 + 3000 + 2 x 2000 = 8000 wall, 250 + 3000 +
    // 2 x 500 = 4250 CPU.
    CpuTime.Share share = CpuTime.share(HandWrittenTrace.read(CPU));
    assertEquals(8000, share.wallNs(), 1e-9);
    assertEquals(4250, share.cpuNs(), 1e-9);
  }

  @Test
  void showSaysWhenTheRanksWereDescheduled() {
    StringWriter out = new StringWriter();
    TreeView.print(HandWrittenTrace.read(CPU), new PrintWriter(out, true));
    assertTrue(out.toString().contains("the ranks were descheduled for 46.9 % of their compute"
        + " time (CPU time 4.25 us of 8.00 us)"), out.toString());
    assertTrue(out.toString().contains("ranks 0: mean 1.00 us sd 0 ns (min 1.00 us, max 1.00 us,"
        + " n=1), CPU 250 ns (descheduled 75.0 %)"), out.toString());
  }

  @Test
  void aTraceWithoutCpuOnSomePathHasNoCpuTime() {
    String[] lines = CPU.clone();
    lines[8] = lines[8].replace(" cpu=500", "");
    CompressedTrace t = HandWrittenTrace.read(lines);
    assertFalse(CpuTime.recorded(t));
    assertFalse(inner(t).compute().get(1).cpu().isPresent());
  }

  @Test
  void aCpuThatIsNotATimeIsRefused() {
    for (String bad : new String[] {"cpu=-1", "cpu=NaN", "cpu=x", "cpu=1e300"}) {
      String[] lines = CPU.clone();
      lines[8] = lines[8].replace("cpu=500", bad);
      String m = assertThrows(TraceFormatException.class, () -> HandWrittenTrace.read(lines))
          .getMessage();
      assertTrue(m.startsWith("hand-written.bgc:9: "), bad + ": " + m);
    }
    String[] extra = CPU.clone();
    extra[8] = extra[8] + " cpu=600";
    assertTrue(assertThrows(TraceFormatException.class, () -> HandWrittenTrace.read(extra))
        .getMessage().contains("expected MIN..MAX mean= sd= bins=, V or V*N, [cpu=]"));
  }
}
