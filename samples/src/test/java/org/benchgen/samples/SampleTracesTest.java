package org.benchgen.samples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.expand.Expander;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.benchgen.testing.Calls;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The hand-written sample traces in {@code samples/traces}: every sample compresses losslessly,
 * survives a write/read round trip of the compressed format, and gives the same stats compressed
 * as raw; and each sample's per-rank call counts and bytes equal the numbers computed by hand (in
 * its README.md), and its compressed structure is the expected one.
 */
class SampleTracesTest {
  /** Maven runs the tests with the module directory as the working directory. */
  private static final Path TRACES = Path.of("traces");

  /** The samples whose numbers were computed by hand below. */
  private static final List<String> HAND_CHECKED = List.of("ring", "stencil2d", "nested-loops",
      "split-collectives", "wildcard", "deadlock", "comm-split");

  private static final Map<String, CompressedTrace> COMPRESSED = new ConcurrentHashMap<>();

  // ---------------------------------------------------------------- every sample: (a), (b), (c)

  @TestFactory
  Stream<DynamicContainer> everySample() throws IOException {
    return sampleDirs().stream().map(dir -> {
      String name = dir.getFileName().toString();
      return DynamicContainer.dynamicContainer(name, Stream.of(
          DynamicTest.dynamicTest("expanding every rank gives back its events",
              () -> assertLossless(name, dir, compressed(name))),
          DynamicTest.dynamicTest("write, read, write is byte-identical",
              () -> assertRoundTrip(name, dir)),
          DynamicTest.dynamicTest("stats of the compressed trace equal stats of the raw streams",
              () -> assertSameStats(name, dir))));
    });
  }

  @Test
  void everySampleHasHandCheckedNumbers() throws IOException {
    List<String> found = sampleDirs().stream().map(p -> p.getFileName().toString()).sorted()
        .toList();
    assertEquals(HAND_CHECKED.stream().sorted().toList(), found,
        "every directory under samples/traces needs hand-computed numbers in this test");
    for (String name : found) {
      assertTrue(Files.isRegularFile(TRACES.resolve(name).resolve("README.md")),
          name + " has no README.md");
    }
  }

  private static void assertLossless(String name, Path dir, CompressedTrace trace)
      throws IOException {
    TraceDirectory td = TraceDirectory.open(dir);
    assertEquals(td.size(), trace.worldSize(), name + ": world size");
    Expander x = new Expander(trace);
    for (int r = 0; r < td.size(); r++) {
      Events raw = new Events();
      RawTraceReader.read(td.rankFiles().get(r), new SymbolTable(), raw);
      Events back = new Events();
      x.expand(r, back);
      Calls.assertSame(Calls.read(td.rankFiles().get(r)), Calls.of(trace, r),
          name + " rank " + r);
      assertEquals(raw.comms, back.comms, name + " rank " + r + ": communicator definitions");
    }
  }

  private static void assertRoundTrip(String name, Path dir) throws IOException {
    String first = CompressedTraceWriter.toString(compressed(name));
    Path file = Path.of(name + ".bgz");
    CompressedTrace back = CompressedTraceReader.read(file, new StringReader(first));
    String second = CompressedTraceWriter.toString(back);
    assertEquals(first, second, name + ": write -> read -> write changed the text");
    // The trace read back must also still expand to the original streams.
    assertLossless(name + " (read back)", dir, back);
  }

  private static void assertSameStats(String name, Path dir) throws IOException {
    TraceStats raw = TraceStats.of(TraceDirectory.open(dir), n -> { });
    TraceStats comp = TraceStats.of(compressed(name), n -> { });
    assertEquals(raw.worldSize(), comp.worldSize(), name + ": world size");
    assertEquals(raw.rows(), comp.rows(), name + ": per-rank calls and bytes");
    for (int r = 0; r < raw.worldSize(); r++) {
      assertEquals(raw.rank(r).events(), comp.rank(r).events(), name + " rank " + r + ": events");
      assertEquals(raw.rank(r).sentTo(), comp.rank(r).sentTo(),
          name + " rank " + r + ": point-to-point bytes by destination");
    }
  }

  // ------------------------------------------------------------------ (d) hand-computed, per sample

