package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Rsd;
import org.benchgen.rawtrace.TraceDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CPU time ({@code trace --cpu-time}) through compression: each call path keeps the mean CPU time
 * of its intervals, per rank class where ranks differ, in every way the compressor folds a loop.
 */
class CpuTimeCompressionTest {
  @TempDir
  Path dir;

  /**
   * A rank's stream: MPI_Init, then {@code trips} barriers at one site, each after {@code wall}
   * ns of compute of which the i-th has {@code cpu + i} ns of CPU time (or none where
   * {@code cpu} is negative).
   */
  private void rank(int rank, int size, int trips, long wall, long cpu) throws IOException {
    StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + rank + " size=" + size
        + "\nMPI_Init site=m enter=1 exit=2\n");
    long t = 2;
    for (int i = 0; i < trips; i++) {
      long enter = t + wall;
      b.append("MPI_Barrier site=b enter=").append(enter).append(" exit=").append(enter + 10)
          .append(" comm=0").append(cpu < 0 ? "" : " cpu=" + (cpu + i)).append('\n');
      t = enter + 10;
    }
    // A stream ends with MPI_Finalize; its compute is no barrier's.
    b.append("MPI_Finalize site=f enter=").append(t + 1).append(" exit=").append(t + 2)
        .append('\n');
    Files.writeString(dir.resolve("rank-" + rank + ".trace"), b);
  }

  /** The compute of the barriers that follow a barrier (wherever the folding put them). */
  private ComputeStat steadyState() throws IOException {
    CompressedTrace t = new TraceCompressor().compress(TraceDirectory.open(dir), n -> { })
        .trace();
    List<ComputeStat> found = new ArrayList<>();
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        if (r.op() == org.benchgen.trace.Op.FINALIZE) {
          return;
        }
        r.compute().stream().filter(c -> c.after().equals("b")).forEach(found::add);
      }
    }.scan(t.body());
    assertEquals(1, found.size());
    return found.get(0);
  }

  @Test
  void aPathKeepsTheMeanCpuTimeOfItsIntervals() throws IOException {
    rank(0, 1, 1000, 5000, 1000);
    // The loop's body after its first trip: intervals 1..999, CPU 1001..1999, mean 1500.
    ComputeStat s = steadyState();
    assertEquals(999, s.time().count());
    assertEquals(1500, s.cpu().getAsDouble(), 1e-9);
  }

  @Test
  void ranksThatDifferKeepTheirOwnCpuTimeAndPoolByCount() throws IOException {
    rank(0, 2, 100, 5000, 1000);
    rank(1, 2, 100, 20_000, 19_000);
    ComputeStat s = steadyState();
    assertEquals(2, s.classes().size());
    // Intervals 1..99 on each rank: CPU 1001..1099 (mean 1050) and 19001..19099 (19050).
    assertEquals(1050, s.cpuOf(0).getAsDouble(), 1e-9);
    assertEquals(19050, s.cpuOf(1).getAsDouble(), 1e-9);
    assertEquals((1050 + 19050) / 2.0, s.cpu().getAsDouble(), 1e-9);
  }

  @Test
  void aRankWithoutCpuTimeLeavesThePathWithout() throws IOException {
    rank(0, 2, 100, 5000, 1000);
    rank(1, 2, 100, 5000, -1);
    assertFalse(steadyState().cpu().isPresent());
  }
}
