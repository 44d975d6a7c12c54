package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.format.ValueText;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawEventBuilder;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Op;
import org.benchgen.trace.SymbolTable;
import org.benchgen.testing.Calls;
import org.junit.jupiter.api.Test;

/** Intra-rank folding on small inline programs, checked against the loops written by hand. */
class RankCompressorTest {
  private final SymbolTable symbols = new SymbolTable();
  private final ValueText text = new ValueText(symbols);
  private long clock;
  private long req = 1;

  private RawEvent send(String site, long count, int dest) {
    clock += 100;
    return new RawEventBuilder(symbols, Op.SEND, site).set(Field.COMM, 0).set(Field.DEST, dest)
        .set(Field.TAG, 0).set(Field.COUNT, count).name(Field.TYPE, "MPI_BYTE")
        .set(Field.TSIZE, 1).times(clock, clock + 10).build();
  }

  private CompressedTrace compress(int rank, int size, List<RawEvent> events) {
    RankCompressor rc = new RankCompressor(rank, size, symbols);
    events.forEach(rc::event);
    return rc.finish();
  }

  private String values(Rsd r, Field f) {
    StringBuilder b = new StringBuilder();
    text.seq(b, r.param(f).entries().get(0).values().seq(), FieldKind.INT, false, "");
    return b.toString();
  }

