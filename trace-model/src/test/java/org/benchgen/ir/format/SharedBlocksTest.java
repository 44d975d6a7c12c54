package org.benchgen.ir.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.TraceFormatException;
import org.benchgen.traverse.Step;
import org.benchgen.traverse.TraversalContext;
import org.junit.jupiter.api.Test;

/** Shared blocks: what the writer shares, what the reader puts back, and what it refuses. */
class SharedBlocksTest {
  private static final String HEADER = "benchgen-compressed 1";
  private static final String SEND = "MPI_Send site=s ranks=0 comm=0 dest=1 tag=1 count=100"
      + " type=MPI_BYTE tsize=1";
  private static final String RECV = "MPI_Recv site=r ranks=1 comm=0 src=0 tag=1 count=100"
      + " type=MPI_BYTE tsize=1 bytes=100";

  /** An exchange made once, then three times in a loop: a peeled first iteration. */
  private static final String[] PEELED = {HEADER, "world 2",
      "MPI_Barrier site=a comm=0", "    duration 10*2",
      SEND, "    compute a 500", "    duration 20*1",
      RECV, "    compute a 700", "    duration 30*1",
      "loop trips=3 {",
      "  " + SEND, "      compute s 100*3", "      duration 40*3",
      "  " + RECV, "      compute r 300*3", "      duration 50*3",
      "}"};

  @Test
  void aPeeledIterationIsWrittenOnceWithItsTimesPooledAndEachPlaceSaysItsShare() {
    // By hand: the Send's call times pool to n=1+3, mean (20 + 3 x 40) / 4 = 35; the Recv's to
    // (30 + 3 x 50) / 4 = 45. Each place's n is its count of the first call, the Send's.
    String shared = HandWrittenTrace.text(HEADER, "world 2", "block 1 {",
        "  " + SEND, "      compute a 500", "      compute s 100*3",
        "      duration 35",
        "  " + RECV, "      compute a 700", "      compute r 300*3",
        "      duration 45",
        "}",
        "MPI_Barrier site=a comm=0", "    duration 10*2",
        "use 1 n=1",
        "loop trips=3 {", "  use 1 n=3", "}");
    assertEquals(shared, CompressedTraceWriter.toString(HandWrittenTrace.read(PEELED)));
  }

  @Test
  void readingBackGivesEachPlaceItsCallsItsCountsAndItsShareOfThePooledCompute() {
    CompressedTrace original = HandWrittenTrace.read(PEELED);
    CompressedTrace back = HandWrittenTrace.read(
        CompressedTraceWriter.toString(original).split("\n"));
    Rsd send = (Rsd) back.body().get(1);
    Rsd sendInLoop = (Rsd) ((Loop) back.body().get(3)).body().get(0);
    assertEquals(1, send.duration().count());
    assertEquals(3, sendInLoop.duration().count());
    assertEquals(35, send.duration().mean());
    // The pooled paths hold 500 + 3 x 100 = 800 ns over 4 calls: 200 per call, 1 and 3 calls.
    assertEquals(200, send.computeTotal(), 1e-9);
    assertEquals(600, sendInLoop.computeTotal(), 1e-9);
    // The same calls on every rank, in order.
    for (int rank = 0; rank < 2; rank++) {
      assertEquals(calls(original, rank), calls(back, rank));
    }
    // And writing it again gives the same text.
    String text = CompressedTraceWriter.toString(back);
    assertEquals(text, CompressedTraceWriter.toString(HandWrittenTrace.read(text.split("\n"))));
  }

  @Test
  void passesThatMergeComputeTakeEachPlacesPartOfThePoolAndNoMore() {
    CompressedTrace back = HandWrittenTrace.read(
        CompressedTraceWriter.toString(HandWrittenTrace.read(PEELED)).split("\n"));
    CompressedTrace shares = back.perPlace();
    Rsd send = (Rsd) shares.body().get(1);
    Rsd sendInLoop = (Rsd) ((Loop) shares.body().get(3)).body().get(0);
    // By hand: the Send's pool is a 1 x 500 and s 3 x 100 ns. Path a (after the barrier) can
    // come only before the first place, path s (after the Send itself, rank 0's last call when
    // the loop starts and at each turn) only before the loop's: each takes its own, 500 ns and
    // 300. Shared by calls instead (1 and 3 of 4), the first place took an interval of s (100 ns)
    // and the loop a's 500, which is how NPB FT's benchmark lost 14 % of its compute.
    assertEquals(List.of("a:1"), send.compute().stream()
        .map(c -> c.after() + ":" + c.time().count()).toList());
    assertEquals(List.of("s:3"), sendInLoop.compute().stream()
        .map(c -> c.after() + ":" + c.time().count()).toList());
    assertEquals(500, send.computeTotal(), 1e-9);
    assertEquals(300, sendInLoop.computeTotal(), 1e-9);
  }

