package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawEventBuilder;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.SymbolTable;
import org.junit.jupiter.api.Test;

/**
 * A rank's top-level nodes far behind the loop search are frozen while its stream goes on
 * ({@link RankCompressor}'s keep): the trace must be the one made when every node waits for the
 * end, on streams that mix random calls with loops, nested ones and loops that recur later.
 */
class EarlyFreezeTest {
  /** Streams of seeds 1 .. SEEDS (-Dfreeze.seeds=N for more: 12 took 20 s of CPU). */
  private static final int SEEDS = Integer.getInteger("freeze.seeds", 4);
  private final SymbolTable symbols = new SymbolTable();
  private long clock;

  private RawEvent call(Op op, String site, Random rnd) {
    clock += 50 + rnd.nextInt(200);
    Field peer = op == Op.SEND ? Field.DEST : Field.SRC;
    RawEventBuilder b = new RawEventBuilder(symbols, op, site).set(Field.COMM, 0)
        .set(peer, 1 + rnd.nextInt(3)).set(Field.TAG, rnd.nextInt(4))
        .set(Field.COUNT, 1 + rnd.nextInt(3)).name(Field.TYPE, "MPI_BYTE").set(Field.TSIZE, 1);
    if (op == Op.RECV) {
      b.set(Field.BYTES, 1);
    }
    return b.times(clock, clock + 10).build();
  }

  /** Random sends and receives, with stretches of (nested) loops of a few sites. */
  private List<RawEvent> stream(long seed, int n) {
    Random rnd = new Random(seed);
    List<RawEvent> ev = new ArrayList<>();
    while (ev.size() < n) {
      int kind = rnd.nextInt(10);
      if (kind < 6) {
        ev.add(call(rnd.nextBoolean() ? Op.SEND : Op.RECV, rnd.nextBoolean() ? "s.c:1" : "s.c:2",
            rnd));
      } else {
        int outer = 1 + rnd.nextInt(4);
        int inner = 1 + rnd.nextInt(5);
        for (int i = 0; i < outer; i++) {
          for (int j = 0; j < inner; j++) {
            ev.add(call(Op.SEND, "l.c:" + (kind % 3), rnd));
            ev.add(call(Op.RECV, "l.c:9", rnd));
          }
          ev.add(call(Op.SEND, "l.c:5", rnd));
        }
      }
    }
    return ev;
  }

  private String compress(List<RawEvent> events, int window, int keep) {
    RankCompressor rc = new RankCompressor(0, 4, window, symbols, keep);
    events.forEach(rc::event);
    if (keep < events.size()) {
      assertTrue(rc.folder.released() > 0, "nodes were frozen early");
    }
    CompressedTrace t = rc.finish();
    return CompressedTraceWriter.toString(t);
  }

  @Test
  void framesFrozenEarlyGiveTheSameTrace() {
    for (long seed = 1; seed <= SEEDS; seed++) {
      List<RawEvent> ev = stream(seed, 20_000);
      for (int window : new int[] {8, 16, 64}) {
        String whole = compress(ev, window, Integer.MAX_VALUE / 4);
        String early = compress(ev, window, 4 * window);
        assertEquals(whole, early, "seed " + seed + ", window " + window);
        assertTrue(whole.length() > 10_000);
      }
    }
  }
}
