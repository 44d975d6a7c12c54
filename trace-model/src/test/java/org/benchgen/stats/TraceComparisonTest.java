package org.benchgen.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.benchgen.ir.format.HandWrittenTrace;
import org.benchgen.trace.Op;
import org.junit.jupiter.api.Test;

class TraceComparisonTest {
  /** A 3-rank ring: each rank sends 12 bytes to rank {@code me + step} and receives 12. */
  private static TraceStats ring(String step) {
    String back = step.equals("+1") ? "-1" : "+1";
    return TraceStats.of(HandWrittenTrace.read("benchgen-compressed 1", "world 3",
        "MPI_Send site=a.c:1 comm=0 dest=" + step + " tag=0 count=3 type=MPI_INT tsize=4",
        "    duration n=3 min=1 max=1 mean=1.0 sd=0.0 bins=1:3",
        "MPI_Recv site=a.c:2 comm=0 src=" + back + " tag=0 count=3 type=MPI_INT tsize=4"
            + " bytes=12",
        "    duration n=3 min=1 max=1 mean=1.0 sd=0.0 bins=1:3"), r -> {});
  }

  /** SendRecvTrace with one more call on rank 1, a barrier. */
  private static TraceStats withOneMoreCall() {
    return TraceStats.of(SendRecvTrace.readWith("MPI_Barrier site=m.c:10 ranks=1 comm=0",
        "    duration n=1 min=5 max=5 mean=5.0 sd=0.0 bins=3:1"), r -> {});
  }

  /** The report, then the verdict at a tolerance of 5 %, as verify prints them. */
  private static List<String> report(TraceComparison c) {
    StringWriter out = new StringWriter();
    try (PrintWriter w = new PrintWriter(out)) {
      c.report("a", "b", 10, w);
      c.verdict(5).forEach(w::println);
    }
    return out.toString().lines().toList();
  }

  /** The verdict's headline. */
  private static String headline(List<String> lines) {
    return lines.stream().filter(l -> l.startsWith("verdict: ")).findFirst().orElseThrow();
  }

  /** SendRecvTrace with rank 0's sends taking 30 ns instead of 20. */
  private static TraceStats slowerSends() {
    return TraceStats.of(HandWrittenTrace.read(SendRecvTrace.LINES.stream().map(l -> l.equals(
        "      duration n=2 min=20 max=20 mean=20.0 sd=0.0 bins=5:2")
        ? "      duration n=2 min=30 max=30 mean=30.0 sd=0.0 bins=5:2" : l)
        .toArray(String[]::new)), r -> {});
  }

  @Test
  void identicalTracesAreIdentical() {
    TraceComparison c = new TraceComparison(SendRecvTrace.stats(), SendRecvTrace.stats());
    assertTrue(c.identical());
    assertEquals(List.of(), c.callDifferences());
    assertEquals(0, c.matrixDifferences());
    // Run and compute times from SendRecvTrace's table, the same on both sides.
    assertEquals(List.of(new TraceComparison.RankTimes(0, 290, 290, 250, 250),
        new TraceComparison.RankTimes(1, 310, 310, 250, 250)), c.times());
  }

  @Test
  void aRankWithOneMoreCallIsOneDifference() {
    TraceComparison c = new TraceComparison(SendRecvTrace.stats(), withOneMoreCall());
    assertFalse(c.identical());
    assertEquals(List.of(new TraceComparison.CallDiff(1, Op.BARRIER, 0, 0, 1, 0)),
        c.callDifferences());
    assertEquals(0, c.matrixDifferences());
  }

  @Test
  void peersSwappedWithTheSameCallsAndBytesAreMatrixDifferences() {
    // 0->1, 1->2, 2->0 against 0->2, 1->0, 2->1: all six pairs differ.
    TraceComparison c = new TraceComparison(ring("+1"), ring("-1"));
    assertEquals(List.of(), c.callDifferences());
    assertEquals(6, c.matrixDifferences());
    assertFalse(c.identical());
  }