  @Test
  void eachPlaceReadsItsValuesFromTheirStart() {
    // count=1,2 in a loop of 3 trips: 1,2,1 at each place. Had both places one cursor, the
    // second would read 2,1,2.
    String loop = "loop ranks=0 trips=3 {";
    String send = "  MPI_Send site=s comm=0 dest=1 tag=1 count=1,2 type=MPI_BYTE tsize=1";
    String[] lines = {HEADER, "world 2",
        loop, send, "      duration 5*3", "}",
        "MPI_Barrier site=a comm=0", "    duration 10*2",
        loop, send, "      duration 5*3", "}"};
    CompressedTrace original = HandWrittenTrace.read(lines);
    String text = CompressedTraceWriter.toString(original);
    assertTrue(text.contains("use 1 n=3"), text);
    CompressedTrace back = HandWrittenTrace.read(text.split("\n"));
    assertEquals(List.of("MPI_Send 1", "MPI_Send 2", "MPI_Send 1", "MPI_Barrier",
        "MPI_Send 1", "MPI_Send 2", "MPI_Send 1"), counts(back, 0));
    assertEquals(counts(original, 0), counts(back, 0));
  }

  @Test
  void copiesWhoseCountsAreNotProportionalStayApart() {
    // The loop's Recv runs 6 times to its Send's 3: no one n= scales both from the first copy, so
    // the pair is not one block. Each call alone is: by hand, the Recv's times pool to n=1+6,
    // mean (30 + 6 x 50) / 7 = 47.142857.
    String[] lines = PEELED.clone();
    lines[15] = "      compute r 300*6";
    lines[16] = "      duration 50*6";
    assertEquals(HandWrittenTrace.text(HEADER, "world 2",
        "block 1 {", "  " + SEND, "      compute a 500",
        "      compute s 100*3", "      duration 35", "}",
        "block 2 {", "  " + RECV, "      compute a 700",
        "      compute r 300*6", "      duration 47.1429", "}",
        "MPI_Barrier site=a comm=0", "    duration 10*2",
        "use 1 n=1", "use 2 n=1",
        "loop trips=3 {", "  use 1 n=3", "  use 2 n=6", "}"),
        CompressedTraceWriter.toString(HandWrittenTrace.read(lines)));
  }

  @Test
  void rankClassesPoolClassByClassWhereEveryPlaceHasTheSameClasses() {
    String a = "MPI_Barrier site=a comm=0";
    String between = "MPI_Barrier site=b comm=0";
    String duration = "    duration 10*2";
    // By hand: rank 0's 100 and 200 ns are n=2 mean=150, sd sqrt(2 x 50^2) = 70.7, in bins 7
    // ([64, 128)) and 8; rank 1's 300 and 400 ns mean 350, both in bin 9 ([256, 512)).
    assertEquals(HandWrittenTrace.text(HEADER, "world 2", "block 1 {", "  " + a,
        "      compute x ranks=0 100..200 mean=150 sd=70.7 bins=7:1,1",
        "      compute x ranks=1 300..400 mean=350 sd=70.7 bins=9:2",
        "      duration 10", "}", "use 1 n=2", between, duration, "use 1 n=2"),
        CompressedTraceWriter.toString(HandWrittenTrace.read(HEADER, "world 2",
            a, "    compute x ranks=0 100", "    compute x ranks=1 300",
            duration, between, duration,
            a, "    compute x ranks=0 200", "    compute x ranks=1 400",
            duration)));
    // Classes in one place and none in the other: pooling would lose rank 1's imbalance.
    String[] apart = {HEADER, "world 2",
        a, "    compute x ranks=0 100", "    compute x ranks=1 300",
        "    duration 10", between, duration,
        a, "    compute x 200..400 mean=300 sd=141 bins=8:1,1",
        "    duration 10"};
    assertEquals(HandWrittenTrace.text(apart),
        CompressedTraceWriter.toString(HandWrittenTrace.read(apart)));
  }

