package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.testing.Calls;
import org.benchgen.testing.RandomProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The central property: compressing, writing, reading back and expanding gives every rank its
 * exact sequence of calls and parameters, for random nested-loop programs.
 */
class LosslessPropertyTest {
  @TempDir
  Path tmp;

  @Test
  void randomProgramsRoundTripExactly() throws IOException {
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
        Calls.assertSame(Calls.lines(p.run(r), p.symbols()), Calls.of(back, r),
            "seed " + seed + " rank " + r);
      }
    }
  }
}
