package org.benchgen.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The export's binary records (BridgeOut) say what each record's {@link BridgeEvent#line()} says:
 * decoded by the format's description (a kind byte, LEB128 numbers, an operation's name by its
 * length), every kind of record, numbers at their limits, over more than one buffer.
 */
class BridgeOutTest {
  @Test
  void everyRecordIsItsLine() throws Exception {
    long big = Long.MAX_VALUE;
    List<BridgeEvent> events = List.of(
        new BridgeEvent.Enter(0, 0),
        new BridgeEvent.Enter(big, 7, OptionalLong.of(3), OptionalLong.empty(),
            OptionalLong.of(big)),
        new BridgeEvent.Enter(5, 1, OptionalLong.empty(), OptionalLong.of(10),
            OptionalLong.empty()),
        new BridgeEvent.Leave(123456789012L, 9),
        new BridgeEvent.Send(1, 2, 3, 4, 5), new BridgeEvent.Recv(10, 0, 0, 0, 0),
        new BridgeEvent.Isend(1, 2, 3, 4, 5, 6), new BridgeEvent.Irecv(9, 8, 7, 6, 5, 4),
        new BridgeEvent.IsendDone(3, 99), new BridgeEvent.IrecvRequest(4, 100),
        new BridgeEvent.RequestTest(5, 101), new BridgeEvent.RequestCancelled(6, 102),
        new BridgeEvent.CollectiveBegin(7),
        new BridgeEvent.CollectiveEnd(8, "ALLREDUCE", 0, Otf2Names.NO_ROOT, 64, 64),
        new BridgeEvent.CollectiveRequest(9, 5),
        new BridgeEvent.CollectiveDone(10, "IALLTOALL_NOT_A_NAME", 3, 0, 1, 2, 3),
        new BridgeEvent.CommCreate(11, 4), new BridgeEvent.CommDestroy(12, 4));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StringBuilder expected = new StringBuilder();
    try (BridgeOut out = new BridgeOut(bytes)) {
      // 4,000 rounds: several buffers' worth, so lines cross buffer flushes.
      for (int i = 0; i < 4000; i++) {
        for (BridgeEvent e : events) {
          out.write(e);
          expected.append(e.line()).append('\n');
        }
      }
    }
    assertEquals(expected.toString(), decode(bytes.toByteArray()));
    // LEB128 by hand: 300 = 0b10_0101100 -> 0xAC 0x02.
    ByteArrayOutputStream one = new ByteArrayOutputStream();
    try (BridgeOut out = new BridgeOut(one)) {
      out.write(new BridgeEvent.Leave(300, 1));
    }
    assertEquals("02ac0201", java.util.HexFormat.of().formatHex(one.toByteArray()));
  }

  /** The records' keywords by kind, and how many numbers follow the time (-1: an operation). */
  private static final String[] KEYWORD = {null, "enter", "leave", "send", "recv", "isend",
      "irecv", "isend_done", "irecv_req", "req_test", "req_cancel", "coll_begin", "coll_end",
      "nbc_req", "nbc_done", "comm_create", "comm_destroy"};
  private static final int[] FIELDS = {0, 1, 1, 4, 4, 5, 5, 1, 1, 1, 1, 0, -4, 1, -5, 1, 1};
  private static final String[] KEYS = {"request", "unmatched", "recordless"};

  private int at;

  private long leb(byte[] b) {
    long v = 0;
    for (int shift = 0;; shift += 7) {
      int x = b[at++] & 0xff;
      v |= (long) (x & 0x7f) << shift;
      if ((x & 0x80) == 0) {
        return v;
      }
    }
  }

  private String decode(byte[] b) {
    StringBuilder out = new StringBuilder();
    at = 0;
    while (at < b.length) {
      int kind = b[at++];
      out.append(KEYWORD[kind]).append(' ').append(leb(b));
      int fields = FIELDS[kind];
      if (fields < 0) {
        int len = b[at++];
        out.append(' ').append(new String(b, at, len, StandardCharsets.US_ASCII));
        at += len;
        fields = -fields;
      }
      for (int i = 0; i < fields; i++) {
        out.append(' ').append(leb(b));
      }
      if (kind == 1) {
        int count = b[at++];
        for (int i = 0; i < count; i++) {
          out.append(' ').append(KEYS[b[at++]]).append('=').append(leb(b));
        }
      }
      out.append('\n');
    }
    return out.toString();
  }
}
