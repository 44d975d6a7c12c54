package org.benchgen.rawtrace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Names;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceFormatException;

/**
 * The values of a rank's stream, the second layer of {@link RawTraceReader}: tokens in the current
 * line, numbers (digits converted eight at a time), symbols, lists, and names (decoded and
 * interned once per distinct spelling, without a string per occurrence).
 */
abstract class TokenReader extends LineReader {
  /** Where names (datatypes, operations) are interned: the trace's table. */
  final SymbolTable symbols;
  private final ByteCache<Sym> syms = new ByteCache<>();
  private final ByteCache<Name> names = new ByteCache<>();
  /** Where the token that the last scan* call read ends (a space or the line end). */
  int tokenEnd;

  TokenReader(Path file, SymbolTable symbols) throws IOException {
    super(file);
    this.symbols = symbols;
    for (Sym s : Sym.values()) {
      if (s != Sym.ABSENT) {
        byte[] b = s.text().getBytes(StandardCharsets.US_ASCII);
        syms.put(b, 0, b.length, s);
      }
    }
  }

  /** Scans the token at s (to a space or the line end): returns its end, also left in tokenEnd. */
  int scanToken(int s) {
    tokenEnd = scanTo(' ', s);
    return tokenEnd;
  }

  /**
   * The value of the token at s when it is plain decimal digits (at most 18), the common case,
   * parsed as it is scanned; else -1, for the caller's general parse. Either way the token's end
   * is left in tokenEnd.
   */
  long scanDigits(int s) {
    long v = 0;
    int i = s;
    int n = 8;
    // Eight bytes at a time: the digits before the first other byte convert at once.
    while (n == 8 && i < complete && i - s < 18) {
      long digits = (long) LONGS.get(buf, i) - '0' * ONES;
      n = Math.min(complete - i, leadingDigits(digits));
      if (n > 0) {
        v = v * POW10[n] + eightDigits(digits << (64 - 8 * n));
        i += n;
      }
    }
    if (i > s && i - s <= 18 && (i < complete && buf[i] == ' ' || atLineEnd(i))) {
      tokenEnd = i;
      return v;
    }
    scanToken(i);
    return -1;
  }

  static final long[] POW10 = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000,
      100000000};

  /**
   * How many of the 8 bytes, from the lowest, are digits, given the bytes minus '0': a byte is a
   * digit when that left it at most 9. Bytes above the first non-digit may be garbled by borrows
   * and carries, which only reach upwards.
   */
  static int leadingDigits(long digits) {
    long other = (digits | (digits + 0x76 * ONES)) & HIGH_BITS;
    return other == 0 ? 8 : Long.numberOfTrailingZeros(other) >>> 3;
  }

  /**
   * The number whose digits (0..9) are the bytes of {@code digits}, most significant in the lowest
   * byte (the first in the file): pairs, then quads, then the eight combine by multiplication.
   */
  static long eightDigits(long digits) {
    long x = (digits * (1 + (10 << 8))) >>> 8 & 0x00FF00FF00FF00FFL;
    x = (x * (1 + (100 << 16))) >>> 16 & 0x0000FFFF0000FFFFL;
    return (x * (1 + (10000L << 32))) >>> 32;
  }

  long parseInt(int s, int e, String what) {
    int i = s;
    boolean neg = i < e && buf[i] == '-';
    if (neg) {
      i++;
    }
    if (i == e || e - i > 18) {
      throw badInt(s, e, what);
    }
    long v = 0;
    for (; i < e; i++) {
      int d = buf[i] - '0';
      if ((d & ~15) != 0 || d > 9) {
        throw badInt(s, e, what);
      }
      v = v * 10 + d;
    }
    return neg ? -v : v;
  }

  TraceFormatException badInt(int s, int e, String what) {
    return s == e ? error("empty value for '" + what + "'")
        : error("bad integer '" + new String(buf, s, e - s, StandardCharsets.UTF_8) + "' for '"
            + what + "'");
  }

  long parseNumberOrSymbol(FieldKind kind, int s, int e, String what) {
    if (s < e && buf[s] >= 'A' && buf[s] <= 'Z') {
      Sym sym = syms.get(buf, s, e);
      if (sym == null || !kind.symbols().contains(sym)) {
        throw error("'" + new String(buf, s, e - s, StandardCharsets.UTF_8)
            + "' is not a valid value for '" + what + "'"
            + (kind.symbols().isEmpty() ? "" : " (symbols allowed: " + kind.symbols() + ")"));
      }
      return sym.code();
    }
    return checkNumber(kind, parseInt(s, e, what), what);
  }

  /** Checks a number of this kind ({@link FieldKind#check}); returns it. */
  long checkNumber(FieldKind kind, long v, String what) {
    kind.check(v, what);
    if (kind == FieldKind.REQ && v == 0) {
      throw error("request ids start at 1");
    }
    return v;
  }

  long[] parseList(int s, int e, FieldKind kind, String what) {
    if (s == e) {
      return new long[0];
    }
    int n = 1;
    for (int i = s; i < e; i++) {
      if (buf[i] == ',') {
        n++;
      }
    }
    long[] out = new long[n];
    int k = 0;
    int p = s;
    for (int i = s; i <= e; i++) {
      if (i == e || buf[i] == ',') {
        out[k++] = parseNumberOrSymbol(kind.element(), p, i, what);
        p = i + 1;
      }
    }
    return out;
  }

  /** A name as read: decoded (a site's value) and interned (the value of the other name fields). */
  record Name(String text, int id) {}

  /** The name in [s, e). */
  Name name(int s, int e) {
    Name name = names.get(buf, s, e);
    if (name == null) {
      String decoded = Names.decode(java.util.Arrays.copyOfRange(buf, s, e));
      name = new Name(decoded, symbols.name(decoded));
      names.put(buf, s, e, name);
    }
    return name;
  }
}
