package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.benchgen.ir.ChoiceTable;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.TraceSummary;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.benchgen.testing.Calls;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepChoicesTest {
  @TempDir
  Path tmp;

  /**
   * MPICH's comm/ctxsplit in small: each step rank r splits the world with color 1 (then frees
   * the communicator, a slot named by its members) with probability 1/(r+2), else with
   * MPI_UNDEFINED. The section becomes one loop of a trip a step whose guards and communicator
   * numbers are columns of one table with a configuration for each subset of ranks that split
   * with color 1 in some step, and every rank expands to its exact calls.
   */
  @Test
  void ctxsplitsStepsBecomeOneTableOfTheSubsetsDrawn() throws IOException {
    int ranks = 3;
    int steps = 700;
    Random g = new Random(50);
    boolean[][] joins = new boolean[steps][ranks];
    Set<Integer> subsets = new HashSet<>();
    for (int k = 0; k < steps; k++) {
      int mask = 0;
      for (int r = 0; r < ranks; r++) {
        joins[k][r] = g.nextInt(r + 2) == 0;
        mask |= joins[k][r] ? 1 << r : 0;
      }
      subsets.add(mask);
    }
    Path dir = Files.createDirectory(tmp.resolve("ctxsplit"));
    for (int rank = 0; rank < ranks; rank++) {
      Random t = new Random(rank);
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + rank + " size=" + ranks
          + "\n");
      for (int mask = 1; mask < 1 << ranks; mask++) {
        if ((mask >> rank & 1) != 0) {
          b.append("comm id=").append(100 + mask).append(" members=").append(members(mask))
              .append('\n');
        }
      }
      b.append("MPI_Init site=init enter=1000 exit=2000\n");
      long now = 3000;
      for (int k = 0; k < steps; k++) {
        int mask = 0;
        for (int r = 0; r < ranks; r++) {
          mask |= joins[k][r] ? 1 << r : 0;
        }
        // Intervals of tens of microseconds: the expansion rounds each call's times to 1 ns.
        now += 50_000 + t.nextInt(10_000);
        if (joins[k][rank]) {
          b.append("MPI_Comm_split site=c.c:1 enter=").append(now).append(" exit=")
              .append(now += 300).append(" comm=0 color=1 key=").append(rank)
              .append(" newcomm=").append(100 + mask).append('\n');
          now += 50;
          b.append("MPI_Comm_free site=c.c:2 enter=").append(now).append(" exit=")
              .append(now += 20).append(" comm=").append(100 + mask).append('\n');
        } else {
          b.append("MPI_Comm_split site=c.c:3 enter=").append(now).append(" exit=")
              .append(now += 300).append(" comm=0 color=UNDEFINED key=").append(rank)
              .append(" newcomm=NULL\n");
        }
      }
      b.append("MPI_Finalize site=fin enter=").append(now + 500).append(" exit=")
          .append(now + 900).append('\n');
      Files.writeString(dir.resolve("rank-" + rank + ".trace"), b);
    }
    CompressedTrace folded = new TraceCompressor().compress(TraceDirectory.open(dir), n -> {})
        .trace();
    assertTrue(TraceSummary.of(folded).rsds() > 500, TraceSummary.of(folded).toString());

    CompressedTrace formed = ChoiceSections.form(folded);
    assertEquals(3, formed.body().size());
    Loop section = (Loop) formed.body().get(1);
    for (int r = 0; r < ranks; r++) {
      // One trip a step on every rank, whatever it called in it.
      assertEquals(steps, section.tripsOn(r).orElseThrow(), "rank " + r);
    }
    // A guard loop a call shape, in an order both paths keep: split(1), free, split(UNDEFINED).
    assertEquals(3, section.body().size());
    assertEquals(3, TraceSummary.of(formed).rsds() - 2);

    String text = CompressedTraceWriter.toString(formed);
    int bits = ChoiceTable.bitsFor(subsets.size());
    long chars = ((steps * (long) bits + 7) / 8 * 8 + 5) / 6;
    assertTrue(text.contains("\nchoice 1 configs=" + subsets.size() + " steps=" + steps
        + " data="), text.substring(0, Math.min(text.length(), 600)));
    String data = text.lines().filter(l -> l.startsWith("choice 1 ")).findFirst().orElseThrow();
    assertEquals(chars, data.substring(data.indexOf("data=") + 5).length());
    CompressedTrace back = CompressedTraceReader.read(dir.resolve("x"), new StringReader(text));
    assertEquals(text, CompressedTraceWriter.toString(back), "write-read-write");
    // Formed from the file without shared blocks (the tracer's order), the same bytes.
    CompressedTrace file = CompressedTraceReader.read(dir.resolve("y"),
        new StringReader(CompressedTraceWriter.unsharedText(folded)));
    assertEquals(text, CompressedTraceWriter.toString(ChoiceSections.form(file)),
        "formed from the file");
    for (int r = 0; r < ranks; r++) {
      // The trace before forming (its communicators numbered 1, 2, 3... as compress numbers
      // them), which the lossless tests compare with the streams.
      Calls.assertSame(Calls.of(folded, r), Calls.of(back, r), "rank " + r);
      assertEquals(Files.readAllLines(dir.resolve("rank-" + r + ".trace")).stream()
          .filter(l -> l.startsWith("MPI_")).count(), Calls.of(back, r).size(), "rank " + r);
    }
    TraceStats before = TraceStats.of(folded, n -> {});
    TraceStats after = TraceStats.of(back, n -> {});
    double sum0 = 0;
    double sum1 = 0;
    StringBuilder per = new StringBuilder();
    for (int r = 0; r < ranks; r++) {
      sum0 += before.rank(r).computeNs();
      sum1 += after.rank(r).computeNs();
      per.append(' ').append(before.rank(r).computeNs()).append('/')
          .append(after.rank(r).computeNs());
    }
    assertEquals(sum0, sum1, sum0 * 1e-4, "the trace's compute in total:" + per);
    assertSame(back, ChoiceSections.form(back));
  }

  private static String members(int mask) {
    StringBuilder b = new StringBuilder();
    for (int r = 0; mask >> r != 0; r++) {
      if ((mask >> r & 1) != 0) {
        b.append(b.length() == 0 ? "" : ",").append(r);
      }
    }
    return b.toString();
  }
}
