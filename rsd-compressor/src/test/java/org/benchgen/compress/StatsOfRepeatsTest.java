package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.benchgen.testing.RandomProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The numbers of a compressed trace counted with each repeating loop's iterations taken once
 * ({@link TraceStats#of(CompressedTrace, java.util.function.IntConsumer)}, issue 50) are those
 * of every call of every iteration ({@link TraceStats#expanded}): calls, bytes, message matrix,
 * events and times of every rank, for random nested-loop programs.
 */
class StatsOfRepeatsTest {
  @TempDir
  Path tmp;

  @Test
  void repeatedIterationsCountedOnceGiveTheFullExpansionsNumbers() throws IOException {
    long repeating = 0;
    for (long seed = 1; seed <= 60; seed++) {
      int ranks = 1 + (int) (seed % 7);
      RandomProgram p = new RandomProgram(seed, ranks);
      Path dir = Files.createDirectory(tmp.resolve("p" + seed));
      p.write(dir);
      CompressedTrace t = new TraceCompressor().compress(TraceDirectory.open(dir), n -> { })
          .trace();
      TraceStats summed = TraceStats.of(t, n -> { });
      TraceStats full = TraceStats.expanded(t);
      assertEquals(numbers(full), numbers(summed), "seed " + seed);
      repeating += full.rank(0).events() > 0 ? 1 : 0;
    }
    assertTrue(repeating > 50, "programs with calls: " + repeating);
  }

  private static List<Object> numbers(TraceStats s) {
    List<Object> out = new ArrayList<>();
    s.rows().forEach(r -> out.add(r.rank() + " " + r.name() + " " + r.calls() + " " + r.bytes()));
    for (int r = 0; r < s.worldSize(); r++) {
      TraceStats.RankStats x = s.rank(r);
      out.add(List.of(r, x.sentTo(), x.events(), x.computeNs(), x.mpiNs(), x.runNs(), x.cpuNs(),
          x.cpuWallNs(), x.threads()));
    }
    return out;
  }
}
