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
}
