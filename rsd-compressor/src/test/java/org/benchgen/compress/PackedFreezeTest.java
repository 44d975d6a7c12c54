package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.PackedParams;
import org.benchgen.ir.PackedStats;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawEventBuilder;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.SymbolTable;
import org.benchgen.traverse.Step;
import org.benchgen.traverse.TraversalContext;
import org.junit.jupiter.api.Test;

/**
 * Frozen RSDs hold their parameters and statistics packed: the compressed trace in memory, walked
 * rank by rank, must give back every call's peer, tag and count of the streams it was made from,
 * as must the same trace written and read back. The streams are sends and receives in a random
 * order, where nothing folds and RSDs of equal short sequences abound (the case in which sharing
 * parameter entries between RSDs once made a walk read wrong values).
 */
class PackedFreezeTest {
  private static final int WORLD = 4;
  private final SymbolTable symbols = new SymbolTable();

  /** Rank {@code rank}'s random calls: peers, tags and counts from small sets, so they recur. */
  private List<RawEvent> stream(int rank, long seed, int n) {
    Random rnd = new Random(seed);
    List<RawEvent> ev = new ArrayList<>();
    long clock = 0;
    for (int i = 0; i < n; i++) {
      Op op = rnd.nextBoolean() ? Op.SEND : Op.RECV;
      int peer = (rank + 1 + rnd.nextInt(WORLD - 1)) % WORLD;
      RawEventBuilder b = new RawEventBuilder(symbols, op, op == Op.SEND ? "p.c:1" : "p.c:2")
          .set(Field.COMM, 0).set(op == Op.SEND ? Field.DEST : Field.SRC, peer)
          .set(Field.TAG, rnd.nextInt(3)).set(Field.COUNT, rnd.nextInt(4) == 0 ? 1L << 33
              : 1 + rnd.nextInt(3))
          .name(Field.TYPE, "MPI_BYTE").set(Field.TSIZE, 1);
      if (op == Op.RECV) {
        b.set(Field.BYTES, 1);
      }
      clock += 100 + rnd.nextInt(900);
      ev.add(b.times(clock, clock + 5 + rnd.nextInt(20)).build());
    }
    return ev;
  }

  private static List<String> expected(List<RawEvent> events) {
    List<String> out = new ArrayList<>();
    for (RawEvent e : events) {
      Field peer = e.op() == Op.SEND ? Field.DEST : Field.SRC;
      out.add(e.op().mpiName() + " " + e.get(peer) + " " + e.get(Field.TAG) + " "
          + e.get(Field.COUNT));
    }
    return out;
  }

  private static List<String> walk(CompressedTrace t, int rank) {
    TraversalContext c = new TraversalContext(t, rank);
    List<String> out = new ArrayList<>();
    while (c.hasNext()) {
      Step s = c.next();
      Op op = s.rsd().op();
      Field peer = op == Op.SEND ? Field.DEST : Field.SRC;
      out.add(op.mpiName() + " " + s.value(peer) + " " + s.value(Field.TAG) + " "
          + s.value(Field.COUNT));
    }
    return out;
  }

  private static int[] packed(List<Node> nodes) {
    int[] n = new int[2];
    for (Node x : nodes) {
      if (x instanceof Loop l) {
        int[] in = packed(l.body());
        n[0] += in[0];
        n[1] += in[1];
      } else {
        n[0] += ((Rsd) x).params() instanceof PackedParams ? 1 : 0;
        n[1] += ((Rsd) x).compute() instanceof PackedStats ? 1 : 0;
      }
    }
    return n;
  }

  @Test
  void aPackedTraceWalksAsItsStreamsInMemoryAndReadBack() throws IOException {
    for (long seed = 1; seed <= 2; seed++) {
      List<RawEvent> a = stream(0, seed, 2000);
      List<RawEvent> b = stream(1, seed + 100, 2000);
      RankCompressor ra = new RankCompressor(0, WORLD, 16, symbols);
      a.forEach(ra::event);
      RankCompressor rb = new RankCompressor(1, WORLD, 16, symbols);
      b.forEach(rb::event);
      CompressedTrace t = new TraceMerger().merge(ra.finish(), rb.finish());
      int[] packed = packed(t.body());
      assertTrue(packed[0] > 300 && packed[1] > 300, "packed RSDs: " + packed[0] + ", "
          + packed[1]);
      CompressedTrace read = CompressedTraceReader.read(Path.of("t.bgc"), new BufferedReader(
          new StringReader(CompressedTraceWriter.toString(t))));
      assertEquals(expected(a), walk(t, 0), "seed " + seed);
      assertEquals(expected(b), walk(t, 1), "seed " + seed);
      assertEquals(expected(a), walk(read, 0), "seed " + seed);
      assertEquals(expected(b), walk(read, 1), "seed " + seed);
    }
  }
}