  @Test
  void aBlockUsedOnceIsPutBackInPlace() {
    // Nothing repeats: the writer writes the trace as it is.
    String[] lines = {HEADER, "world 2", SEND, "    duration 20*1",
        RECV, "    duration 30*1"};
    assertEquals(HandWrittenTrace.text(lines),
        CompressedTraceWriter.toString(HandWrittenTrace.read(lines)));
  }

  /** The message of the error reading these lines. */
  private static String error(String... lines) {
    return assertThrows(TraceFormatException.class, () -> HandWrittenTrace.read(lines))
        .getMessage();
  }

  @Test
  void badBlocksAndUsesAreNamedWithTheirLine() {
    String[] block = {"block 1 {", "  MPI_Barrier site=a comm=0", "      duration 1*4", "}"};
    assertEquals("hand-written.bgc:3: block 2 is not defined above",
        error(HEADER, "world 2", "use 2 n=1"));
    assertEquals("hand-written.bgc:3: blocks are numbered 1, 2, 3... in order: expected block 1,"
        + " found 2", error(HEADER, "world 2", "block 2 {"));
    assertEquals("hand-written.bgc:5: a block is defined at the top, before the first call (not"
        + " inside a loop or a block)",
        error(HEADER, "world 2", "MPI_Barrier site=a comm=0", "    duration 1*2",
            "block 1 {"));
    assertEquals("hand-written.bgc:7: use of block 1 with n=5: a use makes between 1 and the"
        + " block's 4 first calls", error(HEADER, "world 2", block[0], block[1], block[2],
            block[3], "use 1 n=5"));
    assertEquals("hand-written.bgc:7: use of block 1 with n=0: a use makes between 1 and the"
        + " block's 4 first calls", error(HEADER, "world 2", block[0], block[1], block[2],
            block[3], "use 1 n=0"));
    assertEquals("hand-written.bgc:4: block 1 is not defined yet: a block cannot use itself",
        error(HEADER, "world 2", "block 1 {", "  use 1 n=1"));
    assertEquals("hand-written.bgc:6: block 1 makes no first call (n=0 or no call), so its uses"
        + " cannot say which share of its calls they made", error(HEADER, "world 2",
            "block 1 {", "  MPI_Barrier site=a comm=0", "      duration n=0", "}"));
    assertEquals("hand-written.bgc:6: unexpected end of file: block 1 not closed with '}' (nor 1"
        + " loop(s) in it)", error(HEADER, "world 2", "block 1 {", "  loop trips=2 {",
            "    MPI_Barrier site=a comm=0", "        duration 1*4"));
    assertEquals("hand-written.bgc:7: expected 'use N n=K'", error(HEADER, "world 2", block[0],
        block[1], block[2], block[3], "use 1"));
  }

  @Test
  void blocksThatUseBlocksCannotFillTheMemory() {
    // Block k uses block k-1 16 times: 16^6 copies of one call from a file of 120 lines.
    List<String> lines = new ArrayList<>(List.of(HEADER, "world 1", "block 1 {",
        "  MPI_Barrier site=a comm=0", "      duration 1*16777216", "}"));
    for (int k = 2; k <= 7; k++) {
      lines.add("block " + k + " {");
      for (int u = 0; u < 16; u++) {
        lines.add("  use " + (k - 1) + " n=" + (1 << (4 * (7 - k + 1)) >> 4));
      }
      lines.add("}");
    }
    String message = error(lines.toArray(String[]::new));
    assertTrue(message.contains("the uses of shared blocks put more in place than the writer ever"
        + " shares: 8464 nodes (at most 5000)"), message);
  }

