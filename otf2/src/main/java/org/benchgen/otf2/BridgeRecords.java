package org.benchgen.otf2;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * One rank file of the native reader, {@code bg-otf2-read} (docs/otf2.md, "The bridge"): its
 * records in a compact binary form, read as {@link BridgeEvent}s. A text line per record cost a
 * parse per line, half of an import's time; here a record is its kind (a byte), its time as the
 * zigzag-coded difference from the rank's previous one, and its fields, every number unsigned
 * LEB128 (an operation by its name's length and letters; an enter's attributes as a count and
 * (key, value) pairs). Every field is checked as {@link BridgeLines} checks a line: a number of
 * 2^63 or more, an unknown kind or attribute, a malformed name or a record cut short is an {@link
 * IllegalArgumentException} saying which.
 */
final class BridgeRecords implements Closeable {
  /** The first bytes of a rank file. */
  static final byte[] MAGIC = "bg-otf2-records 1\n".getBytes(StandardCharsets.US_ASCII);
  /** Kind k's name (k from 1), as the bridge's lines and messages call it. */
  private static final String[] KINDS = {"enter", "leave", "send", "isend", "isend_done",
      "irecv_req", "recv", "irecv", "req_test", "req_cancel", "coll_begin", "coll_end",
      "nbc_req", "nbc_done", "comm_create", "comm_destroy"};
  private static final String[] ATTRIBUTES = {"request", "unmatched", "recordless"};

  private final InputStream in;
  private final byte[] buf = new byte[1 << 20];
  private int pos;
  private int filled;
  private long last;
  private long number;
  private String kind = "";

  /** Opens {@code file}; one that does not start with {@link #MAGIC} is refused. */
  BridgeRecords(Path file) throws IOException {
    this.in = Files.newInputStream(file);
    for (byte m : MAGIC) {
      if (pos == filled && !fill() || buf[pos++] != m) {
        in.close();
        throw new IllegalArgumentException(file.getFileName() + " is not a rank file of"
            + " bg-otf2-read (rebuild benchgen: its reader and its Java differ)");
      }
    }
  }

  /** The current record's number, from 1. */
  long number() {
    return number;
  }

  /** The next record, or null at the end of the file. */
  BridgeEvent next() throws IOException {
    if (pos == filled && !fill()) {
      return null;
    }
    number++;
    int k = buf[pos++];
    NumberRecord rma = NumberRecord.of(k);
    if ((k < 1 || k > KINDS.length) && rma == null) {
      kind = "";
      throw new IllegalArgumentException("unknown record kind " + (k & 0xff));
    }
    kind = rma != null ? rma.line : KINDS[k - 1];
    long zz = varint();
    long t = last + ((zz >>> 1) ^ -(zz & 1));
    last = t;
    if (t < 0) {
      throw new IllegalArgumentException("'" + kind + "' field 1: '" + Long.toUnsignedString(t)
          + "' is not a number from 0 to 2^63-1");
    }
    if (rma != null) {
      return oneSided(t, rma);
    }
    return switch (k) {
      case 1 -> enter(t);
      case 2 -> new BridgeEvent.Leave(t, num(2));
      case 3 -> new BridgeEvent.Send(t, num(2), num(3), num(4), num(5));
      case 4 -> new BridgeEvent.Isend(t, num(2), num(3), num(4), num(5), num(6));
      case 5 -> new BridgeEvent.IsendDone(t, num(2));
      case 6 -> new BridgeEvent.IrecvRequest(t, num(2));
      case 7 -> new BridgeEvent.Recv(t, num(2), num(3), num(4), num(5));
      case 8 -> new BridgeEvent.Irecv(t, num(2), num(3), num(4), num(5), num(6));
      case 9 -> new BridgeEvent.RequestTest(t, num(2));
      case 10 -> new BridgeEvent.RequestCancelled(t, num(2));
      case 11 -> new BridgeEvent.CollectiveBegin(t);
      case 12 -> new BridgeEvent.CollectiveEnd(t, op(), num(3), num(4), num(5), num(6));
      case 13 -> new BridgeEvent.CollectiveRequest(t, num(2));
      case 14 -> new BridgeEvent.CollectiveDone(t, op(), num(3), num(4), num(5), num(6),
          num(7));
      case 15 -> new BridgeEvent.CommCreate(t, num(2));
      default -> new BridgeEvent.CommDestroy(t, num(2));
    };
  }

