package org.benchgen.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Op;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace Score-P wrote (src/test/resources/scorep-ping-pong, MIT, from pipit): imported, every
 * rank makes the calls and sends the bytes that {@code otf2-print} shows, and no rule was needed.
 */
class ScorePTraceTest {
  @TempDir
  Path tmp;

  @Test
  void scorePsPingPongImportsAsOtf2PrintShowsIt() throws Exception {
    Path anchor = Path.of("src/test/resources/scorep-ping-pong/traces.otf2");
    Otf2Import.Result r = Otf2Import.run(anchor, tmp.resolve("t"), n -> x -> { });
    assertEquals(2, r.ranks());
    assertEquals(Map.of(), r.rules());
    TraceStats st = TraceStats.of(TraceDirectory.open(tmp.resolve("t")), x -> { });
    Otf2PrintTest.Printed printed = Otf2PrintTest.Printed.of(anchor);
    Map<String, Long> calls = new HashMap<>();
    for (int rank = 0; rank < 2; rank++) {
      for (Map.Entry<Op, long[]> e : st.rank(rank).byOp().entrySet()) {
        calls.put(rank + " " + e.getKey().mpiName(), e.getValue()[0]);
      }
      assertEquals(printed.sent().getOrDefault(rank, 0L), st.rank(rank).sentTo().values()
          .stream().mapToLong(Long::longValue).sum(), "rank " + rank + " bytes sent");
    }
    // Score-P also records MPI_Comm_rank and friends, which are compute to benchgen.
    Map<String, Long> mpiCalls = new HashMap<>(printed.enters());
    mpiCalls.keySet().removeIf(k -> Op.forName(k.substring(k.indexOf(' ') + 1)).isEmpty());
    assertEquals(mpiCalls, calls);
    assertEquals(36, r.calls());
  }
}