  @Test
  void usesCannotPrintMoreComputeLinesThanTheWriterShares() {
    // One call with 1,100 call paths, used 1,000 times: 1.1 million compute lines to print from
    // a file of 2,100 lines.
    List<String> lines = new ArrayList<>(List.of(HEADER, "world 1", "block 1 {",
        "  MPI_Barrier site=a comm=0"));
    for (int p = 0; p < 1100; p++) {
      lines.add("      compute after=s" + p + " n=1 all=1");
    }
    lines.addAll(List.of("      duration 1", "}"));
    for (int u = 0; u < 1000; u++) {
      lines.add("use 1 n=1");
    }
    // By hand: the 954th use (line 4 + 1,100 + 2 + 954) passes 2^20 = 1,048,576 compute lines;
    // each use places 1 node, 1 entry (comm=0) and the 25 bytes of its call line.
    assertEquals("hand-written.bgc:2060: the uses of shared blocks put more in place than the"
        + " writer ever shares: 954 nodes (at most 5000), 954 parameter entries (at most 1048576),"
        + " 23850 bytes of call and loop lines (at most 134217728) or 1049400 compute lines (at"
        + " most 1048576)", error(lines.toArray(String[]::new)));
  }

  @Test
  void loopsNestNoDeeperThroughBlocksThanElsewhere() {
    // Block 1 nests 200 loops, block 2 puts it inside 100 more: 300 levels, past the 256 limit.
    List<String> lines = new ArrayList<>(List.of(HEADER, "world 1", "block 1 {"));
    for (int i = 0; i < 200; i++) {
      lines.add("loop trips=1 {");
    }
    lines.addAll(List.of("MPI_Barrier site=a comm=0", "duration 1*1"));
    for (int i = 0; i < 200; i++) {
      lines.add("}");
    }
    lines.addAll(List.of("}", "block 2 {"));
    for (int i = 0; i < 100; i++) {
      lines.add("loop trips=1 {");
    }
    lines.add("use 1 n=1");
    assertEquals("hand-written.bgc:" + lines.size() + ": loops nested deeper than 256"
        + " (docs/compressed-format.md, \"Limits\")", error(lines.toArray(String[]::new)));
  }

  @Test
  void aUseWhoseCountsDoNotScaleToWholeNumbersIsRefused() {
    // The block's first call made 4 calls, its second 2: a use of 1 of the 4 would make half a
    // call of the second.
    assertEquals("hand-written.bgc:9: use of block 1 with n=1: its MPI_Barrier at b made 2 calls,"
        + " of which 1/4 is not a whole number", error(HEADER, "world 4", "block 1 {",
            "  MPI_Barrier site=a comm=0", "      duration 1*4",
            "  MPI_Barrier site=b ranks=0,1 comm=0", "      duration 1*2", "}",
            "use 1 n=1"));
  }

  @Test
  void placesWithTheSamePathsAmongOthersAllCount() {
    // Three places, two of them alike (100 ns), one not (900 ns), one interval each: by hand
    // n=3, mean (100 + 100 + 900) / 3 = 366.667, not the alike places once.
    String call = "MPI_Barrier site=x comm=0";
    String between = "MPI_Barrier site=b comm=0";
    String text = CompressedTraceWriter.toString(HandWrittenTrace.read(HEADER, "world 1",
        call, "    compute a 100", "    duration 5", between,
        "    duration 1*1",
        call, "    compute a 100", "    duration 5", between,
        "    duration 1*1",
        call, "    compute a 900", "    duration 5"));
    assertTrue(text.contains("block 1 {\n  " + call + "\n      compute a 100..900"
        + " mean=366.667 sd=462 bins=7:2,10:1\n      duration 5\n}"), text);
  }

  @Test
  void onlyACallWhosePathsCountMoreIntervalsThanItsCallsIsScaled() {
    // A rank's first call has no interval before it: 8 intervals for 10 calls, all its own.
    Rsd first = (Rsd) HandWrittenTrace.read(HEADER, "world 2", "MPI_Barrier site=a comm=0",
        "    compute a 10*8", "    duration 1*10").body().get(0);
    assertEquals(1, first.computeScale());
    assertEquals(80, first.computeTotal(), 1e-9);
  }

