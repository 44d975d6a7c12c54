package org.benchgen.rawtrace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.benchgen.stats.StatsReport;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The optional {@code cpu=} of events ({@code trace --cpu-time}): read, written, counted. */
class CpuTimeTest {
  @TempDir
  Path dir;

  private static final String HEAD = "# benchgen-trace 1 rank=0 size=1\n";

  private List<RawEvent> read(String text) throws IOException {
    Path p = dir.resolve("rank-0.trace");
    Files.writeString(p, HEAD + text);
    List<RawEvent> events = new ArrayList<>();
    RawTraceReader.read(p, new SymbolTable(), new RawTraceReader.Sink() {
      @Override
      public void comm(long id, long[] members, long[] remote) {}

      @Override
      public void event(RawEvent e) {
        events.add(e);
      }
    });
    return events;
  }

  /** 30 barriers, alike but for their cpu, so that the reader's prediction of lines is used. */
  private static String barriers(int n, long wall, long cpu) {
    StringBuilder b = new StringBuilder("MPI_Init site=m enter=0 exit=10\n");
    long t = 10;
    for (int i = 0; i < n; i++) {
      t += wall;
      b.append("MPI_Barrier site=b enter=").append(t).append(" exit=").append(t + 5)
          .append(" comm=0 cpu=").append(cpu + i).append('\n');
      t += 5;
    }
    return b.append("MPI_Finalize site=m enter=").append(t + 1).append(" exit=").append(t + 2)
        .append('\n').toString();
  }

  @Test
  void cpuIsReadWhereGivenAndNotRecordedElsewhere() throws IOException {
    List<RawEvent> e = read(barriers(30, 1000, 400));
    assertFalse(e.get(0).hasCpu());
    for (int i = 0; i < 30; i++) {
      assertEquals(400 + i, e.get(1 + i).cpu(), "barrier " + i);
    }
    assertEquals(RawEvent.NO_CPU, e.get(31).cpu());
  }

  @Test
  void theWriterWritesItLastAndTheReaderReadsItBack() throws IOException {
    List<RawEvent> e = read(barriers(2, 1000, 400));
    String line = RawTraceWriter.format(e.get(1), id -> "#" + id);
    assertEquals("MPI_Barrier site=b enter=1010 exit=1015 comm=0 cpu=400", line);
    assertEquals(e.get(1), read("MPI_Init site=m enter=0 exit=10\n" + line
        + "\nMPI_Finalize site=m enter=2000 exit=2001\n").get(1));
  }

  @Test
  void badCpuValuesAreRefusedWithTheirLine() {
    String twice = assertThrows(TraceProblem.class, () -> read(
        "MPI_Barrier site=b enter=1 exit=2 comm=0 cpu=1 cpu=2\n")).getMessage();
    assertTrue(twice.contains(":2: MPI_Barrier: field 'cpu' given twice"), twice);
    String negative = assertThrows(TraceProblem.class, () -> read(
        "MPI_Barrier site=b enter=1 exit=2 comm=0 cpu=-5\n")).getMessage();
    assertTrue(negative.contains(":2: MPI_Barrier: cpu=-5 is negative"), negative);
  }

  @Test
  void statsCountCpuTimeClampedToTheIntervalAndSayWhoWasDescheduled() throws IOException {
    // 10 intervals of 1000 ns wall with 400..409 ns of CPU: 4045 ns of 10000, 59.55 % off CPU.
    // One more interval of 100 ns wall claims 500 ns of CPU: counted as 100.
    Path p = dir.resolve("rank-0.trace");
    Files.writeString(p, HEAD + barriers(10, 1000, 400).replace(
        "MPI_Finalize site=m enter=10061 exit=10062", "MPI_Barrier site=b enter=10160 exit=10165"
            + " comm=0 cpu=500\nMPI_Finalize site=m enter=10166 exit=10167"));
    TraceStats s = TraceStats.of(TraceDirectory.open(dir), n -> { });
    assertEquals(4045 + 100, s.rank(0).cpuNs());
    assertEquals(10000 + 100, s.rank(0).cpuWallNs());
    assertEquals(1 - 4145.0 / 10100, s.rank(0).descheduled(), 1e-12);
    StringWriter out = new StringWriter();
    StatsReport.text(s, new PrintWriter(out, true));
    assertTrue(out.toString().contains("rank 0 was descheduled for 59.0 % of its compute time"
        + " (CPU time 0.004 ms of 0.010 ms)"), out.toString());
  }

  @Test
  void aTraceWithoutCpuTimeSaysNothingOfIt() throws IOException {
    Path p = dir.resolve("rank-0.trace");
    Files.writeString(p, HEAD + barriers(3, 1000, 0).replaceAll(" cpu=\\d+", ""));
    TraceStats s = TraceStats.of(TraceDirectory.open(dir), n -> { });
    assertFalse(s.hasCpu());
    StringWriter out = new StringWriter();
    StatsReport.json(s, new PrintWriter(out, true));
    assertFalse(out.toString().contains("cpu"), out.toString());
  }
}