  @Test
  void differentWorldSizesAreNotIdentical() {
    TraceComparison c = new TraceComparison(SendRecvTrace.stats(), ring("+1"));
    assertFalse(c.sameWorldSize());
    assertFalse(c.identical());
    assertEquals(2, c.times().size(), "times of the ranks both have");
  }

  @Test
  void theReportOfIdenticalTracesEndsWithTheSameVerdict() {
    List<String> r = report(new TraceComparison(SendRecvTrace.stats(), SendRecvTrace.stats()));
    assertTrue(r.contains("calls and bytes: identical on every rank and MPI function"),
        r::toString);
    assertTrue(r.contains("message matrix: identical"), r::toString);
    assertEquals("verdict: same calls and bytes", headline(r));
  }

  @Test
  void theReportNamesEachDifferenceAndEndsWithDifferent() {
    List<String> r = report(new TraceComparison(SendRecvTrace.stats(), withOneMoreCall()));
    assertTrue(r.contains("calls and bytes: 1 differences"), r::toString);
    assertTrue(r.contains("  rank 1 MPI_Barrier: 0 calls, 0 bytes vs 1 calls, 0 bytes"),
        r::toString);
    assertEquals("verdict: DIFFERENT", headline(r));
  }

  @Test
  void theReportCountsMatrixDifferencesAndWorldSizes() {
    List<String> matrix = report(new TraceComparison(ring("+1"), ring("-1")));
    assertTrue(matrix.contains("message matrix: 6 rank pairs differ"), matrix::toString);
    assertEquals("verdict: DIFFERENT", headline(matrix));
    List<String> sizes = report(new TraceComparison(SendRecvTrace.stats(), ring("+1")));
    assertTrue(sizes.contains("world size: 2 vs 3"), sizes::toString);
    assertEquals("verdict: DIFFERENT", headline(sizes));
  }

  @Test
  void timesAreJudgedPerRankAgainstTheTolerance() {
    // Rank 0's run: 250 compute + 2 sends of 30 = 310 against 290: +6.90 %; rank 1 unchanged;
    // compute 250 on both sides of both ranks.
    TraceComparison c = new TraceComparison(SendRecvTrace.stats(), slowerSends());
    assertTrue(c.identical(), "times do not make calls differ");
    TraceComparison.RankTimes r0 = c.times().get(0);
    assertEquals(100.0 * 20 / 290, r0.runError(), 1e-9);
    assertEquals(0, r0.computeError());
    TraceComparison.TimeCheck five = c.timeCheck(5);
    assertFalse(five.within());
    assertEquals(List.of(r0), five.outside());
    assertEquals(0, five.worstRun().orElseThrow().rank());
    assertTrue(c.timeCheck(7).within());
    List<String> r = report(c);
    assertTrue(r.contains("  time per rank: OUTSIDE 5 % (1 of 2 ranks outside; worst run time:"
        + " rank 0 +6.9 %; worst compute: rank 0 +0.0 %); estimates from a compressed trace"),
        r::toString);
    assertEquals("verdict: same calls and bytes", headline(r));
    assertTrue(c.verdict(7).contains("  time per rank: within 7 % (worst run time: rank 0 +6.9"
        + " %; worst compute: rank 0 +0.0 %); estimates from a compressed trace"),
        c.verdict(7)::toString);
  }

  @Test
  void theTableGivesEachRanksRelativeErrors() {
    List<String> r = report(new TraceComparison(SendRecvTrace.stats(), slowerSends()));
    // Run 290 ns against 310: 0.0000 s at this resolution, +6.9 %; compute 250 against 250.
    assertTrue(r.contains("     0          4          4             24             24     0.0000"
        + "     0.0000     6.9     0.0000     0.0000     0.0"), r::toString);
  }

  @Test
  void aRelativeErrorFromNothingIsInfinite() {
    assertEquals(0, TraceComparison.error(0, 0));
    assertEquals(Double.POSITIVE_INFINITY, TraceComparison.error(0, 5));
    assertEquals(-50, TraceComparison.error(10, 5));
    assertEquals("5", TraceComparison.number(5));
    assertEquals("2.5", TraceComparison.number(2.5));
  }
}
