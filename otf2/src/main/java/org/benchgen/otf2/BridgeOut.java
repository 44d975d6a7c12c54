package org.benchgen.otf2;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;

/**
 * A rank's file of the bridge as the export writes it for the native writer {@code
 * bg-otf2-write}: each record a byte saying its kind (the {@code KIND_*} codes, which
 * bg_otf2_write.c reads) and its fields as unsigned LEB128 numbers, in the order of its {@link
 * BridgeEvent#line()}; a collective's operation as its OTF2 name (a length, then ASCII); an enter's
 * attributes as their count, then each attribute's number (0 request, 1 unmatched, 2 recordless)
 * and value. Binary, not text: an export writes millions of records, and formatting and parsing
 * decimal numbers was most of its time. Nothing from the trace is text here (names go in the
 * defs file, percent-encoded), so nothing can be injected.
 */
final class BridgeOut implements AutoCloseable {
  static final int KIND_ENTER = 1;
  static final int KIND_LEAVE = 2;
  static final int KIND_SEND = 3;
  static final int KIND_RECV = 4;
  static final int KIND_ISEND = 5;
  static final int KIND_IRECV = 6;
  static final int KIND_ISEND_DONE = 7;
  static final int KIND_IRECV_REQ = 8;
  static final int KIND_REQ_TEST = 9;
  static final int KIND_REQ_CANCEL = 10;
  static final int KIND_COLL_BEGIN = 11;
  static final int KIND_COLL_END = 12;
  static final int KIND_NBC_REQ = 13;
  static final int KIND_NBC_DONE = 14;
  static final int KIND_COMM_CREATE = 15;
  static final int KIND_COMM_DESTROY = 16;

  private static final int SIZE = 1 << 16;
  /** Room a record needs at most: a kind, eight 10-byte numbers, an operation's name. */
  private static final int MAX_RECORD = 160;

  private final OutputStream out;
  private final byte[] buf = new byte[SIZE];
  private int n;

  BridgeOut(OutputStream out) {
    this.out = out;
  }

  /** Writes {@code e}. */
  void write(BridgeEvent e) {
    if (n + MAX_RECORD > SIZE) {
      flush();
    }
    if (e instanceof BridgeEvent.Enter x) {
      kind(KIND_ENTER, x.time(), x.region());
      int count = (x.request().isPresent() ? 1 : 0) + (x.unmatched().isPresent() ? 1 : 0)
          + (x.recordless().isPresent() ? 1 : 0);
      buf[n++] = (byte) count;
      attribute(0, x.request());
      attribute(1, x.unmatched());
      attribute(2, x.recordless());
    } else if (e instanceof BridgeEvent.Leave x) {
      kind(KIND_LEAVE, x.time(), x.region());
    } else if (e instanceof BridgeEvent.Send x) {
      kind(KIND_SEND, x.time(), x.peer(), x.comm(), x.tag(), x.length());
    } else if (e instanceof BridgeEvent.Recv x) {
      kind(KIND_RECV, x.time(), x.peer(), x.comm(), x.tag(), x.length());
    } else if (e instanceof BridgeEvent.Isend x) {
      kind(KIND_ISEND, x.time(), x.peer(), x.comm(), x.tag(), x.length(), x.request());
    } else if (e instanceof BridgeEvent.Irecv x) {
      kind(KIND_IRECV, x.time(), x.peer(), x.comm(), x.tag(), x.length(), x.request());
    } else if (e instanceof BridgeEvent.IsendDone x) {
      kind(KIND_ISEND_DONE, x.time(), x.request());
    } else if (e instanceof BridgeEvent.IrecvRequest x) {
      kind(KIND_IRECV_REQ, x.time(), x.request());
    } else if (e instanceof BridgeEvent.RequestTest x) {
      kind(KIND_REQ_TEST, x.time(), x.request());
    } else if (e instanceof BridgeEvent.RequestCancelled x) {
      kind(KIND_REQ_CANCEL, x.time(), x.request());
    } else if (e instanceof BridgeEvent.CollectiveBegin x) {
      kind(KIND_COLL_BEGIN, x.time());
    } else if (e instanceof BridgeEvent.CollectiveEnd x) {
      kind(KIND_COLL_END, x.time());
      op(x.op());
      numbers(x.comm(), x.root(), x.sent(), x.received());
    } else if (e instanceof BridgeEvent.CollectiveRequest x) {
      kind(KIND_NBC_REQ, x.time(), x.request());
    } else if (e instanceof BridgeEvent.CollectiveDone x) {
      kind(KIND_NBC_DONE, x.time());
      op(x.op());
      numbers(x.comm(), x.root(), x.sent(), x.received(), x.request());
    } else if (e instanceof BridgeEvent.CommCreate x) {
      kind(KIND_COMM_CREATE, x.time(), x.comm());
    } else if (e instanceof BridgeEvent.CommDestroy x) {
      kind(KIND_COMM_DESTROY, x.time(), x.comm());
    } else if (e instanceof BridgeEvent.Numbers x) {
      kind(x.kind().code, x.time());
      if (x.kind().hasOp) {
        op(x.op());
      }
      numbers(x.fields());
    } else {
      throw new IllegalArgumentException("the export does not write " + e.line());
    }
  }

  private void kind(int kind, long... values) {
    buf[n++] = (byte) kind;
    numbers(values);
  }

  private void numbers(long... values) {
    for (long v : values) {
      number(v);
    }
  }

  private void attribute(int key, OptionalLong value) {
    if (value.isPresent()) {
      buf[n++] = (byte) key;
      number(value.getAsLong());
    }
  }

  /** OTF2's name of an operation (ASCII, from {@link Otf2Names}): its length, then its bytes. */
  private void op(String name) {
    byte[] b = name.getBytes(StandardCharsets.US_ASCII);
    if (b.length > 64) {
      throw new IllegalArgumentException("an operation's name longer than 64: " + name);
    }
    buf[n++] = (byte) b.length;
    System.arraycopy(b, 0, buf, n, b.length);
    n += b.length;
  }

  /** {@code v} as an unsigned LEB128 number: 7 bits a byte, low first, high bit = more. */
  private void number(long v) {
    // Locals, not the fields: the first JIT tier reloads a field at every byte.
    byte[] b = buf;
    int i = n;
    while ((v & ~0x7FL) != 0) {
      b[i++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    b[i++] = (byte) v;
    n = i;
  }

  void flush() {
    try {
      out.write(buf, 0, n);
      n = 0;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws IOException {
    flush();
    out.close();
  }
}
