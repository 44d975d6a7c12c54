package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.benchgen.expand.Expander;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.RankList;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawEventBuilder;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.SymbolTable;
import org.junit.jupiter.api.Test;

/**
 * A trace compressed from two ranks of each class must expand, on every rank of the world, to
 * the calls the program makes there: checked against the program itself, rank by rank.
 */
class ClassCompressorTest {
  private static final int WORLD = 9;
  private final SymbolTable symbols = new SymbolTable();

  /**
   * A line of 9 ranks: the ends send to their one neighbour, the inside ranks to both; every rank
   * then makes an Allreduce. 20 iterations.
   */
  private List<RawEvent> program(int rank, boolean oddCount) {
    List<RawEvent> ev = new ArrayList<>();
    long clock = 1000;
    for (int it = 0; it < 20; it++) {
      for (int d : new int[] {-1, 1}) {
        int peer = rank + d;
        if (peer >= 0 && peer < WORLD) {
          long count = oddCount && rank == 5 ? 65 : 64;
          ev.add(new RawEventBuilder(symbols, Op.SEND, "line.c:" + (d < 0 ? 10 : 11))
              .set(Field.COMM, 0).set(Field.DEST, peer).set(Field.TAG, 0).set(Field.COUNT, count)
              .name(Field.TYPE, "MPI_BYTE").set(Field.TSIZE, 1).times(clock, clock + 50).build());
          clock += 1000;
        }
      }
      ev.add(new RawEventBuilder(symbols, Op.ALLREDUCE, "line.c:20").set(Field.COMM, 0)
          .set(Field.COUNT, 1).name(Field.TYPE, "MPI_DOUBLE").set(Field.TSIZE, 8)
          .name(Field.OP, "MPI_SUM").times(clock, clock + 70).build());
      clock += 1000;
    }
    return ev;
  }

  private static final List<RankList> REGIONS = List.of(RankList.of(0), RankList.range(1, 8),
      RankList.of(8));

  private CompressedTrace compress(boolean oddCount) throws IOException {
    return ClassCompressor.compress(WORLD, REGIONS, symbols,
        (r, sink) -> program(r, oddCount).forEach(sink::event));
  }

  /** Each rank's calls as text: the operation, the site, the destination and the count. */
  private List<String> calls(List<RawEvent> events) {
    return events.stream().map(e -> e.op().mpiName() + " " + e.site()
        + (e.op() == Op.SEND ? " dest=" + e.get(Field.DEST) + " count=" + e.get(Field.COUNT)
        : "")).toList();
  }

  @Test
  void everyRankExpandsToItsOwnCalls() throws IOException {
    CompressedTrace t = compress(false);
    Expander x = new Expander(t);
    for (int r = 0; r < WORLD; r++) {
      List<RawEvent> got = new ArrayList<>();
      x.expand(r, new RawTraceReader.Sink() {
        @Override
        public void comm(long id, long[] members, long[] remote) {}

        @Override
        public void event(RawEvent e) {
          got.add(e);
        }
      });
      // MPI_Init and MPI_Finalize are not in the program: the ranks' calls are its calls.
      assertEquals(calls(program(r, false)), calls(got), "rank " + r);
    }
  }

  @Test
  void aClassWhoseRanksDifferIsRefusedNamingTheCall() {
    // Rank 5 sends 65 bytes where rank 1, the other one asked in its class, sends 64.
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ClassCompressor.compress(WORLD, List.of(RankList.of(0), RankList.of(1, 5),
            RankList.of(2, 3, 4, 6, 7), RankList.of(8)), symbols,
            (r, sink) -> program(r, true).forEach(sink::event)));
    assertTrue(e.getMessage().contains("ranks 1 and 5 of one class do not behave alike")
        && e.getMessage().contains("MPI_Send at line.c:"), e.getMessage());
  }

  @Test
  void classesThatDoNotSplitTheWorldAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> ClassCompressor.compress(WORLD,
        List.of(RankList.range(0, 8)), symbols, (r, sink) -> {}));
  }
}
