package org.benchgen.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.benchgen.network.MessageTimes.Kind;
import org.junit.jupiter.api.Test;

/**
 * The fit on synthetic calls of a network with known parameters: L = 500 ns, o = 100 ns,
 * G = 0.5 ns a byte, so that one message of s bytes takes T(s) = 2o + L + (s-1)G = 700 +
 * (s-1)/2 ns (LogGOPSim's formula), worked out by hand for each size below.
 */
class LogGopFitTest {
  private static final double L = 500;
  private static final double O = 100;
  private static final double G = 0.5;

  private static double oneWay(long s) {
    return 2 * O + L + (s - 1) * G;
  }

  /**
   * Rank 0 sends s bytes to rank 1 (o), receives them back: the round trip is 2T(s), plus
   * {@code late} ns when rank 1 was late; rank 1 receives, then sends.
   */
  private static void pingPong(MessageTimes t, long s, double late) {
    MessageTimes.Rank r0 = t.rank(0);
    r0.call(Kind.SEND, 1, s, 0, O, 1);
    r0.call(Kind.RECV, 1, s, O, 2 * oneWay(s) + late, 1);
    r0.other();
    MessageTimes.Rank r1 = t.rank(1);
    r1.call(Kind.RECV, 0, s, 0, oneWay(s), 1);
    r1.call(Kind.SEND, 0, s, oneWay(s), oneWay(s) + O, 1);
    r1.other();
  }

  private static NetworkFit.Fitted fitted(MessageTimes t) {
    t.finish();
    NetworkFit f = LogGopFit.of(t);
    return assertInstanceOf(NetworkFit.Fitted.class, f, f.toString());
  }

  @Test
  void aPingPongOverSizesGivesBackItsNetwork() {
    MessageTimes t = new MessageTimes();
    for (long s : new long[] {1, 1024, 4096, 65536}) {
      for (int i = 0; i < 10; i++) {
        pingPong(t, s, 0);
      }
    }
    NetworkFit.Fitted f = fitted(t);
    // T: 700, 1211.5, 2747.5, 33467.5 on a line of slope 0.5; a = T(1) - 1 x 0.5 = 699.5 from
    // the smallest size (a third of 4 sizes, at least one); o = 100 (the 1-byte sends);
    // L = a - 2o + G = 699.5 - 200 + 0.5 = 500.
    assertEquals(G, f.parameters().G(), 1e-9);
    assertEquals(O, f.parameters().o(), 1e-9);
    assertEquals(O, f.parameters().g(), 1e-9);
    assertEquals(L, f.parameters().L(), 1e-6);
    assertEquals(65537, f.parameters().S());
    assertEquals(1.0, f.quality().r2(), 1e-12);
    assertEquals(4, f.quality().sizes());
    assertEquals(40, f.quality().calls());
    assertEquals(40, f.quality().roundTrips());
  }

  @Test
  void lateRepliesDoNotMoveTheLowerEnvelope() {
    MessageTimes t = new MessageTimes();
    for (long s : new long[] {8, 512, 8192, 131072}) {
      for (int i = 0; i < 10; i++) {
        // 2 of 10 replies come 50 us late: above the 5 % envelope.
        pingPong(t, s, i % 5 == 0 ? 50_000 : 0);
      }
    }
    NetworkFit.Fitted f = fitted(t);
    assertEquals(G, f.parameters().G(), 1e-9);
    assertEquals(L, f.parameters().L(), 1e-6);
  }

  @Test
  void anExchangeIsOneMessage() {
    MessageTimes t = new MessageTimes();
    for (long s : new long[] {8, 800, 8000}) {
      for (int r = 0; r < 2; r++) {
        MessageTimes.Rank rank = t.rank(r);
        // MPI_Irecv from the other rank, MPI_Send to it (o), MPI_Wait until its message is in.
        rank.call(Kind.IRECV, 1 - r, s, 0, 10, 1);
        rank.call(Kind.SEND, 1 - r, s, 10, 10 + O, 1);
        rank.call(Kind.WAIT, -1, 0, 10 + O, 10 + oneWay(s), 1);
        rank.other();
      }
    }
    NetworkFit.Fitted f = fitted(t);
    // Three sizes, the smallest third is 8 bytes: a = T(8) - 8 x 0.5 = 703.5 - 4 = 699.5.
    assertEquals(G, f.parameters().G(), 1e-9);
    assertEquals(L, f.parameters().L(), 1e-6);
    assertEquals(6, f.quality().exchanges());
    assertEquals(0, f.quality().roundTrips());
  }

  @Test
  void sendsThatBothComeFirstAreNoRoundTrip() {
    MessageTimes t = new MessageTimes();
    for (long s : new long[] {8, 800, 8000}) {
      for (int r = 0; r < 2; r++) {
        // Both ranks send, then receive: an exchange in blocking calls, whose receive is not
        // the end of a round trip (halving it would halve one message).
        MessageTimes.Rank rank = t.rank(r);
        rank.call(Kind.SEND, 1 - r, s, 0, O, 1);
        rank.call(Kind.RECV, 1 - r, s, O, oneWay(s), 1);
        rank.other();
      }
    }
    t.finish();
    NetworkFit f = LogGopFit.of(t);
    assertTrue(f instanceof NetworkFit.Refused r && r.why().startsWith("no message times"),
        f.toString());
  }

