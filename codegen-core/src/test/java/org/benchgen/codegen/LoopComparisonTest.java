package org.benchgen.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.testing.CompressedText;
import org.junit.jupiter.api.Test;

class LoopComparisonTest {
  /**
   * 2 ranks, sites {@code s}1..4: L1 = loop x10 { Barrier; L2 = loop x{@code inner} { Barrier } }
   * and, with {@code tiny}, L3 = loop x2 { Barrier } taking 2 x 100 ns. Times in ns:
   *
   * <pre>
   * L1's Barrier    20 x 5000 compute + 20 x 200 inside         = 104,000
   * L2's Barrier    80 x {@code c} compute + 80 x 100 inside     =  88,000 (c = 1000)
   * L1                                                           = 192,000
   * MPI_Finalize    2 x 3000 compute (its 2 x 500 inside are MPI's end, left out)
   * the whole trace 192,000 + 6,000 (+ 400 for L3)               = 198,000
   * </pre>
   */
  private static CompressedTrace trace(String s, int inner, long c, String op, boolean tiny) {
    long n = 20L * inner;
    List<String> lines = new java.util.ArrayList<>(List.of(
        "benchgen-compressed 1", "world 2",
        "MPI_Init site=" + s + "1",
        "    duration n=2 min=1000 max=1000 mean=1000.0 sd=0.0 bins=10:2",
        "loop trips=10 {",
        "  MPI_Barrier site=" + s + "2 comm=0",
        "      compute after=" + s + "1 n=2 min=5000 max=5000 mean=5000.0 sd=0.0 bins=13:2",
        "      compute after=" + s + "3 n=18 min=5000 max=5000 mean=5000.0 sd=0.0 bins=13:18",
        "      duration n=20 min=200 max=200 mean=200.0 sd=0.0 bins=8:20",
        "  loop trips=" + inner + " {",
        "    " + op.split(" ", 2)[0] + " site=" + s + "3 comm=0"
            + (op.contains(" ") ? " " + op.split(" ", 2)[1] : ""),
        "        compute after=" + s + "2 n=20 min=" + c + " max=" + c + " mean=" + c
            + ".0 sd=0.0 bins=" + (64 - Long.numberOfLeadingZeros(c)) + ":20",
        "        compute after=" + s + "3 n=" + (n - 20) + " min=" + c + " max=" + c + " mean="
            + c + ".0 sd=0.0 bins=" + (64 - Long.numberOfLeadingZeros(c)) + ":" + (n - 20),
        "        duration n=" + n + " min=100 max=100 mean=100.0 sd=0.0 bins=7:" + n,
        "  }",
        "}"));
    if (tiny) {
      lines.addAll(List.of("loop trips=2 {", "  MPI_Barrier site=" + s + "5 comm=0",
          "      duration n=4 min=100 max=100 mean=100.0 sd=0.0 bins=7:4", "}"));
    }
    lines.addAll(List.of("MPI_Finalize site=" + s + "4",
        "    compute after=" + s + (tiny ? "5" : "3") + " n=2 min=3000 max=3000 mean=3000.0"
            + " sd=0.0 bins=12:2",
        "    duration n=2 min=500 max=500 mean=500.0 sd=0.0 bins=9:2"));
    return CompressedText.read(lines.toArray(String[]::new));
  }

  /** A label in its column: 60 characters. */
  private static String pad(String label) {
    return label + " ".repeat(60 - label.length());
  }

  private static Benchmarks.Prepared prepared(CompressedTrace t) {
    return assertInstanceOf(Benchmarks.Prepared.class, Benchmarks.prepare(t));
  }

  private static LoopComparison.Outcome compare(CompressedTrace a, CompressedTrace b) {
    return LoopComparison.compare(prepared(a), prepared(b));
  }

  private static List<String> report(LoopComparison.Outcome o, double tolerance, int max) {
    StringWriter out = new StringWriter();
    LoopComparison.report(o, tolerance, max, new PrintWriter(out, true));
    return out.toString().lines().toList();
  }

