package org.benchgen.ir.format;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import org.benchgen.trace.TraceFormatException;
import org.benchgen.trace.TraceLimits;

/**
 * The lines of a compressed trace, as {@code BufferedReader.readLine} gives them (ended by
 * {@code \n}, {@code \r} or {@code \r\n}), each refused once it passes
 * {@link TraceLimits#MAX_COMPRESSED_LINE} characters, naming the file and line, before it is read
 * whole: {@code readLine} held a 2 GB line in memory until the JVM ran out.
 */
final class BoundedLines {
  private final Path file;
  private final Reader in;
  private final int max;
  private final char[] buf = new char[1 << 16];
  private int pos;
  private int lim;
  private boolean skipLf;
  private long lineNo;

  BoundedLines(Path file, Reader in, int max) {
    this.file = file;
    this.in = in;
    this.max = max;
  }

  BoundedLines(Path file, Reader in) {
    this(file, in, TraceLimits.MAX_COMPRESSED_LINE);
  }

  /** The next line without its end, or {@code null} at the end of the input. */
  String next() throws IOException {
    StringBuilder line = null;
    while (true) {
      if (pos >= lim) {
        lim = in.read(buf, 0, buf.length);
        pos = 0;
        if (lim <= 0) {
          lim = 0;
          if (line != null) {
            lineNo++;
          }
          return line == null ? null : line.toString();
        }
      }
      if (skipLf) {
        skipLf = false;
        if (buf[pos] == '\n') {
          pos++;
          continue;
        }
      }
      int start = pos;
      while (pos < lim && buf[pos] != '\n' && buf[pos] != '\r') {
        pos++;
      }
      int n = pos - start;
      int have = line == null ? 0 : line.length();
      if (have + n > max) {
        throw new TraceFormatException(file, lineNo + 1, "line longer than " + max
            + " characters (TraceLimits.MAX_COMPRESSED_LINE)");
      }
      if (pos < lim) {
        skipLf = buf[pos] == '\r';
        pos++;
        lineNo++;
        if (line == null) {
          return new String(buf, start, n);
        }
        return line.append(buf, start, n).toString();
      }
      if (line == null) {
        line = new StringBuilder(n + 64);
      }
      line.append(buf, start, n);
    }
  }
}
