package org.benchgen.trace;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Percent-encoding of free text (call sites, datatype and op names) in both file formats, so that
 * any string, including one with spaces, newlines or comment markers, survives a round trip and
 * cannot break a line.
 */
public final class Names {
  private Names() {}

  private static boolean mustEscape(int b) {
    return b <= 0x20 || b >= 0x7f || TraceSyntax.ESCAPED_IN_NAMES.indexOf(b) >= 0;
  }

  public static String encode(String s) {
    if (plain(s)) {
      return s; // the common case (every call's site, MPI_BYTE): no copy
    }
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    StringBuilder out = new StringBuilder(bytes.length + 8);
    for (byte x : bytes) {
      int b = x & 0xff;
      if (mustEscape(b)) {
        out.append('%').append(Character.toUpperCase(Character.forDigit(b >> 4, 16)))
            .append(Character.toUpperCase(Character.forDigit(b & 15, 16)));
      } else {
        out.append((char) b);
      }
    }
    if (out.length() > 0 && out.charAt(0) == '-' && out.length() == 1) {
      return "%2D";
    }
    return out.toString();
  }

  /** The ASCII characters that need no escape ({@link #mustEscape}), as a table. */
  private static final boolean[] PLAIN = new boolean[0x80];

  static {
    for (int c = 0; c < PLAIN.length; c++) {
      PLAIN[c] = !mustEscape(c);
    }
  }

  /** Whether {@code s} encodes as itself: ASCII that needs no escape, and not "-". */
  private static boolean plain(String s) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80 || !PLAIN[c]) {
        return false;
      }
    }
    return n != 1 || s.charAt(0) != '-';
  }

  /** Decodes {@code s}; throws {@link TraceProblem} on a malformed escape or an empty name. */
  public static String decode(String s) {
    return decode(s.getBytes(StandardCharsets.UTF_8));
  }

  /** Decodes a name given as the bytes of the file. */
  public static String decode(byte[] s) {
    if (s.length == 0) {
      throw new TraceProblem("empty name");
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(s.length);
    for (int i = 0; i < s.length; i++) {
      int c = s[i] & 0xff;
      if (c == '%') {
        int hi = i + 2 < s.length ? Character.digit(s[i + 1], 16) : -1;
        int lo = i + 2 < s.length ? Character.digit(s[i + 2], 16) : -1;
        if (hi < 0 || lo < 0) {
          throw new TraceProblem("malformed %-escape in name '"
              + new String(s, StandardCharsets.UTF_8) + "'");
        }
        out.write(hi * 16 + lo);
        i += 2;
      } else {
        out.write(c);
      }
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}
