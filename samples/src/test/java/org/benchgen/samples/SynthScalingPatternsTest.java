package org.benchgen.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.benchgen.testing.Calls;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.SymbolTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The synthetic patterns of issue 18 (mpmd, irregular, shuffled): their counts equal those worked
 * out from the parameters, every send meets its receive, and they compress losslessly.
 */
class SynthScalingPatternsTest {
  @TempDir
  Path tmp;

  @Test
  void mpmdHasDistinctSitesPerRankAndCountsFromItsParameters() throws IOException {
    int ranks = 3;
    int sites = 30;
    Path dir = tmp.resolve("mpmd");
    Synth.mpmd(ranks, sites, 5).write(dir, false, n -> { });
    TraceDirectory td = TraceDirectory.open(dir);
    TraceStats stats = TraceStats.of(td, n -> { });
    // Counts 1, 2, 4, ..., 2048 repeat every 12 calls: 30 calls are two full cycles and 1..32.
    long bytes = 8 * (2 * 4095 + 63);
    List<Set<String>> siteSets = new ArrayList<>();
    for (int r = 0; r < ranks; r++) {
      assertEquals(sites + 2, stats.rank(r).events(), "rank " + r + " events");
      assertEquals(sites, stats.rank(r).byOp().get(Op.SENDRECV)[0], "rank " + r + " Sendrecvs");
      assertEquals(bytes, stats.rank(r).sentTo().get((r + 1) % ranks), "rank " + r + " bytes");
      Set<String> s = new HashSet<>();
      for (RawEvent e : Calls.events(td.rankFiles().get(r), new SymbolTable())) {
        if (e.op() == Op.SENDRECV) {
          s.add(e.site());
        }
      }
      assertEquals(sites, s.size(), "rank " + r + " distinct Sendrecv sites");
      siteSets.add(s);
    }
    for (int a = 0; a < ranks; a++) {
      for (int b = a + 1; b < ranks; b++) {
        Set<String> both = new HashSet<>(siteSets.get(a));
        both.retainAll(siteSets.get(b));
        assertTrue(both.isEmpty(), "ranks " + a + " and " + b + " share " + both);
      }
    }
    assertLossless(td);
  }

  @Test
  void irregularMatchesEverySendWithItsReceive() throws IOException {
    int ranks = 5;
    int events = 301; // rounded up to 303: 101 rounds
    Path dir = tmp.resolve("irregular");
    Synth.irregular(ranks, events, 9).write(dir, false, n -> { });
    TraceDirectory td = TraceDirectory.open(dir);
    TraceStats stats = TraceStats.of(td, n -> { });
    // (sender, receiver) -> the (tag, count) of each message in order, from both ends.
    Map<List<Integer>, List<List<Long>>> sent = new HashMap<>();
    Map<List<Integer>, List<List<Long>>> received = new HashMap<>();
    Set<Integer> peers = new HashSet<>();
    Set<Long> counts = new HashSet<>();
    for (int r = 0; r < ranks; r++) {
      assertEquals(303 + 2, stats.rank(r).events(), "rank " + r + " events");
      for (Op op : List.of(Op.IRECV, Op.ISEND, Op.WAITALL)) {
        assertEquals(101, stats.rank(r).byOp().get(op)[0], "rank " + r + " " + op);
      }
      for (RawEvent e : Calls.events(td.rankFiles().get(r), new SymbolTable())) {
        if (e.op() == Op.ISEND) {
          int to = (int) e.get(Field.DEST);
          peers.add(Math.floorMod(to - r, ranks));
          counts.add(e.get(Field.COUNT));
          sent.computeIfAbsent(List.of(r, to), k -> new ArrayList<>())
              .add(List.of(e.get(Field.TAG), e.get(Field.COUNT)));
        } else if (e.op() == Op.IRECV) {
          received.computeIfAbsent(List.of((int) e.get(Field.SRC), r), k -> new ArrayList<>())
              .add(List.of(e.get(Field.TAG), e.get(Field.COUNT)));
          assertEquals(8 * e.get(Field.COUNT), e.get(Field.BYTES));
        }
      }
    }
    assertEquals(sent, received, "every message, in order, from its sender and its receiver");
    assertEquals(Set.of(1, 2, 3, 4), peers, "every distance between ranks occurs");
    assertTrue(counts.size() > 300, counts.size() + " distinct counts of 505 messages");
    assertLossless(td);
  }

  @Test
  void shuffledPairsEverySendWithItsReceiveInOneGlobalOrder() throws IOException {
    int ranks = 4;
    int events = 200; // 400 steps, 8 Allreduces
    Path dir = tmp.resolve("shuffled");
    Synth.shuffled(ranks, events, 3).write(dir, false, n -> { });
    TraceDirectory td = TraceDirectory.open(dir);
    // Each rank's point-to-point calls, as (sender, receiver, tag, count), in its own order.
    List<List<List<Long>>> calls = new ArrayList<>();
    Map<List<Long>, Integer> sends = new HashMap<>();
    Map<List<Long>, Integer> recvs = new HashMap<>();
    long p2p = 0;
    Set<String> orders = new HashSet<>();
    for (int r = 0; r < ranks; r++) {
      List<List<Long>> mine = new ArrayList<>();
      StringBuilder order = new StringBuilder();
      int allreduces = 0;
      for (RawEvent e : Calls.events(td.rankFiles().get(r), new SymbolTable())) {
        if (e.op() == Op.ALLREDUCE) {
          allreduces++;
        } else if (e.op() == Op.SEND || e.op() == Op.RECV) {
          boolean send = e.op() == Op.SEND;
          long peer = e.get(send ? Field.DEST : Field.SRC);
          List<Long> m = send ? List.of((long) r, peer, e.get(Field.TAG), e.get(Field.COUNT))
              : List.of(peer, (long) r, e.get(Field.TAG), e.get(Field.COUNT));
          (send ? sends : recvs).merge(m, 1, Integer::sum);
          mine.add(m);
          order.append(send ? 'S' : 'R');
        }
      }
      assertEquals(8, allreduces, "rank " + r + " Allreduces");
      p2p += mine.size();
      orders.add(order.toString());
      calls.add(mine);
    }
    assertEquals(2 * 400, p2p, "each step is one Send and one Recv");
    assertEquals(sends, recvs, "every message from its sender and its receiver");
    // Any two ranks see the messages between them in the same order: one global schedule.
    for (int a = 0; a < ranks; a++) {
      for (int b = a + 1; b < ranks; b++) {
        int x = a;
        int y = b;
        assertEquals(calls.get(a).stream().filter(m -> between(m, x, y)).toList(),
            calls.get(b).stream().filter(m -> between(m, x, y)).toList(), a + " and " + b);
      }
    }
    assertEquals(ranks, orders.size(), "every rank has an order of Sends and Recvs of its own");
    assertLossless(td);
  }

  private static boolean between(List<Long> m, int a, int b) {
    return m.get(0) == a && m.get(1) == b || m.get(0) == b && m.get(1) == a;
  }

  private static void assertLossless(TraceDirectory td) throws IOException {
    CompressedTrace t = new TraceCompressor().compress(td, n -> { }).trace();
    for (int r = 0; r < td.size(); r++) {
      Calls.assertSame(Calls.read(td.rankFiles().get(r)), Calls.of(t, r), "rank " + r);
    }
  }
}
