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

  private static List<String> report(TraceComparison c) {
    StringWriter out = new StringWriter();
    try (PrintWriter w = new PrintWriter(out)) {
      c.report("a", "b", 10, w);
    }
    return out.toString().lines().toList();
  }

  private static String last(List<String> lines) {
    return lines.get(lines.size() - 1);
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
    assertEquals("verdict: same calls and bytes", last(r));
  }

  @Test
  void theReportNamesEachDifferenceAndEndsWithDifferent() {
    List<String> r = report(new TraceComparison(SendRecvTrace.stats(), withOneMoreCall()));
    assertTrue(r.contains("calls and bytes: 1 differences"), r::toString);
    assertTrue(r.contains("  rank 1 MPI_Barrier: 0 calls, 0 bytes vs 1 calls, 0 bytes"),
        r::toString);
    assertEquals("verdict: DIFFERENT", last(r));
  }

  @Test
  void theReportCountsMatrixDifferencesAndWorldSizes() {
    List<String> matrix = report(new TraceComparison(ring("+1"), ring("-1")));
    assertTrue(matrix.contains("message matrix: 6 rank pairs differ"), matrix::toString);
    assertEquals("verdict: DIFFERENT", last(matrix));
    List<String> sizes = report(new TraceComparison(SendRecvTrace.stats(), ring("+1")));
    assertTrue(sizes.contains("world size: 2 vs 3"), sizes::toString);
    assertEquals("verdict: DIFFERENT", last(sizes));
  }
}