  /**
   * Each place takes the paths that can come before it (a review's case, by hand): a block whose
   * call pools 3 intervals after a, used after a barrier at a where it made 2 calls and after one
   * at b where it made 4 (a file no run writes, but a reader takes). Path a can come only before
   * the first place, which takes all 3 intervals; the second none. No interval is lost or counted
   * twice (once, the second place kept the whole pool as well, making 5 of 3).
   */
  @Test
  void eachPlaceTakesThePathsThatCanComeBeforeIt() {
    CompressedTrace t = HandWrittenTrace.read(HEADER, "world 2",
        "block 1 {",
        "  MPI_Send site=s ranks=0 comm=0 dest=1 tag=1 count=100 type=MPI_BYTE tsize=1",
        "      compute a 1000*3", "      duration 35*6", "}",
        "MPI_Barrier site=a comm=0", "    duration 10*2", "use 1 n=2",
        "MPI_Barrier site=b comm=0", "    compute ^ 5*2", "    duration 10*2", "use 1 n=4",
        "MPI_Finalize site=f", "    compute s 1*2", "    duration 1*2");
    List<Long> sends = new ArrayList<>();
    for (org.benchgen.ir.Node n : t.perPlace().body()) {
      if (n instanceof Rsd r && r.site().equals("s")) {
        sends.add(r.compute().isEmpty() ? 0 : r.compute().get(0).time().count());
      }
    }
    assertEquals(List.of(3L, 0L), sends);
  }

  /**
   * NPB FT's shape (its traced run, by hand): one Alltoall written as a block used in three
   * places, after a communicator's creation (c: 5.8 ms on rank 0, 6.5 on rank 1), in a loop of 2
   * after a barrier (b: 3.4 ms, then after itself, x: 3.5 and 3.7 ms) and in a loop of 5 after a
   * reduce (r: 2.3 ms). Each place takes its own paths, so each rank's compute by expansion is
   * the same whether the copies hold the pool (expansion finds each path's time by the call
   * before) or their parts: rank 0 5.8 + 3.4 + 3.5 + 5 x (2.0 + 2.3) ms, 25 us and 1.0 and 1.5
   * ms between the other calls. Shared by calls, the first place took no interval of c (its
   * share of each rank's one interval rounds to none) and r's 2.3 ms in its place.
   */
  @Test
  void eachRankComputesTheSameWithThePoolOrWithEachPlacesPart() {
    CompressedTrace t = HandWrittenTrace.read(HEADER, "world 2",
        "block 1 {", "  MPI_Alltoall site=x comm=0 count=8 type=MPI_BYTE tsize=1 rcount=8"
            + " rtype=MPI_BYTE rtsize=1",
        "      compute c ranks=0 5800000", "      compute c ranks=1 6500000",
        "      compute b 3400000*2", "      compute x ranks=0 3500000",
        "      compute x ranks=1 3700000",
        "      compute r 2300000*10", "      duration 800*16", "}",
        "MPI_Init site=i", "    duration 100*2",
        "MPI_Comm_split site=c comm=0 color=0 key=0 newcomm=1", "    compute i 25000*2",
        "    duration 1000*2",
        "use 1 n=2",
        "MPI_Barrier site=b comm=0", "    compute x 1000000*2", "    duration 60000*2",
        "loop trips=2 {", "  use 1 n=4", "}",
        "loop trips=5 {",
        "  MPI_Reduce site=r comm=0 root=0 count=1 type=MPI_DOUBLE tsize=8 op=MPI_SUM",
        "      compute x 2000000*10", "      duration 7000*10",
        "  use 1 n=10", "}",
        "MPI_Finalize site=f", "    compute x 1500000*2", "    duration 3000*2");
    CompressedTrace parts = t.perPlace();
    long common = 25_000 + 1_000_000 + 3_400_000 + 5 * 2_000_000 + 5 * 2_300_000 + 1_500_000;
    assertEquals(common + 5_800_000 + 3_500_000, compute(t, 0));
    assertEquals(common + 6_500_000 + 3_700_000, compute(t, 1));
    for (int rank = 0; rank < 2; rank++) {
      assertEquals(compute(t, rank), compute(parts, rank), "rank " + rank + ", per place");
    }
  }