  @Test
  void twoSizesAreNotALine() {
    MessageTimes t = new MessageTimes();
    pingPong(t, 8, 0);
    pingPong(t, 4096, 0);
    t.finish();
    NetworkFit f = LogGopFit.of(t);
    assertTrue(f instanceof NetworkFit.Refused r && r.why().contains("only 2 distinct size(s)"),
        f.toString());
  }

  @Test
  void timesThatFallWithSizeAreRefused() {
    MessageTimes t = new MessageTimes();
    long[] sizes = {8, 80, 800, 8000};
    double[] times = {9000, 7000, 5000, 3000};
    for (int i = 0; i < sizes.length; i++) {
      MessageTimes.Rank rank = t.rank(0);
      rank.call(Kind.SENDRECV, 1, sizes[i], 0, times[i], 1);
      rank.other();
    }
    t.finish();
    NetworkFit f = LogGopFit.of(t);
    assertTrue(f instanceof NetworkFit.Refused r && r.why().contains("does not grow"),
        f.toString());
  }

  @Test
  void scatteredTimesAreRefused() {
    MessageTimes t = new MessageTimes();
    // Up, down, up: the least-squares line through these explains little (R^2 ~ 0.2).
    long[] sizes = {1000, 2000, 3000, 4000};
    double[] times = {1000, 9000, 1000, 9000};
    for (int i = 0; i < sizes.length; i++) {
      MessageTimes.Rank rank = t.rank(0);
      rank.call(Kind.SENDRECV, 1, sizes[i], 0, times[i], 1);
      rank.other();
    }
    t.finish();
    NetworkFit f = LogGopFit.of(t);
    assertTrue(f instanceof NetworkFit.Refused r && r.why().contains("R^2 0.200"),
        f.toString());
  }

  @Test
  void withoutSmallSendsOIsAQuarterOfTheSmallMessageTime() {
    MessageTimes t = new MessageTimes();
    for (long s : new long[] {8, 800, 8000}) {
      MessageTimes.Rank rank = t.rank(0);
      rank.call(Kind.SENDRECV, 1, s, 0, oneWay(s), 1);
      rank.other();
    }
    NetworkFit.Fitted f = fitted(t);
    // a = 699.5 (as above); o = a/4 = 174.875; L = a - 2o + G = 699.5 - 349.75 + 0.5 = 350.25.
    assertEquals(174.875, f.parameters().o(), 1e-9);
    assertEquals(350.25, f.parameters().L(), 1e-6);
    assertTrue(f.notes().get(0).startsWith("o not measured"), f.notes().toString());
  }

  @Test
  void aCountWeighsAsThatManyCalls() {
    Samples s = new Samples();
    s.add(10, 1);
    s.add(20, 9);
    // 5 % of 10 calls is 0.5: the fastest call is the envelope.
    assertEquals(10, s.envelope());
    Samples u = new Samples();
    u.add(10, 1);
    u.add(20, 99);
    // 5 % of 100 calls is 5: the one fast call is not.
    assertEquals(20, u.envelope());
    assertEquals(100, u.count());
  }

  @Test
  void aSizesTimesAreBoundedAndRepeatsAreOne() {
    Samples s = new Samples();
    for (int i = 1; i <= 10_000; i++) {
      s.add(i, 1);
    }
    // All 10,000 counted; the first 4,096 kept, whose 5 % (204.8 calls) ends at the 205th.
    assertEquals(10_000, s.count());
    assertEquals(205, s.envelope());
    Samples r = new Samples();
    for (int i = 0; i < 10_000; i++) {
      r.add(i < 100 ? 7 : 9, 1);
    }
    // Two runs of equal times: 100 calls of 7 ns are 1 % of them, below the 5 % envelope.
    assertEquals(9, r.envelope());
    assertEquals(10_000, r.count());
  }

  @Test
  void integersInPicosecondsBelowFiftyNanosecondsAByte() {
    LogGop p = new LogGop(500.4, 100, 100, 0.25, 4097);
    assertEquals(LogGop.TimeUnit.PS, p.unit());
    assertEquals("-L 500400 -o 100000 -g 100000 -G 250 -S 4097", p.in(p.unit()).options());
    LogGop q = new LogGop(2500, 1500, 1000, 60.4, 65535);
    assertEquals(LogGop.TimeUnit.NS, q.unit());
    assertEquals("-L 2500 -o 1500 -g 1000 -G 60 -S 65535", q.in(q.unit()).options());
    // 2o + L + (s-1)G = 200 + 500.4 + 1023 x 0.25 = 956.15.
    assertEquals(956.15, p.oneWay(1024), 1e-9);
  }
}
