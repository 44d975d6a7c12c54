package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.benchgen.expand.Expander;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.TraceThreads;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.trace.PerThread;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rank whose calls come from two threads (MPI_THREAD_MULTIPLE, {@code thread=} on the second's
 * events): the events interleave in the order they were recorded, each thread's times run on
 * their own, and compression keeps every event with its thread and each thread's compute intervals
 * after its own previous call.
 */
class ThreadsCompressionTest {
  @TempDir
  Path dir;

  /**
   * Rank 0 of 2: thread 0 makes barriers at site b every 1,000 ns; thread 1 makes 10 Ibarrier +
   * Wait pairs at sites i and w, entering each call 300 ns after its previous one exits, while
   * thread 0 is blocked, so its calls enter before thread 0's previous call exits.
   */
  private void write() throws IOException {
    StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=0 size=1\n"
        + "MPI_Init_thread site=m enter=0 exit=100 level=THREAD_MULTIPLE given=THREAD_MULTIPLE\n");
    long t1 = 200;
    for (int k = 0; k < 10; k++) {
      long enter = 1100 + 2000L * k; // thread 0: 1,000 ns of compute, then 1,000 ns in a barrier
      b.append("MPI_Ibarrier site=i enter=").append(t1 + 300).append(" exit=").append(t1 + 310)
          .append(" comm=0 req=").append(k + 1).append(" thread=1\n");
      b.append("MPI_Wait site=w enter=").append(t1 + 610).append(" exit=").append(t1 + 620)
          .append(" req=").append(k + 1).append(" thread=1\n");
      t1 += 620;
      b.append("MPI_Barrier site=b enter=").append(enter).append(" exit=").append(enter + 1000)
          .append(" comm=0\n");
    }
    b.append("MPI_Finalize site=f enter=30000 exit=30100\n");
    Files.writeString(dir.resolve("rank-0.trace"), b);
  }

  @Test
  void eachThreadKeepsItsCallsAndItsOwnComputeIntervals() throws IOException {
    write();
    CompressedTrace t = new TraceCompressor().compress(TraceDirectory.open(dir), n -> { })
        .trace();
    // Mean compute per (site, previous site), hand-computed from write(): thread 1 computes
    // 300 ns before each of its calls (its first Ibarrier after Init, on thread 0, has none of its
    // own: 0); thread 0's barriers follow thread 0's Init or barrier, 1,000 ns each.
    Map<String, Double> means = new TreeMap<>();
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        r.compute().forEach(c -> means.merge(r.site() + "<" + c.after(), c.time().mean(),
            (x, y) -> Double.NaN));
      }
    }.scan(t.body());
    assertEquals(1000.0, means.get("b<m"));
    assertEquals(1000.0, means.get("b<b"));
    assertEquals(300.0, means.get("w<i"));
    assertEquals(300.0, means.get("i<w"));
    assertEquals(null, means.get("b<w"), "no barrier's compute is counted after thread 1's wait");
    assertEquals("rank 0 made calls from 2 threads (MPI's main thread and thread 1)",
        TraceThreads.several(t).orElseThrow());
    // Written and read back, then expanded: every event again, in order, with its thread.
    String text = CompressedTraceWriter.toString(t);
    CompressedTrace back = CompressedTraceReader.read(dir.resolve("t.bgc"),
        new java.io.StringReader(text));
    List<String> events = new ArrayList<>();
    new Expander(back).expand(0, new RawTraceReader.Sink() {
      @Override
      public void comm(long id, long[] members, long[] remote) {}

      @Override
      public void event(RawEvent e) {
        events.add(e.op().mpiName() + "@" + PerThread.thread(e.op(), e.values()));
      }
    });
    List<String> expected = new ArrayList<>(List.of("MPI_Init_thread@0"));
    for (int k = 0; k < 10; k++) {
      expected.addAll(List.of("MPI_Ibarrier@1", "MPI_Wait@1", "MPI_Barrier@0"));
    }
    expected.add("MPI_Finalize@0");
    assertEquals(expected, events);
    assertTrue(text.contains(" thread=1"), "the compressed trace says thread=1: " + text);
  }
}