  @Test
  void ring() throws IOException {
    TraceStats st = rawStats("ring");
    for (int r = 0; r < 4; r++) {
      assertCalls(st, r, Map.of(
          Op.INIT, cb(1, 0),
          Op.IRECV, cb(5, 40960),   // 5 iterations x 1024 doubles x 8 B = 5 x 8192 = 40960
          Op.ISEND, cb(5, 40960),   // 5 x 1024 x 8 = 40960
          Op.WAITALL, cb(5, 0),     // one per iteration, moves nothing itself
          Op.FINALIZE, cb(1, 0)));
      // all of it to the right neighbour (r+1) mod 4
      assertEquals(Map.of((r + 1) % 4, 40960L), st.rank(r).sentTo(), "ring rank " + r);
    }

    // Structure: [MPI_Init, loop x5 {Irecv, Isend, Waitall} on all 4 ranks, MPI_Finalize].
    CompressedTrace t = compressed("ring");
    List<Node> body = t.body();
    assertEquals(3, body.size(), "top level");
    assertRsd(body.get(0), Op.INIT, "main.c:8", 0, 1, 2, 3);
    Loop loop = assertInstanceOf(Loop.class, body.get(1));
    assertArrayEquals(new int[] {0, 1, 2, 3}, loop.ranks().toArray());
    for (int r = 0; r < 4; r++) {
      assertEquals(5, trips(loop, r), "trip count on rank " + r);
    }
    assertEquals(3, loop.body().size(), "loop body");
    Rsd irecv = assertRsd(loop.body().get(0), Op.IRECV, "ring.c:12", 0, 1, 2, 3);
    Rsd isend = assertRsd(loop.body().get(1), Op.ISEND, "ring.c:13", 0, 1, 2, 3);
    assertRsd(loop.body().get(2), Op.WAITALL, "ring.c:14", 0, 1, 2, 3);
    assertRsd(body.get(2), Op.FINALIZE, "main.c:30", 0, 1, 2, 3);
    // LEFT and RIGHT are one relative peer for all ranks (the paper's {0..N-1, MPI_Irecv, LEFT}).
    assertEquals(1, irecv.param(Field.SRC).entries().size(), "one src entry for all ranks");
    assertEquals(1, isend.param(Field.DEST).entries().size(), "one dest entry for all ranks");
    for (int r = 0; r < 4; r++) {
      assertEquals((r + 3) % 4, peers(t, irecv, Field.SRC, r, 1).get(0), "LEFT of " + r);
      assertEquals((r + 1) % 4, peers(t, isend, Field.DEST, r, 1).get(0), "RIGHT of " + r);
    }
  }