  /**
   * A review's cases, each rank's compute by expansion of the per-place trace against the
   * pooled one (whose copies find each path's time by the call before): a copy in a loop whose
   * trip count varies (1, then 2) beside copies in loops of constant trips, which keep their
   * exact shares (the varying one once made them all fall back); a copy after a loop that rank
   * 0 runs 0 times and rank 1 twice, where rank 1 stands at two sites and the counts are not
   * known (once counted as exact: rank 1 computed 4 ms of its 8).
   */
  @Test
  void copiesBesideLoopsWhoseTripsVaryKeepEachRanksCompute() {
    String x = "MPI_Barrier site=x comm=0";
    CompressedTrace varying = HandWrittenTrace.read(HEADER, "world 1",
        "block 1 {", "  " + x, "      compute u 1000000*5", "      compute x 100000*6",
        "      duration 10*11", "}",
        "MPI_Init site=i", "    duration 100*1",
        "MPI_Barrier site=u comm=0", "    compute i 10", "    duration 10",
        "loop trips=4 {", "  use 1 n=4", "}",
        "loop trips=2 {", "  MPI_Barrier site=u comm=0", "      compute x 10*2",
        "      duration 10*2", "  loop trips=2 {", "    use 1 n=4", "  }", "}",
        "loop trips=2 {", "  MPI_Barrier site=u comm=0", "      compute x 10*2",
        "      duration 10*2", "  loop trips=1,2 {", "    use 1 n=3", "  }", "}",
        "MPI_Finalize site=f", "    compute x 10", "    duration 10");
    CompressedTrace skipped = HandWrittenTrace.read(HEADER, "world 2",
        "block 1 {", "  " + x, "      compute e ranks=0 1000000*2",
        "      compute e ranks=1 5000000", "      compute y 3000000", "      duration 10*4", "}",
        "MPI_Init site=i", "    duration 100*2",
        "MPI_Barrier site=e comm=0", "    compute i 10*2", "    duration 10*2",
        "loop trips=0@0;2@1 {",
        "  MPI_Send site=y comm=0 dest=0 tag=1 count=1 type=MPI_BYTE tsize=1",
        "      compute e 10", "      compute y 10", "      duration 10*2", "}",
        "use 1 n=2",
        "MPI_Barrier site=e comm=0", "    compute x 10*2", "    duration 10*2",
        "use 1 n=2",
        "MPI_Finalize site=f", "    compute x 10*2", "    duration 10*2");
    for (CompressedTrace t : List.of(varying, skipped)) {
      CompressedTrace parts = t.perPlace();
      for (int rank = 0; rank < t.worldSize(); rank++) {
        assertEquals(compute(t, rank), compute(parts, rank), "rank " + rank);
      }
    }
    // Rank 1: barrier e, two sends (after e, after y), x after y, e, x after e, Finalize.
    assertEquals(10 + 10 + 10 + 3_000_000 + 10 + 5_000_000 + 10, compute(skipped, 1));
  }

  /**
   * A review's case: a block's barrier reached after a Send of rank 0 and a Recv of rank 1, then
   * after a Send of rank 1 and a Recv of rank 0, from the same two sites. Path a (after a Send)
   * has rank classes {0: 1 ms} and {1: 9 ms}: rank 0's interval belongs to the first place, rank
   * 1's to the second, which the path's calls alone (one a place) cannot tell; each class's own
   * calls can. Shared by the path's calls, rank 1 computed nothing of its 11 ms.
   */
  @Test
  void aPathsRankClassesGoToThePlacesTheirRanksCameFrom() {
    CompressedTrace t = HandWrittenTrace.read(HEADER, "world 2",
        "block 1 {", "  MPI_Barrier site=x comm=0", "      compute a ranks=0 1000000",
        "      compute a ranks=1 9000000", "      compute c ranks=0 4000000",
        "      compute c ranks=1 2000000", "      duration 10*4", "}",
        "MPI_Init site=i", "    duration 100*2",
        "MPI_Send site=a ranks=0 comm=0 dest=1 tag=1 count=1 type=MPI_BYTE tsize=1",
        "    compute i 10", "    duration 10",
        "MPI_Recv site=c ranks=1 comm=0 src=0 tag=1 count=1 type=MPI_BYTE tsize=1 bytes=1",
        "    compute i 10", "    duration 10",
        "use 1 n=2",
        "MPI_Send site=a ranks=1 comm=0 dest=0 tag=1 count=1 type=MPI_BYTE tsize=1",
        "    compute x 10", "    duration 10",
        "MPI_Recv site=c ranks=0 comm=0 src=1 tag=1 count=1 type=MPI_BYTE tsize=1 bytes=1",
        "    compute x 10", "    duration 10",
        "use 1 n=2",
        "MPI_Finalize site=f", "    compute x 10*2", "    duration 10*2");
    // Rank 1: Recv, the barrier after c (2 ms), Send, the barrier after a (9 ms), Finalize.
    assertEquals(10 + 2_000_000 + 10 + 9_000_000 + 10, compute(t, 1));
    CompressedTrace parts = t.perPlace();
    for (int rank = 0; rank < 2; rank++) {
      assertEquals(compute(t, rank), compute(parts, rank), "rank " + rank);
    }
  }

