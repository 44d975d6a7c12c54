package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.benchgen.expand.Expander;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.TraceDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The central property: compressing, writing, reading back and expanding gives every rank its
 * exact sequence of calls and parameters, for random nested-loop programs.
 */
class LosslessPropertyTest {
  @TempDir
  Path tmp;

  static List<RawEvent> expand(CompressedTrace t, int rank) {
    List<RawEvent> out = new ArrayList<>();
    new Expander(t).expand(rank, new RawTraceReader.Sink() {
      @Override
      public void comm(int id, long[] members) {}

      @Override
      public void event(RawEvent e) {
        out.add(e);
      }
    });
    return out;
  }

  static void assertSameCalls(List<RawEvent> expected, List<RawEvent> actual, String where) {
    for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
      if (!expected.get(i).sameCall(actual.get(i))) {
        fail(where + ": event " + i + " differs:\n  original: " + expected.get(i)
            + "\n  expanded: " + actual.get(i));
      }
    }
    assertEquals(expected.size(), actual.size(), where + ": number of events");
  }

  @Test
  void randomProgramsRoundTripExactly() throws IOException {
    int programs = 0;
    for (long seed = 1; seed <= 150; seed++) {
      int ranks = 1 + (int) (seed % 9);
      RandomProgram p = new RandomProgram(seed, ranks);
      Path dir = Files.createDirectory(tmp.resolve("p" + seed));
      p.write(dir);
      // A small window as well as the default: folding must stay lossless either way.
      int window = seed % 2 == 0 ? RankCompressor.DEFAULT_WINDOW : 3;
      CompressedTrace t = new TraceCompressor(window, 2).compress(TraceDirectory.open(dir),
          n -> {}).trace();
      String text = CompressedTraceWriter.toString(t);
      CompressedTrace back = CompressedTraceReader.read(dir.resolve("x"), new StringReader(text));
      assertEquals(text, CompressedTraceWriter.toString(back), "seed " + seed
          + ": write-read-write is not byte-identical");
      for (int r = 0; r < ranks; r++) {
        assertSameCalls(p.run(r), expand(back, r), "seed " + seed + " rank " + r);
      }
      programs++;
    }
    assertTrue(programs == 150);
  }
}