  @Test
  void twoSitesInAnOuterLoopBecomeNestedLoops() {
    List<RawEvent> ev = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      for (int j = 0; j < 5; j++) {
        ev.add(send("a.c:1", 64, 1));
      }
      for (int j = 0; j < 10; j++) {
        ev.add(send("a.c:2", 4096, 1));
      }
    }
    List<Node> top = compress(0, 2, ev).body();
    // Expected by hand: loop 100 { loop 5 { send a.c:1 }, loop 10 { send a.c:2 } }.
    assertEquals(1, top.size());
    Loop outer = assertInstanceOf(Loop.class, top.get(0));
    assertEquals("100", tripText(outer));
    assertEquals(2, outer.body().size());
    Loop five = assertInstanceOf(Loop.class, outer.body().get(0));
    Loop ten = assertInstanceOf(Loop.class, outer.body().get(1));
    assertEquals("5", tripText(five));
    assertEquals("10", tripText(ten));
    assertEquals("64", values((Rsd) five.body().get(0), Field.COUNT));
    assertEquals("4096", values((Rsd) ten.body().get(0), Field.COUNT));
  }

  private RawEvent barrier(String site) {
    clock += 100;
    return new RawEventBuilder(symbols, Op.BARRIER, site).set(Field.COMM, 0).times(clock, clock
        + 10)
        .build();
  }

  @Test
  void outerIterationsFoldTheSameWhateverTheirInnerTripCounts() {
    // An outer loop whose body is an inner loop then a barrier: the compressor builds such
    // iterations itself once it has seen the folder take one (RankCompressor.OuterIteration);
    // an iteration with fewer than two inner iterations goes to the folder event by event.
    int[] trips = {3, 2, 5, 3, 4, 2, 1, 3, 3};
    List<RawEvent> ev = new ArrayList<>();
    for (int t : trips) {
      for (int i = 0; i < t; i++) {
        ev.add(send("a.c:1", 64, 1));
        ev.add(send("a.c:2", 8 + i % 2, 1));
      }
      ev.add(barrier("a.c:3"));
    }
    CompressedTrace trace = compress(0, 2, ev);
    Calls.assertSame(Calls.lines(ev, symbols), Calls.of(trace, 0), "expanded");
    // loop 6 { loop 3,2,5,3,4,2 { 2 sends }, barrier }, then the iterations from the one with a
    // single inner iteration on.
    Loop outer = assertInstanceOf(Loop.class, trace.body().get(0));
    assertEquals("6", tripText(outer));
    assertEquals("3,2,5,3,4,2", tripText(assertInstanceOf(Loop.class, outer.body().get(0))));
  }

  @Test
  void outerIterationsKeepExactTimeSummaries() {
    // The outer iterations that the compressor builds itself append their inner loop instance's
    // executions straight to the loop's nodes; the time summaries must still be those of all
    // the events, here computed directly from them.
    java.util.Random rnd = new java.util.Random(7);
    int[] trips = {3, 4, 2, 5, 3, 3, 6, 2, 4, 3};
    List<RawEvent> ev = new ArrayList<>();
    for (int t : trips) {
      for (int i = 0; i < t; i++) {
        for (String site : new String[] {"a.c:1", "a.c:2"}) {
          clock += 20 + rnd.nextInt(500);
          long exit = clock + 1 + rnd.nextInt(50);
          ev.add(new RawEventBuilder(symbols, Op.SEND, site).set(Field.COMM, 0).set(Field.DEST, 1)
              .set(Field.TAG, 0).set(Field.COUNT, 8).name(Field.TYPE, "MPI_BYTE")
              .set(Field.TSIZE, 1).times(clock, exit).build());
          clock = exit;
        }
      }
      clock += 1000 + rnd.nextInt(3000);
      long exit = clock + 100 + rnd.nextInt(900);
      ev.add(new RawEventBuilder(symbols, Op.BARRIER, "a.c:3").set(Field.COMM, 0).times(clock, exit)
          .build());
      clock = exit;
    }
    CompressedTrace trace = compress(0, 2, ev);
    Loop outer = assertInstanceOf(Loop.class, trace.body().get(0));
    assertEquals(String.valueOf(trips.length), tripText(outer));
    Loop inner = assertInstanceOf(Loop.class, outer.body().get(0));
    List<Rsd> rsds = List.of((Rsd) inner.body().get(0), (Rsd) inner.body().get(1),
        (Rsd) outer.body().get(1));
    for (Rsd r : rsds) {
      List<Long> durations = new ArrayList<>();
      java.util.Map<String, List<Long>> computes = new java.util.LinkedHashMap<>();
      for (int i = 0; i < ev.size(); i++) {
        RawEvent e = ev.get(i);
        if (e.site().equals(r.site())) {
          durations.add(e.exit() - e.enter());
          if (i > 0) {
            computes.computeIfAbsent(ev.get(i - 1).site(), k -> new ArrayList<>())
                .add(e.enter() - ev.get(i - 1).exit());
          }
        }
      }
      // A call's time keeps its count and mean.
      assertEquals(durations.size(), r.duration().count(), r.site() + " calls");
      assertEquals(durations.stream().mapToLong(Long::longValue).average().orElseThrow(),
          r.duration().mean(), 1e-9 * r.duration().mean() + 1e-9, r.site() + " mean duration");
      assertEquals(computes.keySet().stream().sorted().toList(),
          r.compute().stream().map(c -> c.after()).sorted().toList(), r.site() + " call paths");
      for (var c : r.compute()) {
        assertSummary(computes.get(c.after()), c.time(), r.site() + " after " + c.after());
      }
    }
  }

  /** Count, min and max exactly, mean and sample standard deviation to rounding. */
  private static void assertSummary(List<Long> values, org.benchgen.ir.Histogram h,
      String what) {
    double mean = values.stream().mapToLong(Long::longValue).average().orElseThrow();
    double ss = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
    double sd = Math.sqrt(ss / (values.size() - 1));
    assertEquals(values.size(), h.count(), what + ": count");
    assertEquals(values.stream().mapToLong(Long::longValue).min().orElseThrow(), h.min(), what);
    assertEquals(values.stream().mapToLong(Long::longValue).max().orElseThrow(), h.max(), what);
    assertEquals(mean, h.mean(), 1e-9 * mean, what + ": mean");
    assertEquals(sd, h.sd(), 1e-9 * sd, what + ": sd");
  }

  @Test
  void oneSiteWithTwoSizesIsOneLoopWithAValueVector() {
    List<RawEvent> ev = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      for (int j = 0; j < 5; j++) {
        ev.add(send("a.c:1", 64, 1));
      }
      for (int j = 0; j < 10; j++) {
        ev.add(send("a.c:1", 4096, 1));
      }
    }
    List<Node> top = compress(0, 2, ev).body();
    // 1,500 sends from one call site: one loop of 1,500, sizes the period (64x5, 4096x10).
    assertEquals(1, top.size());
    Loop loop = assertInstanceOf(Loop.class, top.get(0));
    assertEquals("1500", tripText(loop));
    assertEquals("64*5,4096*10", values((Rsd) loop.body().get(0), Field.COUNT));
  }

  @Test
  void varyingParameterDoesNotBreakTheLoop() {
    List<RawEvent> ev = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      ev.add(send("a.c:1", i % 2 == 0 ? 1024 : 2048, 1));
      ev.add(send("a.c:2", 8, 1));
    }
    List<Node> top = compress(0, 2, ev).body();
    Loop loop = assertInstanceOf(Loop.class, top.get(0));
    assertEquals(1, top.size());
    assertEquals("50", tripText(loop));
    assertEquals("1024,2048", values((Rsd) loop.body().get(0), Field.COUNT));
  }

  @Test
  void peersAreKeptAbsoluteAndRelativeUntilRanksMerge() {
    // Rank 3 of 4 sends to rank 0: absolute 0, relative +1.
    CompressedTrace t = compress(3, 4, List.of(send("a.c:1", 1, 0)));
    Rsd r = (Rsd) t.body().get(0);
    var v = (org.benchgen.ir.EntryValues.Undecided) r.param(Field.DEST).entries().get(0).values();
    assertEquals(0, v.absolute().iterator().nextLong());
    assertEquals(1, v.relative().iterator().nextLong());
  }

  @Test
  void requestsAreNamedByAgeSoLoopBodiesCompress() {
    List<RawEvent> ev = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      long a = req++;
      long b = req++;
      clock += 10;
      ev.add(new RawEventBuilder(symbols, Op.IRECV, "r").set(Field.COMM, 0).set(Field.SRC, 1)
          .set(Field.TAG, 0).set(Field.COUNT, 1).name(Field.TYPE, "MPI_INT").set(Field.TSIZE, 4)
          .set(Field.REQ, a).set(Field.BYTES, 4).times(clock, clock).build());
      ev.add(new RawEventBuilder(symbols, Op.ISEND, "s").set(Field.COMM, 0).set(Field.DEST, 1)
          .set(Field.TAG, 0).set(Field.COUNT, 1).name(Field.TYPE, "MPI_INT").set(Field.TSIZE, 4)
          .set(Field.REQ, b).times(clock, clock).build());
      ev.add(new RawEventBuilder(symbols, Op.WAITALL, "w").list(Field.REQS, a, b).times(clock,
          clock)
          .build());
    }
    List<Node> top = compress(0, 2, ev).body();
    assertEquals(1, top.size(), "ids 1..40 must not break the loop");
    Loop loop = assertInstanceOf(Loop.class, top.get(0));
    StringBuilder b = new StringBuilder();
    text.seq(b, ((Rsd) loop.body().get(2)).param(Field.REQS).entries().get(0).values().seq(),
        FieldKind.REQS, false, "");
    // The Irecv's request is the older of the two live ones (age 1), the Isend's the newest (0).
    assertEquals("[1,0]", b.toString());
  }

  private String tripText(Loop l) {
    StringBuilder b = new StringBuilder();
    text.seq(b, l.trips().entries().get(0).values().seq(), FieldKind.INT, false, "");
    return b.toString();
  }
}