  /** An enter: its region, then benchgen's attributes (docs/otf2.md, "benchgen's attributes"). */
  private BridgeEvent.Enter enter(long t) throws IOException {
    long region = num(2);
    long n = varint();
    if (n == 0) {
      return new BridgeEvent.Enter(t, region);
    }
    OptionalLong[] values = {OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty()};
    for (long i = 0; i < n; i++) {
      int a = one();
      long v = varint();
      String shown = (a >= 0 && a < ATTRIBUTES.length ? ATTRIBUTES[a] : "#" + a) + "="
          + Long.toUnsignedString(v);
      if (a < 0 || a >= ATTRIBUTES.length || values[a].isPresent()) {
        throw new IllegalArgumentException("'enter' has an unknown or repeated attribute '"
            + shown + "'");
      }
      if (v < 0) {
        throw new IllegalArgumentException("'enter' field 1: '" + Long.toUnsignedString(v)
            + "' is not a number from 0 to 2^63-1");
      }
      values[a] = OptionalLong.of(v);
    }
    return new BridgeEvent.Enter(t, region, values[0], values[1], values[2]);
  }

  /** A one-sided record: its operation's name where it has one, then its fields. */
  private BridgeEvent.Numbers oneSided(long t, NumberRecord rma) throws IOException {
    String op = rma.hasOp ? op() : "";
    long[] f = new long[rma.fields.size()];
    for (int i = 0; i < f.length; i++) {
      f[i] = num(i + 2);
    }
    return new BridgeEvent.Numbers(t, rma, op, f);
  }

  /** Field {@code i}: a number from 0 to 2^63-1. */
  private long num(int i) throws IOException {
    long v = varint();
    if (v < 0) {
      throw new IllegalArgumentException("'" + kind + "' field " + i + ": '"
          + Long.toUnsignedString(v) + "' is not a number from 0 to 2^63-1");
    }
    return v;
  }

  /** A collective operation's name: a word of capitals, digits and underscores. */
  private String op() throws IOException {
    int len = one();
    byte[] name = new byte[len];
    boolean ok = len >= 1 && len <= 40;
    for (int i = 0; i < len; i++) {
      byte c = (byte) one();
      name[i] = c;
      ok &= c >= 'A' && c <= 'Z' || i > 0 && (c >= '0' && c <= '9' || c == '_');
    }
    if (!ok) {
      throw new IllegalArgumentException("'" + kind + "' has no collective operation name");
    }
    return new String(name, StandardCharsets.US_ASCII);
  }

  /** An unsigned LEB128 number of at most 64 bits. */
  private long varint() throws IOException {
    long v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos == filled && !fill()) {
        throw cut();
      }
      byte b = buf[pos++];
      v |= (long) (b & 0x7f) << shift;
      if (b >= 0) {
        return v;
      }
    }
    throw new IllegalArgumentException("'" + kind + "' has a number longer than 64 bits");
  }

  /** One byte, 0 to 255. */
  private int one() throws IOException {
    if (pos == filled && !fill()) {
      throw cut();
    }
    return buf[pos++] & 0xff;
  }

  private IllegalArgumentException cut() {
    return new IllegalArgumentException("'" + kind + "' is cut short");
  }

  /** Reads more; false at the end of the file. */
  private boolean fill() throws IOException {
    int r = in.readNBytes(buf, 0, buf.length);
    pos = 0;
    filled = Math.max(r, 0);
    return filled > 0;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
