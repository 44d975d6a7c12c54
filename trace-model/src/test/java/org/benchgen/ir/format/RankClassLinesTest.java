package org.benchgen.ir.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.TraceFormatException;
import org.junit.jupiter.api.Test;

/** Compute lines by rank class ({@code ranks=}): read, written back, used per rank, refused. */
class RankClassLinesTest {
  private static final String HEADER = "benchgen-compressed 1";
  private static final String CALL = "MPI_Barrier site=b.c:2 comm=0";
  private static final String DURATION = "    duration 10*4";
  /** Ranks 0 and 2 compute 1000 ns twice each, rank 1 3000 ns twice, rank 3 5000 ns twice. */
  private static final String[] CLASSES = {HEADER, "world 4",
      "MPI_Barrier site=b.c:1 comm=0", "    duration 10*4",
      "loop trips=2 {", CALL,
      "    compute ^ ranks=0,2 1000*2",
      "    compute ^ ranks=1 3000",
      "    compute ^ ranks=3 5000",
      "    compute b.c:2 ranks=0,2 1000*2",
      "    compute b.c:2 ranks=1,3 3000..5000 mean=4000 sd=1410 bins=12:1,1",
      "    duration 10", "}"};

  private static Rsd inner(CompressedTrace t) {
    return (Rsd) ((org.benchgen.ir.Loop) t.body().get(1)).body().get(0);
  }

  @Test
  void classesAreReadWithTheirPooledTimeAndWrittenBackAsRead() {
    CompressedTrace t = HandWrittenTrace.read(CLASSES);
    ComputeStat first = inner(t).compute().get(0);
    assertEquals(3, first.classes().size());
    assertEquals(RankList.of(0, 2), first.classes().get(0).ranks());
    // Pooled by hand: (2 x 1000 + 3000 + 5000) / 4 = 2500 over 4 intervals.
    assertEquals(4, first.time().count());
    assertEquals(2500, first.time().mean(), 1e-9);
    assertEquals(1000, first.time().min());
    assertEquals(5000, first.time().max());
    assertEquals(String.join("\n", CLASSES).replace("    ", ""), CompressedTraceWriter
        .toString(t).strip().replaceAll("(?m)^ +", ""));
  }

  @Test
  void eachRankTakesItsClassesTime() {
    Rsd r = inner(HandWrittenTrace.read(CLASSES));
    assertEquals(1000, r.meanComputeAfter("b.c:1", 2), 1e-9);
    assertEquals(3000, r.meanComputeAfter("b.c:1", 1), 1e-9);
    assertEquals(4000, r.meanComputeAfter("b.c:2", 3), 1e-9);
    assertEquals(2500, r.meanComputeAfter("b.c:1"), 1e-9);
  }

  @Test
  void statsShareComputeWithinEachClass() {
    TraceStats s = TraceStats.of(HandWrittenTrace.read(CLASSES), n -> { });
    // Rank 0: 1000 (class 0,2 of b.c:1, 2 intervals shared by 2 ranks) + 1000 (b.c:2) = 2000;
    // rank 1: 3000 + 4000 (its half of the 1,3 class's 8000) = 7000; rank 3: 5000 + 4000.
    assertEquals(2000, s.rank(0).computeNs());
    assertEquals(7000, s.rank(1).computeNs());
    assertEquals(2000, s.rank(2).computeNs());
    assertEquals(9000, s.rank(3).computeNs());
  }

  @Test
  void aPathWithBothAPooledLineAndClassesIsRefused() {
    String m = assertThrows(TraceFormatException.class, () -> HandWrittenTrace.read(HEADER,
        "world 2", "MPI_Barrier site=b.c:1 comm=0",
        "compute x 1",
        "compute x ranks=0 1", DURATION)).getMessage();
    assertTrue(m.startsWith("hand-written.bgc:5: a second compute line for path x"), m);
  }

  @Test
  void moreClassesThanTheBoundAreRefused() {
    String line = "compute x ranks=%d 1";
    String m = assertThrows(TraceFormatException.class, () -> HandWrittenTrace.read(HEADER,
        "world 8", "MPI_Barrier site=b.c:1 comm=0", line.formatted(0), line.formatted(1),
        line.formatted(2), line.formatted(3), line.formatted(4), DURATION)).getMessage();
    assertEquals("hand-written.bgc:8: more than 4 rank classes for path x", m);
  }

  @Test
  void aClassesHistogramIsCheckedLikeAnyOther() {
    String m = assertThrows(TraceFormatException.class, () -> HandWrittenTrace.read(HEADER,
        "world 2", "MPI_Barrier site=b.c:1 comm=0",
        "compute x ranks=0 5..1 mean=1 sd=0 bins=1:1", DURATION))
        .getMessage();
    assertTrue(m.contains("hand-written.bgc:4: compute: need 0 <= min <= max"), m);
  }

  @Test
  void aPooledStatHasNoClassesAndEveryRankTakesThePooledTime() {
    ComputeStat s = new ComputeStat("x", new org.benchgen.ir.Histogram(1, 7, 7, 7, 0,
        List.of(new org.benchgen.ir.Histogram.Bin(3, 1))));
    assertEquals(List.of(), s.classes());
    assertEquals(s.time(), s.timeOf(5));
  }
}
