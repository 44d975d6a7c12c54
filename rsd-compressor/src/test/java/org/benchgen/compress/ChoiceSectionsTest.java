package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.TraceSummary;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.benchgen.testing.Calls;
import org.benchgen.testing.RandomProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChoiceSectionsTest {
  @TempDir
  Path tmp;

  /**
   * Each step every rank draws one of three paths (a Barrier; an Allreduce of a random count; a
   * Send to a random rank and a Recv from one), each from its own generator: nothing folds, and
   * the run becomes one section of four shapes that expands to every rank's exact calls.
   */
  @Test
  void aRandomChoiceOfPathsBecomesOneSectionWithTheSameCalls() throws IOException {
    int ranks = 3;
    int steps = 1500;
    Path dir = Files.createDirectory(tmp.resolve("choice"));
    for (int rank = 0; rank < ranks; rank++) {
      Random g = new Random(17 + rank);
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + rank + " size=" + ranks
          + "\nMPI_Init site=init enter=1000 exit=2000\n");
      long now = 3000;
      for (int k = 0; k < steps; k++) {
        int path = g.nextInt(3);
        now += 1000 + g.nextInt(100) + (path == 1 && rank == 0 ? 50_000 : 0);
        if (path == 0) {
          b.append("MPI_Barrier site=b.c:1 enter=").append(now).append(" exit=")
              .append(now += 300).append(" comm=0\n");
        } else if (path == 1) {
          b.append("MPI_Allreduce site=a.c:2 enter=").append(now).append(" exit=")
              .append(now += 400).append(" comm=0 count=").append(1 << g.nextInt(4))
              .append(" type=MPI_INT tsize=4 op=MPI_SUM\n");
        } else {
          int peer = g.nextInt(ranks);
          b.append("MPI_Send site=s.c:3 enter=").append(now).append(" exit=").append(now += 200)
              .append(" comm=0 dest=").append(peer).append(" tag=5 count=2 type=MPI_INT")
              .append(" tsize=4\n");
          now += 100;
          b.append("MPI_Recv site=s.c:4 enter=").append(now).append(" exit=").append(now += 200)
              .append(" comm=0 src=").append(peer).append(" tag=5 count=2 type=MPI_INT")
              .append(" tsize=4 bytes=8\n");
        }
      }
      b.append("MPI_Finalize site=fin enter=").append(now + 500).append(" exit=")
          .append(now + 900).append('\n');
      Files.writeString(dir.resolve("rank-" + rank + ".trace"), b);
    }
    CompressedTrace folded = new TraceCompressor().compress(TraceDirectory.open(dir), n -> {})
        .trace();
    assertTrue(TraceSummary.of(folded).rsds() > 1000, TraceSummary.of(folded).toString());

    CompressedTrace formed = ChoiceSections.form(folded);
    // MPI_Init, the section, MPI_Finalize; the section a loop of 4 guard loops of one RSD each.
    assertEquals(3, formed.body().size());
    Loop section = (Loop) formed.body().get(1);
    assertEquals(4, section.body().size());
    for (int r = 0; r < ranks; r++) {
      // One trip a call: a step that sends and receives takes two.
      assertEquals(steps + sends(dir, r), section.tripsOn(r).orElseThrow(), "rank " + r);
    }
    for (var n : section.body()) {
      Loop guard = (Loop) n;
      assertEquals(1, guard.body().size());
      assertTrue(guard.body().get(0) instanceof Rsd);
    }
    assertEquals(6, TraceSummary.of(formed).rsds());

    String text = CompressedTraceWriter.toString(formed);
    CompressedTrace back = CompressedTraceReader.read(dir.resolve("x"), new StringReader(text));
    assertEquals(text, CompressedTraceWriter.toString(back), "write-read-write");
    // Formed from the trace's file (as `benchgen trace` forms the tracer's), the same bytes.
    CompressedTrace file = CompressedTraceReader.read(dir.resolve("y"),
        new StringReader(CompressedTraceWriter.toString(folded)));
    assertEquals(text, CompressedTraceWriter.toString(ChoiceSections.form(file)),
        "formed from the file");
    assertTrue(text.length() * 3 < CompressedTraceWriter.toString(folded).length(),
        text.length() + " bytes against " + CompressedTraceWriter.toString(folded).length());
    TraceStats before = TraceStats.of(folded, n -> {});
    TraceStats after = TraceStats.of(back, n -> {});
    for (int r = 0; r < ranks; r++) {
      Calls.assertSame(Calls.read(dir.resolve("rank-" + r + ".trace")), Calls.of(back, r),
          "rank " + r);
    }
    double sum0 = 0;
    double sum1 = 0;
    for (int r = 0; r < ranks; r++) {
      sum0 += before.rank(r).computeNs();
      sum1 += after.rank(r).computeNs();
    }
    // Each path's intervals are all kept, pooled over the RSDs merged (a rank's own part is
    // not: rank 0's slower Allreduce is spread over all ranks, as the generator's irregular
    // sections spread it; docs/compressed-format.md), so the total is the same.
    assertEquals(sum0, sum1, sum0 * 1e-4, "the trace's compute in total");
    // Formed once, a trace has no run left to form.
    assertSame(back, ChoiceSections.form(back));
  }

  /** How many steps of rank {@code r} took the path that sends and receives. */
  private static long sends(Path dir, int r) throws IOException {
    return Files.readAllLines(dir.resolve("rank-" + r + ".trace")).stream()
        .filter(l -> l.startsWith("MPI_Send")).count();
  }

  /** Programs that fold (random nested loops) come back as they are, the same object. */
  @Test
  void tracesThatFoldAreLeftAsTheyAre() throws IOException {
    for (long seed = 1; seed <= 40; seed++) {
      int ranks = 1 + (int) (seed % 5);
      Path dir = Files.createDirectory(tmp.resolve("p" + seed));
      new RandomProgram(seed, ranks).write(dir);
      CompressedTrace t = new TraceCompressor().compress(TraceDirectory.open(dir), n -> {})
          .trace();
      assertSame(t, ChoiceSections.form(t), "seed " + seed);
    }
  }
}
