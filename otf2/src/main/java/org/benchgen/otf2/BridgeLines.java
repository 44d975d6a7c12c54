package org.benchgen.otf2;

import java.util.List;
import java.util.OptionalLong;

/**
 * Reads the bridge's event lines (docs/otf2.md, "The bridge"; each {@link BridgeEvent} writes its
 * own): a keyword, the time, then the record's fields as decimal numbers (an operation by its
 * OTF2 name). Parsing is strict, since the lines come from an archive made by anyone: a wrong
 * count of fields, a number out of range or a malformed name is an {@link
 * IllegalArgumentException} saying which.
 */
public final class BridgeLines {
  private BridgeLines() {}

  /** The event of {@code line}. */
  public static BridgeEvent parse(String line) {
    String[] w = line.split(" ", -1);
    Fields f = new Fields(w);
    return switch (w[0]) {
      case "enter" -> f.enter();
      case "leave" -> f.done(3, new BridgeEvent.Leave(f.time(), f.num(2)));
      case "send" -> f.done(6, new BridgeEvent.Send(f.time(), f.num(2), f.num(3), f.num(4),
          f.num(5)));
      case "isend" -> f.done(7, new BridgeEvent.Isend(f.time(), f.num(2), f.num(3), f.num(4),
          f.num(5), f.num(6)));
      case "isend_done" -> f.done(3, new BridgeEvent.IsendDone(f.time(), f.num(2)));
      case "irecv_req" -> f.done(3, new BridgeEvent.IrecvRequest(f.time(), f.num(2)));
      case "recv" -> f.done(6, new BridgeEvent.Recv(f.time(), f.num(2), f.num(3), f.num(4),
          f.num(5)));
      case "irecv" -> f.done(7, new BridgeEvent.Irecv(f.time(), f.num(2), f.num(3), f.num(4),
          f.num(5), f.num(6)));
      case "req_test" -> f.done(3, new BridgeEvent.RequestTest(f.time(), f.num(2)));
      case "req_cancel" -> f.done(3, new BridgeEvent.RequestCancelled(f.time(), f.num(2)));
      case "coll_begin" -> f.done(2, new BridgeEvent.CollectiveBegin(f.time()));
      case "coll_end" -> f.done(7, new BridgeEvent.CollectiveEnd(f.time(), f.op(2), f.num(3),
          f.num(4), f.num(5), f.num(6)));
      case "nbc_req" -> f.done(3, new BridgeEvent.CollectiveRequest(f.time(), f.num(2)));
      case "nbc_done" -> f.done(8, new BridgeEvent.CollectiveDone(f.time(), f.op(2), f.num(3),
          f.num(4), f.num(5), f.num(6), f.num(7)));
      case "comm_create" -> f.done(3, new BridgeEvent.CommCreate(f.time(), f.num(2)));
      case "comm_destroy" -> f.done(3, new BridgeEvent.CommDestroy(f.time(), f.num(2)));
      default -> throw new IllegalArgumentException("unknown record '" + clip(w[0]) + "'");
    };
  }

  /** {@code kind} and {@code values}, separated by spaces: a line of the bridge. */
  static String join(String kind, long... values) {
    StringBuilder b = new StringBuilder(kind);
    for (long v : values) {
      b.append(' ').append(v);
    }
    return b.toString();
  }

  /** A decimal number from 0 to 2^63-1, as the bridge writes numbers. */
  static long number(String s) {
    if (s.isEmpty() || s.length() > 19 || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new IllegalArgumentException("'" + clip(s) + "' is not a number from 0 to 2^63-1");
    }
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + clip(s) + "' is not a number from 0 to 2^63-1");
    }
  }

  static String clip(String s) {
    return s.length() > 40 ? s.substring(0, 40) + "…" : s;
  }

  /** The words of one line, read as numbers and names with their position in errors. */
  private record Fields(String[] w) {
    long time() {
      return num(1);
    }

    long num(int i) {
      if (i >= w.length) {
        throw new IllegalArgumentException("'" + w[0] + "' has too few fields");
      }
      try {
        return number(w[i]);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("'" + w[0] + "' field " + i + ": " + e.getMessage());
      }
    }

    String op(int i) {
      // Any name: the call's region says which collective it is; a name only has to be a word.
      if (i >= w.length || !w[i].matches("[A-Z][A-Z0-9_]{0,39}")) {
        throw new IllegalArgumentException("'" + w[0] + "' has no collective operation name");
      }
      return w[i];
    }

    /** An enter line: time, region, then benchgen's attributes as key=value. */
    BridgeEvent.Enter enter() {
      List<String> keys = List.of("request", "unmatched", "recordless");
      OptionalLong[] values = {OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty()};
      for (int i = 3; i < w.length; i++) {
        String[] kv = w[i].split("=", 2);
        int k = keys.indexOf(kv[0]);
        if (k < 0 || kv.length < 2 || values[k].isPresent()) {
          throw new IllegalArgumentException("'enter' has an unknown or repeated attribute '"
              + clip(w[i]) + "'");
        }
        values[k] = OptionalLong.of(new Fields(new String[] {w[0], kv[1]}).num(1));
      }
      return new BridgeEvent.Enter(time(), num(2), values[0], values[1], values[2]);
    }

    <T> T done(int n, T value) {
      if (w.length != n) {
        throw new IllegalArgumentException("'" + w[0] + "' has " + (w.length - 1)
            + " fields, not " + (n - 1));
      }
      return value;
    }
  }
}