  @Test
  void stencil2d() throws IOException {
    // 3x2 grid, rank = row*3 + col:   row 0: 0 1 2,  row 1: 3 4 5.
    // North/south halos are 256 doubles = 2048 B, west/east halos 128 doubles = 1024 B.
    TraceStats st = rawStats("stencil2d");
    // Corners 0, 2, 3, 5: one N/S neighbour and one W/E neighbour:
    // per iteration 2048 + 1024 = 3072 B in 2 messages; 4 iterations: 8 calls, 12288 B.
    // Edge middles 1, 4: one N/S and two W/E neighbours:
    // per iteration 2048 + 2 x 1024 = 4096 B in 3 messages; 4 iterations: 12 calls, 16384 B.
    for (int r : new int[] {0, 2, 3, 5}) {
      assertCalls(st, r, Map.of(
          Op.INIT, cb(1, 0),
          Op.IRECV, cb(8, 12288),   // 4 x (2048 + 1024)
          Op.ISEND, cb(8, 12288),   // 4 x (2048 + 1024)
          Op.WAITALL, cb(4, 0),
          Op.FINALIZE, cb(1, 0)));
    }
    for (int r : new int[] {1, 4}) {
      assertCalls(st, r, Map.of(
          Op.INIT, cb(1, 0),
          Op.IRECV, cb(12, 16384),  // 4 x (2048 + 1024 + 1024)
          Op.ISEND, cb(12, 16384),  // 4 x (2048 + 1024 + 1024)
          Op.WAITALL, cb(4, 0),
          Op.FINALIZE, cb(1, 0)));
    }
    // rank 1 sends 4 x 2048 = 8192 B south to 4, 4 x 1024 = 4096 B to each of 0 and 2
    assertEquals(Map.of(0, 4096L, 2, 4096L, 4, 8192L), st.rank(1).sentTo());
    // rank 3 sends 8192 B north to 0 and 4096 B east to 4
    assertEquals(Map.of(0, 8192L, 4, 4096L), st.rank(3).sentTo());

    // Structure: [Init, loop x4 on ranks 0..5 with one RSD per call site, Finalize]; a direction's
    // RSDs hold exactly the ranks that have a neighbour in that direction.
    CompressedTrace t = compressed("stencil2d");
    assertEquals(3, t.body().size(), "top level");
    assertRsd(t.body().get(0), Op.INIT, "main.c:9", 0, 1, 2, 3, 4, 5);
    Loop loop = assertInstanceOf(Loop.class, t.body().get(1));
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, loop.ranks().toArray());
    for (int r = 0; r < 6; r++) {
      assertEquals(4, trips(loop, r), "trip count on rank " + r);
    }
    assertRsd(t.body().get(2), Op.FINALIZE, "main.c:40", 0, 1, 2, 3, 4, 5);
    assertEquals(9, loop.body().size(), "8 directions x Irecv/Isend sites + Waitall");
    int[] north = {3, 4, 5};
    int[] south = {0, 1, 2};
    int[] west = {1, 2, 4, 5};
    int[] east = {0, 1, 3, 4};
    Map<String, int[]> sites = Map.of("stencil.c:41", north, "stencil.c:42", south,
        "stencil.c:43", west, "stencil.c:44", east, "stencil.c:47", north, "stencil.c:48", south,
        "stencil.c:49", west, "stencil.c:50", east, "stencil.c:53", new int[] {0, 1, 2, 3, 4, 5});
    Map<String, Integer> offset = Map.of("41", -3, "42", 3, "43", -1, "44", 1, "47", -3, "48", 3,
        "49", -1, "50", 1);
    for (Node n : loop.body()) {
      Rsd rsd = assertInstanceOf(Rsd.class, n, "no nested loop");
      assertArrayEquals(sites.get(rsd.site()), rsd.ranks().toArray(), rsd.site());
      String line = rsd.site().substring("stencil.c:".length());
      if (rsd.op() != Op.WAITALL) {
        Field f = rsd.op() == Op.IRECV ? Field.SRC : Field.DEST;
        for (int r : rsd.ranks().toArray()) {
          assertEquals(r + offset.get(line), peers(t, rsd, f, r, 1).get(0),
              rsd.site() + " peer of " + r);
        }
      }
    }
  }

  @Test
  void nestedLoops() throws IOException {
    TraceStats st = rawStats("nested-loops");
    // per outer iteration: 4 x 512 doubles x 8 B = 16384 B, plus 2 x 64 x 8 = 1024 B -> 17408 B
    // 3 outer iterations: 3 x 6 = 18 calls, 3 x 17408 = 52224 B.
    // Allreduce: 4 doubles = 32 B, 3 times = 96 B.
    assertCalls(st, 0, Map.of(
        Op.INIT, cb(1, 0),
        Op.SEND, cb(18, 52224),
        Op.ALLREDUCE, cb(3, 96),
        Op.FINALIZE, cb(1, 0)));
    assertCalls(st, 1, Map.of(
        Op.INIT, cb(1, 0),
        Op.RECV, cb(18, 52224),   // bytes received: 3 x (4 x 4096 + 2 x 512)
        Op.ALLREDUCE, cb(3, 96),
        Op.FINALIZE, cb(1, 0)));
    assertEquals(Map.of(1, 52224L), st.rank(0).sentTo());

    // Structure: [Init, loop x3 { loop x6 {Send on 0 / Recv on 1}, Allreduce }, Finalize]; the
    // size change inside the inner loop is a value vector, not a broken loop.
    CompressedTrace t = compressed("nested-loops");
    assertEquals(3, t.body().size(), "top level");
    assertRsd(t.body().get(0), Op.INIT, "main.c:7", 0, 1);
    Loop outer = assertInstanceOf(Loop.class, t.body().get(1));
    assertEquals(3, trips(outer, 0));
    assertEquals(3, trips(outer, 1));
    assertRsd(t.body().get(2), Op.FINALIZE, "main.c:31", 0, 1);
    Placed send = only(t, Op.SEND, "nested.c:21");
    Placed recv = only(t, Op.RECV, "nested.c:23");
    Placed allreduce = only(t, Op.ALLREDUCE, "nested.c:26");
    assertArrayEquals(new int[] {0}, send.rsd.ranks().toArray());
    assertArrayEquals(new int[] {1}, recv.rsd.ranks().toArray());
    assertArrayEquals(new int[] {0, 1}, allreduce.rsd.ranks().toArray());
    assertEquals(List.of(3L, 6L), send.trips(0), "Send: outer x3, inner x6");
    assertEquals(List.of(3L, 6L), recv.trips(1), "Recv: outer x3, inner x6");
    assertEquals(List.of(3L), allreduce.trips(0), "Allreduce: in the outer loop only");
    List<Long> sizes = List.of(512L, 512L, 512L, 512L, 64L, 64L);
    List<Long> all = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      all.addAll(sizes);
    }
    assertEquals(all, values(send.rsd.param(Field.COUNT), 0, 18), "Send counts");
    assertEquals(all, values(recv.rsd.param(Field.COUNT), 1, 18), "Recv counts");
  }

  @Test
  void splitCollectives() throws IOException {
    TraceStats st = rawStats("split-collectives");
    assertCalls(st, 0, Map.of(
        Op.INIT, cb(1, 0),
        Op.ISEND, cb(3, 6144),    // 3 iterations x 256 doubles x 8 B = 3 x 2048
        Op.BARRIER, cb(3, 0),
        Op.WAIT, cb(3, 0),
        Op.FINALIZE, cb(1, 0)));
    assertCalls(st, 1, Map.of(
        Op.INIT, cb(1, 0),
        Op.BARRIER, cb(3, 0),
        Op.IRECV, cb(3, 6144),    // 3 x 2048 B received
        Op.WAIT, cb(3, 0),
        Op.FINALIZE, cb(1, 0)));
    for (int r = 2; r < 4; r++) {
      assertCalls(st, r, Map.of(Op.INIT, cb(1, 0), Op.BARRIER, cb(3, 0), Op.FINALIZE, cb(1, 0)));
    }

    // Structure: the one barrier per iteration is two RSDs (two call sites) until alignment
    // (Algorithm 1) combines them: split.c:21 on rank 0, split.c:24 on ranks 1..3, each in a loop
    // of 3 iterations.
    CompressedTrace t = compressed("split-collectives");
    List<Placed> barriers = placed(t.body()).stream().filter(p -> p.rsd.op() == Op.BARRIER)
        .toList();
    assertEquals(2, barriers.size(), "barrier RSDs");
    Placed b0 = only(t, Op.BARRIER, "split.c:21");
    Placed b1 = only(t, Op.BARRIER, "split.c:24");
    assertArrayEquals(new int[] {0}, b0.rsd.ranks().toArray());
    assertArrayEquals(new int[] {1, 2, 3}, b1.rsd.ranks().toArray());
    assertEquals(List.of(3L), b0.trips(0));
    for (int r = 1; r < 4; r++) {
      assertEquals(List.of(3L), b1.trips(r), "rank " + r);
    }
    assertArrayEquals(new int[] {0}, only(t, Op.ISEND, "split.c:20").rsd.ranks().toArray());
    assertArrayEquals(new int[] {1}, only(t, Op.IRECV, "split.c:26").rsd.ranks().toArray());
  }

  @Test
  void wildcard() throws IOException {
    TraceStats st = rawStats("wildcard");
    assertCalls(st, 0, Map.of(
        Op.INIT, cb(1, 0),
        Op.RECV, cb(6, 2400),     // 2 rounds x 3 messages x 100 ints x 4 B = 6 x 400
        Op.FINALIZE, cb(1, 0)));
    for (int r = 1; r < 4; r++) {
      assertCalls(st, r, Map.of(
          Op.INIT, cb(1, 0),
          Op.SEND, cb(2, 800),    // 2 rounds x 400 B
          Op.FINALIZE, cb(1, 0)));
      assertEquals(Map.of(0, 800L), st.rank(r).sentTo());
    }

    // Structure: rank 0's six wildcard receives are one RSD repeated 6 times (2 x 3), keeping
    // src=ANY_SOURCE and the actual sources 2,1,3 then 3,1,2 as a value vector.
    CompressedTrace t = compressed("wildcard");
    Placed recv = only(t, Op.RECV, "wildcard.c:22");
    assertArrayEquals(new int[] {0}, recv.rsd.ranks().toArray());
    assertEquals(6, product(recv.trips(0)), "receives on rank 0");
    assertEquals(List.of(Sym.ANY_SOURCE.code()), values(recv.rsd.param(Field.SRC), 0, 1));
    assertEquals(List.of(Sym.ANY_TAG.code()), values(recv.rsd.param(Field.TAG), 0, 1));
    assertEquals(List.of(2L, 1L, 3L, 3L, 1L, 2L), peers(t, recv.rsd, Field.ASRC, 0, 6));
    assertEquals(List.of(2L, 1L, 3L, 3L, 1L, 2L), values(recv.rsd.param(Field.ATAG), 0, 6));
    Placed send = only(t, Op.SEND, "wildcard.c:30");
    assertArrayEquals(new int[] {1, 2, 3}, send.rsd.ranks().toArray());
    for (int r = 1; r < 4; r++) {
      assertEquals(2, product(send.trips(r)), "sends on rank " + r);
      assertEquals(List.of(0L), peers(t, send.rsd, Field.DEST, r, 1));
    }
  }

  @Test
  void deadlock() throws IOException {
    TraceStats st = rawStats("deadlock");
    assertCalls(st, 0, Map.of(Op.INIT, cb(1, 0), Op.SEND, cb(1, 64), Op.FINALIZE, cb(1, 0)));
    // 16 ints x 4 B = 64 B per message; rank 1 receives two: 2 x 64 = 128
    assertCalls(st, 1, Map.of(Op.INIT, cb(1, 0), Op.RECV, cb(2, 128), Op.FINALIZE, cb(1, 0)));
    assertCalls(st, 2, Map.of(Op.INIT, cb(1, 0), Op.SEND, cb(1, 64), Op.FINALIZE, cb(1, 0)));
    assertEquals(Map.of(1, 64L), st.rank(0).sentTo());
    assertEquals(Map.of(1, 64L), st.rank(2).sentTo());

    // Structure: the paper's Figure 5(b), no loops: Recv(ANY_SOURCE) and Recv(0) on rank 1, one
    // Send to rank 1 shared by ranks 0 and 2; the wildcard's actual source is not recorded.
    CompressedTrace t = compressed("deadlock");
    for (Node n : t.body()) {
      assertInstanceOf(Rsd.class, n, "no loops");
    }
    Placed any = only(t, Op.RECV, "deadlock.c:10");
    assertArrayEquals(new int[] {1}, any.rsd.ranks().toArray());
    assertEquals(List.of(Sym.ANY_SOURCE.code()), values(any.rsd.param(Field.SRC), 1, 1));
    assertTrue(any.rsd.param(Field.ASRC).entryFor(1).isEmpty(), "asrc not recorded");
    Placed from0 = only(t, Op.RECV, "deadlock.c:11");
    assertArrayEquals(new int[] {1}, from0.rsd.ranks().toArray());
    assertEquals(List.of(0L), peers(t, from0.rsd, Field.SRC, 1, 1));
    Placed send = only(t, Op.SEND, "deadlock.c:14");
    assertArrayEquals(new int[] {0, 2}, send.rsd.ranks().toArray());
    assertEquals(List.of(1L), peers(t, send.rsd, Field.DEST, 0, 1));
    assertEquals(List.of(1L), peers(t, send.rsd, Field.DEST, 2, 1));
  }

  @Test
  void commSplit() throws IOException {
    TraceStats st = rawStats("comm-split");
    for (int r = 0; r < 4; r++) {
      assertCalls(st, r, Map.of(
          Op.INIT, cb(1, 0),
          Op.COMM_SPLIT, cb(1, 0),
          Op.ALLREDUCE, cb(3, 192),   // 3 x 8 doubles x 8 B = 3 x 64
          Op.BCAST, cb(3, 768),       // 3 x 32 doubles x 8 B = 3 x 256 (counted on every rank)
          Op.SENDRECV, cb(3, 3072),   // 3 x 128 doubles x 8 B = 3 x 1024 (the sent side)
          Op.COMM_FREE, cb(1, 0),
          Op.FINALIZE, cb(1, 0)));
    }
    // Sendrecv peers are communicator ranks: the partner of world 0 is world 2, of 1 is 3.
    assertEquals(Map.of(2, 3072L), st.rank(0).sentTo());
    assertEquals(Map.of(3, 3072L), st.rank(1).sentTo());
    assertEquals(Map.of(0, 3072L), st.rank(2).sentTo());
    assertEquals(Map.of(1, 3072L), st.rank(3).sentTo());

    // Structure: communicators 1 = {0,2}, 2 = {1,3}; [Init, Comm_split, loop x3 {Allreduce,
    // Bcast, Sendrecv} on all ranks, Comm_free, Finalize], comm= being 1 on 0,2 and 2 on 1,3.
    CompressedTrace t = compressed("comm-split");
    assertEquals(List.of(new CommDef(1, List.of(0, 2)), new CommDef(2, List.of(1, 3))),
        t.comms());
    List<Node> body = t.body();
    assertEquals(5, body.size(), "top level");
    assertRsd(body.get(0), Op.INIT, "main.c:6", 0, 1, 2, 3);
    Rsd split = assertRsd(body.get(1), Op.COMM_SPLIT, "commsplit.c:15", 0, 1, 2, 3);
    Loop loop = assertInstanceOf(Loop.class, body.get(2));
    assertRsd(body.get(3), Op.COMM_FREE, "commsplit.c:26", 0, 1, 2, 3);
    assertRsd(body.get(4), Op.FINALIZE, "main.c:30", 0, 1, 2, 3);
    assertEquals(3, loop.body().size(), "loop body");
    assertRsd(loop.body().get(0), Op.ALLREDUCE, "commsplit.c:20", 0, 1, 2, 3);
    assertRsd(loop.body().get(1), Op.BCAST, "commsplit.c:21", 0, 1, 2, 3);
    Rsd sr = assertRsd(loop.body().get(2), Op.SENDRECV, "commsplit.c:22", 0, 1, 2, 3);
    int[] partner = {2, 3, 0, 1};
    for (int r = 0; r < 4; r++) {
      long sub = r % 2 == 0 ? 1 : 2;
      assertEquals(3, trips(loop, r), "trip count on rank " + r);
      assertEquals(List.of((long) (r % 2)), values(split.param(Field.COLOR), r, 1));
      assertEquals(List.of((long) r), values(split.param(Field.KEY), r, 1));
      assertEquals(List.of(sub), values(split.param(Field.NEWCOMM), r, 1));
      for (Node n : loop.body()) {
        assertEquals(List.of(sub), values(((Rsd) n).param(Field.COMM), r, 1), "comm on " + r);
      }
      CommDef c = t.comm(sub).orElseThrow();
      long dest = peers(t, sr, Field.DEST, r, 1).get(0);
      long src = peers(t, sr, Field.SRC, r, 1).get(0);
      assertEquals(partner[r], c.members().get((int) dest), "dest of " + r + " as a world rank");
      assertEquals(partner[r], c.members().get((int) src), "src of " + r + " as a world rank");
    }
  }

  // ------------------------------------------------------------------------------------ helpers

  private static List<Path> sampleDirs() throws IOException {
    try (Stream<Path> s = Files.list(TRACES)) {
      return s.filter(Files::isDirectory).sorted().toList();
    }
  }

  private static CompressedTrace compressed(String name) {
    return COMPRESSED.computeIfAbsent(name, n -> {
      try {
        return new TraceCompressor().compress(TraceDirectory.open(TRACES.resolve(n)), r -> { })
            .trace();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  private static TraceStats rawStats(String name) throws IOException {
    return TraceStats.of(TraceDirectory.open(TRACES.resolve(name)), n -> { });
  }

  private static long[] cb(long calls, long bytes) {
    return new long[] {calls, bytes};
  }

  /** Rank {@code r} made exactly these calls, with these counts and bytes. */
  private static void assertCalls(TraceStats st, int r, Map<Op, long[]> want) {
    Map<Op, long[]> got = st.rank(r).byOp();
    assertEquals(new TreeSet<>(want.keySet()), new TreeSet<>(got.keySet()), "calls of rank " + r);
    for (Map.Entry<Op, long[]> e : want.entrySet()) {
      assertArrayEquals(e.getValue(), got.get(e.getKey()),
          "rank " + r + " " + e.getKey().mpiName() + " {calls, bytes}: expected "
              + Arrays.toString(e.getValue()) + " got " + Arrays.toString(got.get(e.getKey())));
    }
  }

  private static Rsd assertRsd(Node n, Op op, String site, int... ranks) {
    Rsd rsd = assertInstanceOf(Rsd.class, n, "expected " + op.mpiName() + " @" + site);
    assertEquals(op, rsd.op(), "op at " + site);
    assertEquals(site, rsd.site(), "site of " + op.mpiName());
    assertArrayEquals(ranks, rsd.ranks().toArray(), "ranks of " + op.mpiName() + " @" + site);
    return rsd;
  }

  /** The first {@code n} values (cycling) a parameter takes on {@code rank}. */
  private static List<Long> values(Param p, int rank, int n) {
    ParamEntry e = p.entryFor(rank).orElseThrow(() -> new AssertionError("no entry for " + rank));
    PrimitiveIterator.OfLong it = e.values().seq().iterator();
    List<Long> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(it.nextLong());
    }
    return out;
  }

  /** The trip count of {@code loop} on {@code rank} (the same each time the loop is entered). */
  private static long trips(Loop loop, int rank) {
    return loop.tripsOn(rank).orElseThrow(() -> new AssertionError(
        "no single trip count on rank " + rank + ": " + loop.trips()));
  }

  /**
   * The first {@code n} values of a peer parameter on world rank {@code rank} as communicator
   * ranks (relative offsets resolved modulo the communicator size); symbols stay symbols.
   */
  private static List<Long> peers(CompressedTrace t, Rsd rsd, Field f, int rank, int n) {
    ParamEntry e = rsd.param(f).entryFor(rank)
        .orElseThrow(() -> new AssertionError("no " + f + " for rank " + rank));
    long commId = values(rsd.param(Field.COMM), rank, 1).get(0);
    CommDef c = t.comm(commId).orElseThrow();
    int me = c.rankOf(rank);
    List<Long> out = new ArrayList<>();
    for (long v : values(rsd.param(f), rank, n)) {
      boolean relative = e.values() instanceof EntryValues.Relative;
      out.add(Sym.isSymbol(v) || !relative ? v : Math.floorMod(me + v, (long) c.members().size()));
    }
    return out;
  }

  private static long product(List<Long> xs) {
    long p = 1;
    for (long x : xs) {
      p *= x;
    }
    return p;
  }

  /** An RSD and the loops around it, outermost first. */
  private record Placed(Rsd rsd, List<Loop> loops) {
    List<Long> trips(int rank) {
      return loops.stream().map(l -> SampleTracesTest.trips(l, rank)).toList();
    }
  }

  private static List<Placed> placed(List<Node> body) {
    List<Placed> out = new ArrayList<>();
    placed(body, List.of(), out);
    return out;
  }

  private static void placed(List<Node> body, List<Loop> around, List<Placed> out) {
    for (Node n : body) {
      if (n instanceof Rsd r) {
        out.add(new Placed(r, around));
      } else {
        Loop l = (Loop) n;
        List<Loop> inner = new ArrayList<>(around);
        inner.add(l);
        placed(l.body(), List.copyOf(inner), out);
      }
    }
  }

  /** The single RSD of {@code op} at {@code site}. */
  private static Placed only(CompressedTrace t, Op op, String site) {
    List<Placed> found = placed(t.body()).stream()
        .filter(p -> p.rsd.op() == op && p.rsd.site().equals(site)).toList();
    assertEquals(1, found.size(), op.mpiName() + " @" + site + " RSDs");
    assertFalse(found.get(0).rsd.ranks().isEmpty());
    return found.get(0);
  }

  /** Collects a rank's stream: communicator definitions and events. */
  private static final class Events implements RawTraceReader.Sink {
    final List<RawEvent> events = new ArrayList<>();
    final Map<Long, List<Long>> comms = new TreeMap<>();

    @Override
    public void comm(long id, long[] members, long[] remote) {
      comms.put(id, Arrays.stream(members).boxed().toList());
    }

    @Override
    public void event(RawEvent event) {
      events.add(event);
    }
  }
}