  /**
   * More sites at once than are followed (66 ranks, each sending from a site of its own), then a
   * barrier of every rank: after it, each rank's last site is known again, and FT's shape (the
   * test above) comes out exact. Once the walk gave up for the rest of the trace, and the block's
   * first place took 9 of c's 66 intervals.
   */
  @Test
  void aCallOfEveryRankEndsWhatTooManySitesLeftUnknown() {
    List<String> lines = new ArrayList<>(List.of(HEADER, "world 66",
        "block 1 {", "  MPI_Alltoall site=x comm=0 count=8 type=MPI_BYTE tsize=1 rcount=8"
            + " rtype=MPI_BYTE rtsize=1",
        "      compute c 5800000*66", "      compute b 3400000*66", "      compute x 3500000*66",
        "      compute r 2300000*330", "      duration 800*528", "}",
        "MPI_Init site=i", "    duration 100*66"));
    for (int r = 0; r < 66; r++) {
      lines.addAll(List.of("MPI_Send site=s" + r + " ranks=" + r
          + " comm=0 dest=0 tag=1 count=1 type=MPI_BYTE tsize=1", "    compute i 10",
          "    duration 10"));
    }
    lines.add("MPI_Comm_split site=c comm=0 color=0 key=0 newcomm=1");
    for (int r = 0; r < 66; r++) {
      lines.add("    compute s" + r + " ranks=" + r + " 25000");
    }
    lines.addAll(List.of("    duration 1000*66",
        "use 1 n=66",
        "MPI_Barrier site=b comm=0", "    compute x 1000000*66", "    duration 60000*66",
        "loop trips=2 {", "  use 1 n=132", "}",
        "loop trips=5 {",
        "  MPI_Reduce site=r comm=0 root=0 count=1 type=MPI_DOUBLE tsize=8 op=MPI_SUM",
        "      compute x 2000000*330", "      duration 7000*330",
        "  use 1 n=330", "}",
        "MPI_Finalize site=f", "    compute x 1500000*66", "    duration 3000*66"));
    CompressedTrace t = HandWrittenTrace.read(lines.toArray(String[]::new));
    Rsd first = (Rsd) t.perPlace().body().get(68);
    assertEquals(List.of("c:66"), first.compute().stream()
        .map(c -> c.after() + ":" + c.time().count()).toList());
  }

  /** A rank's compute by expansion: the time between its calls. */
  private static long compute(CompressedTrace t, int rank) {
    return org.benchgen.stats.TraceStats.of(t, n -> { }).rank(rank).computeNs();
  }

  /** A rank's calls in order, by name. */
  private static List<String> calls(CompressedTrace t, int rank) {
    List<String> out = new ArrayList<>();
    TraversalContext c = new TraversalContext(t, rank);
    while (c.hasNext()) {
      Step s = c.next();
      out.add(s.rsd().op().mpiName() + " " + s.rsd().site());
    }
    return out;
  }

  /** A rank's calls in order, by name, with the count of each send. */
  private static List<String> counts(CompressedTrace t, int rank) {
    List<String> out = new ArrayList<>();
    TraversalContext c = new TraversalContext(t, rank);
    while (c.hasNext()) {
      Step s = c.next();
      String name = s.rsd().op().mpiName();
      out.add(s.rsd().op().has(Field.COUNT) ? name + " " + s.value(Field.COUNT) : name);
    }
    return out;
  }
}
