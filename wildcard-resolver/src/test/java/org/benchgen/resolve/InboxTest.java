package org.benchgen.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.benchgen.trace.Sym;
import org.junit.jupiter.api.Test;

class InboxTest {
  private static Message from(long source, long tag) {
    return new Message((int) source, 0, source, 0, tag, false, null, 0, 0, -1);
  }

  @Test
  void messagesReceivedFromANamedSourceDoNotPileUp() {
    Inbox in = new Inbox();
    // A ring's steady state: one message from rank 3 waits, a receive from rank 3 takes it.
    for (int i = 0; i < 100_000; i++) {
      in.add(from(3, i));
      assertEquals(i, in.find(0, 3, i, true).orElseThrow().tag);
    }
    assertTrue(in.all.size() <= 1024, "kept " + in.all.size() + " of 100000 matched messages");
  }

  @Test
  void compactingKeepsTheOrderOfWaitingMessages() {
    Inbox in = new Inbox();
    for (int i = 0; i < 5_000; i++) {
      in.add(from(i % 2, i));
      if (i % 2 == 0) {
        in.find(0, 0, i, true).orElseThrow();
      }
    }
    // The odd tags from rank 1 wait, in the order they came, for a wildcard and a named receive.
    long anySource = Sym.ANY_SOURCE.code();
    long anyTag = Sym.ANY_TAG.code();
    assertEquals(1, in.find(0, anySource, anyTag, true).orElseThrow().tag);
    assertEquals(3, in.find(0, 1, anyTag, true).orElseThrow().tag);
    assertEquals(5, in.find(0, anySource, anyTag, true).orElseThrow().tag);
    assertTrue(in.all.size() <= 2 * 2_500 + 1024);
  }

  @Test
  void findsWhatAScanInArrivalOrderFindsWithFewMessagesAndWithMany() {
    // Below 64 waiting messages the inbox scans, past it it indexes by source: both must give
    // the first message in arrival order that the receive fits, as a plain list does.
    java.util.Random rnd = new java.util.Random(50);
    long anySource = Sym.ANY_SOURCE.code();
    long anyTag = Sym.ANY_TAG.code();
    for (int backlog : new int[] {10, 200}) {
      Inbox in = new Inbox();
      java.util.List<Message> plain = new java.util.ArrayList<>();
      for (int i = 0; i < 5_000; i++) {
        if (plain.size() < backlog || rnd.nextInt(3) == 0) {
          Message m = new Message(0, 0, rnd.nextInt(3), rnd.nextInt(2), rnd.nextInt(3), false,
              null, 0, i, -1);
          in.add(m);
          plain.add(m);
          continue;
        }
        long comm = rnd.nextInt(2);
        long src = rnd.nextInt(4) == 0 ? anySource : rnd.nextInt(3);
        long tag = rnd.nextInt(4) == 0 ? anyTag : rnd.nextInt(3);
        boolean take = rnd.nextBoolean();
        java.util.Optional<Message> want = plain.stream().filter(m -> m.comm == comm
            && (src == anySource || m.fromCommRank == src) && (tag == anyTag || m.tag == tag))
            .findFirst();
        java.util.Optional<Message> got = in.find(comm, src, tag, take);
        assertEquals(want.map(m -> m.sendSeq), got.map(m -> m.sendSeq), "find " + i);
        if (take) {
          want.ifPresent(plain::remove);
        }
      }
    }
  }
}
