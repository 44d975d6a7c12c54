package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.TraceSummary;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.benchgen.testing.Calls;
import org.benchgen.testing.ChoicePrograms;
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
    ChoicePrograms.write(dir, ranks, steps, 17, true);
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
    // Formed from the trace's file without shared blocks (each call's own times at the digits
    // written, as the tracer forms its sections before the blocks), the same bytes.
    CompressedTrace file = CompressedTraceReader.read(dir.resolve("y"),
        new StringReader(CompressedTraceWriter.unsharedText(folded)));
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