  @Test
  void regionsOfTheSameStructureAreMatchedWithTheirTimesWorkedByHand() {
    // B: other sites, and L2's compute 1100 ns: L2 = 80 x 1100 + 8,000 = 96,000 (+9.09 %),
    // L1 = 104,000 + 96,000 = 200,000 (+4.17 %).
    LoopComparison.Matched m = assertInstanceOf(LoopComparison.Matched.class,
        compare(trace("m.c:", 4, 1000, "MPI_Barrier", false),
            trace("bench.c:", 4, 1100, "MPI_Barrier", false)));
    assertEquals(198_000, m.totalA(), 1e-6);
    assertEquals(List.of(1, 2), m.regions().stream().map(LoopComparison.RegionTime::number)
        .toList());
    LoopComparison.RegionTime l1 = m.regions().get(0);
    LoopComparison.RegionTime l2 = m.regions().get(1);
    assertEquals(192_000, l1.timeA(), 1e-6);
    assertEquals(200_000, l1.timeB(), 1e-6);
    assertEquals(88_000, l2.timeA(), 1e-6);
    assertEquals(96_000, l2.timeB(), 1e-6);
    assertEquals(100.0 * 8 / 88, l2.error(), 1e-9);
    assertEquals("loop x10: MPI_Barrier", l1.label());
    assertEquals("loop x4: MPI_Barrier in L1", l2.label());
    assertEquals(List.of(l2), m.outside(5));
    assertEquals("loops: 2 regions matched; OUTSIDE 5 %: L2 +9.1 %",
        LoopComparison.verdict(m, 5));
    assertEquals("loops: 2 regions matched; within 10 % (worst L2 +9.1 %)",
        LoopComparison.verdict(m, 10));
    assertEquals(List.of(
        "time per loop region (L1, L2, ... as the C+MPI benchmark names them), summed over ranks",
        " region  loop                                                            time A s"
            + "    time B s  diff %",
        "     L1  " + pad("loop x10: MPI_Barrier") + "    0.000192    0.000200     4.2",
        "  (1 more region with less time left out; 1 of them outside 5 %)"),
        report(m, 5, 1));
  }

  @Test
  void aRegionUnderOnePercentOfTheTimeIsShownButNotJudged() {
    // L3: 4 x 100 ns = 400 of 198,400: 0.2 %; B's is the same, A's other loops too.
    LoopComparison.Matched m = assertInstanceOf(LoopComparison.Matched.class,
        compare(trace("m.c:", 4, 1000, "MPI_Barrier", true),
            trace("b.c:", 4, 1000, "MPI_Barrier", true)));
    assertEquals(198_400, m.totalA(), 1e-6);
    assertEquals(List.of(1, 2), m.judged().stream().map(LoopComparison.RegionTime::number)
        .toList());
    assertEquals("loops: 3 regions matched, 2 with 1 % of A's time or more judged; within 5 %"
        + " (worst L1 +0.0 %)", LoopComparison.verdict(m, 5));
    assertEquals("     L3  " + pad("loop x2: MPI_Barrier") + "    0.000000    0.000000     0.0"
        + "  (under 1 % of A's time: not judged)", report(m, 5, 10).get(4));
  }

  @Test
  void differentStructuresAreNotCompared() {
    CompressedTrace a = trace("m.c:", 4, 1000, "MPI_Barrier", false);
    // Another trip count in L2: the first region that differs is L1, which holds it.
    LoopComparison.Outcome trips = compare(a, trace("b.c:", 5, 1000, "MPI_Barrier", false));
    assertEquals(new LoopComparison.Unmatched("the loop structures differ from region L1 on:"
        + " A loop x10: MPI_Barrier, B loop x10: MPI_Barrier"), trips);
    assertEquals("loops: not compared (the loop structures differ from region L1 on: A loop"
        + " x10: MPI_Barrier, B loop x10: MPI_Barrier)", LoopComparison.verdict(trips, 5));
    // Another call in L2.
    assertInstanceOf(LoopComparison.Unmatched.class, compare(a, trace("b.c:", 4, 1000,
        "MPI_Allreduce count=1 type=MPI_DOUBLE tsize=8 op=MPI_SUM", false)));
    // A loop more.
    assertEquals(new LoopComparison.Unmatched("the loop structures differ: A has 2 loop regions,"
        + " B 3"), compare(a, trace("b.c:", 4, 1000, "MPI_Barrier", true)));
    assertEquals(List.of(
        "time per loop region (L1, L2, ... as the C+MPI benchmark names them), summed over ranks",
        "  not compared: the loop structures differ: A has 2 loop regions, B 3"),
        report(compare(a, trace("b.c:", 4, 1000, "MPI_Barrier", true)), 5, 10));
  }

  @Test
  void aTraceWithoutLoopsHasNone() {
    CompressedTrace flat = CompressedText.read("benchgen-compressed 1", "world 1",
        "MPI_Init site=a", "    duration n=1 min=1 max=1 mean=1.0 sd=0.0 bins=1:1");
    LoopComparison.Outcome o = compare(flat, flat);
    assertEquals("loops: none", LoopComparison.verdict(o, 5));
  }
}
