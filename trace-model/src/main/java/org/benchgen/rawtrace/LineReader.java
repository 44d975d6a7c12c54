package org.benchgen.rawtrace;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.benchgen.trace.InputFiles;
import org.benchgen.trace.TraceFormatException;

/**
 * The framing of a rank's stream, the first layer of {@link RawTraceReader}: the input (gzip or
 * not, a regular file: {@link InputFiles}) in a byte buffer, lines found eight bytes at a time, where the current line starts and
 * ends, and errors that name the file and line. The layers are one object through inheritance
 * (framing, then {@link TokenReader}, then the event parser) so that the hot path reads the
 * buffer's fields directly, with no object in between.
 */
abstract class LineReader {
  private static final int MAX_LINE = org.benchgen.trace.TraceLimits.MAX_RAW_LINE;
  /**
   * Bytes kept free after the data, so that a word read anywhere in the data stays in the buffer:
   * the word-at-a-time scans then need no byte-at-a-time tail, nor a branch the JIT would see
   * taken only now and then (at a buffer's end), each time recompiling the parser.
   */
  private static final int SLACK = 8;

  final Path file;
  /** Closed by whoever opened the reader. */
  final InputStream in;
  byte[] buf = new byte[(1 << 16) + SLACK];
  int pos;
  int lim;
  long lineNo;
  long bytesRead;

  LineReader(Path file) throws IOException {
    this.file = file;
    this.in = InputFiles.open(file);
  }

  int lineStart;
  int lineEnd;
  /**
   * Where the whole lines in the buffer end: after its last newline, or at the end of the input's
   * last line when that has none. A line starting before it is complete, so event lines are parsed
   * in one pass, their tokens ending at a space or the line end, without first finding the newline.
   */
  int complete;

  /** Starts the next line at pos, reading more input if needed; false at the end of the input. */
  boolean startLine() throws IOException {
    if (pos >= complete && !fill()) {
      return false;
    }
    lineStart = pos;
    lineNo++;
    return true;
  }

  /** Reads until the buffer holds a whole line at pos; false when the input has no more. */
  boolean fill() throws IOException {
    while (true) {
      // Compact, growing the buffer when one line fills it.
      int rest = lim - pos;
      int capacity = buf.length - SLACK;
      if (rest == capacity) {
        if (capacity >= MAX_LINE) {
          throw new TraceFormatException(file, lineNo + 1, "line longer than " + MAX_LINE
              + " bytes");
        }
        buf = java.util.Arrays.copyOf(buf, 2 * capacity + SLACK);
      }
      System.arraycopy(buf, pos, buf, 0, rest);
      pos = 0;
      lim = rest;
      int n = in.read(buf, lim, buf.length - SLACK - lim);
      if (n < 0) {
        complete = lim;
        return lim > 0;
      }
      bytesRead += n;
      for (int i = lim + n - 1; i >= lim; i--) {
        if (buf[i] == '\n') {
          complete = i + 1;
          lim += n;
          return true;
        }
      }
      lim += n;
    }
  }

  /** Whether the line ends at i: "\n" or "\r\n" there, or the end of the input's last line. */
  boolean atLineEnd(int i) {
    if (i >= complete) {
      return true;
    }
    byte c = buf[i];
    return c == '\n' || c == '\r' && i + 1 < complete && buf[i + 1] == '\n';
  }

  /** Ends the line whose end (see {@link #atLineEnd}) is at i: the next line starts after it. */
  void endLineAt(int i) {
    pos = i >= complete ? complete : buf[i] == '\r' ? i + 2 : i + 1;
  }

  /** Finds the end of the line started at lineStart, for the code that wants it whole. */
  int frameLine() {
    int i = scanTo('\n', lineStart);
    lineEnd = i;
    endLineAt(i);
    return i;
  }

  /** The next whole line, framed: lineStart, lineEnd. */
  boolean nextLine() throws IOException {
    if (!startLine()) {
      return false;
    }
    frameLine();
    return true;
  }

  static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  static final long ONES = 0x0101010101010101L;
  static final long HIGH_BITS = 0x8080808080808080L;

  /**
   * The first {@code a} or {@code b} in [s, e), or e (at most lim). Eight bytes at a time, as lines
   * and tokens are long; the last word may reach past e (into the slack), those bytes are ignored.
   */
  int indexOfEither(char a, char b, int s, int e) {
    long pa = a * ONES;
    long pb = b * ONES;
    for (int i = s; i < e; i += 8) {
      long w = (long) LONGS.get(buf, i);
      long found = zeroBytes(w ^ pa) | zeroBytes(w ^ pb);
      if (found != 0) {
        return Math.min(e, i + (Long.numberOfTrailingZeros(found) >>> 3));
      }
    }
    return e;
  }

  /**
   * The high bit of each zero byte of w, exact for the lowest one (the one that matters: bytes
   * above it may be flagged falsely by the borrow).
   */
  static long zeroBytes(long w) {
    return (w - ONES) & ~w & HIGH_BITS;
  }

  int indexOf(char c, int s, int e) {
    return indexOfEither(c, c, s, e);
  }

  /** The first c from s in the current line, or the line end ({@link #atLineEnd}). */
  int scanTo(char c, int s) {
    int i = indexOfEither(c, '\n', s, complete);
    return i < complete && buf[i] == '\n' && i > s && buf[i - 1] == '\r' ? i - 1 : i;
  }

  String lineText() {
    return new String(buf, lineStart, lineEnd - lineStart, StandardCharsets.UTF_8);
  }

  TraceFormatException error(String msg) {
    return new TraceFormatException(file, lineNo, msg);
  }

  static String abbreviate(String s) {
    return s.length() > 80 ? s.substring(0, 77) + "..." : s;
  }
}
