package org.benchgen.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Op;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Traces Score-P wrote (src/test/resources: pipit's ping-pong, Score-P 7.1, MIT; two of
 * benchgen's own programs traced by Score-P 4.0, one with a user region): imported, every rank
 * makes the calls and sends the bytes that {@code otf2-print} shows, using only the rules named.
 */
class ScorePTraceTest {
  @TempDir
  Path tmp;

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "scorep-ping-pong, 2, 36, ''",
      "scorep4-halo_ring-compinst, 4, 508, ''",
      "scorep4-collectives, 4, 79, 'MPI_Comm_split|without a CommCreate|without a CommDestroy'"})
  void importsAsOtf2PrintShowsIt(String name, int ranks, long calls, String rules)
      throws Exception {
    Path anchor = Path.of("src/test/resources", name, "traces.otf2");
    Otf2Import.Result r = Otf2Import.run(anchor, tmp.resolve("t"), n -> x -> { });
    assertEquals(ranks, r.ranks());
    assertEquals(calls, r.calls());
    Set<String> want = rules.isEmpty() ? Set.of() : Set.of(rules.split("\\|"));
    assertEquals(want.size(), r.rules().size(), r.rules().toString());
    // Score-P records every call's message or collective: nothing is unknown.
    assertEquals(Map.of(), r.unknown());
    for (String w : want) {
      assertTrue(r.rules().keySet().stream().anyMatch(k -> k.contains(w)), w + " in " + r.rules());
    }
    TraceStats st = TraceStats.of(TraceDirectory.open(tmp.resolve("t")), x -> { });
    Otf2PrintTest.Printed printed = Otf2PrintTest.Printed.of(anchor);
    Map<String, Long> imported = new HashMap<>();
    for (int rank = 0; rank < ranks; rank++) {
      for (Map.Entry<Op, long[]> e : st.rank(rank).byOp().entrySet()) {
        imported.put(rank + " " + e.getKey().mpiName(), e.getValue()[0]);
      }
      assertEquals(printed.sent().getOrDefault(rank, 0L), st.rank(rank).sentTo().values()
          .stream().mapToLong(Long::longValue).sum(), "rank " + rank + " bytes sent");
    }
    // Score-P also records MPI_Comm_rank and friends, which are compute to benchgen.
    Map<String, Long> mpiCalls = new HashMap<>(printed.enters());
    mpiCalls.keySet().removeIf(k -> Op.forName(k.substring(k.indexOf(' ') + 1)).isEmpty());
    assertEquals(mpiCalls, imported);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"scorep4-halo_ring-compinst, 'MPI_Isend site=main+'",
      "scorep-ping-pong, 'MPI_Send site=int%20main%28int%2C%20char%2A%2A%29+'"})
  void callSitesNameTheEnclosingRegion(String name, String expected) throws Exception {
    Otf2Import.run(Path.of("src/test/resources", name, "traces.otf2"), tmp.resolve("t"),
        n -> x -> { });
    String rank0 = Files.readString(tmp.resolve("t/rank-0.trace"));
    assertTrue(rank0.contains(expected), rank0.lines().limit(8).toList().toString());
  }
}
