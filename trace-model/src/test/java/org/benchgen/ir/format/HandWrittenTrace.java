package org.benchgen.ir.format;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.benchgen.ir.CompressedTrace;

/**
 * Compressed traces written by hand in trace-model's tests, read as benchgen reads files. (The
 * shared helpers of module test-support are out of reach here: test-support depends on
 * trace-model.)
 */
public final class HandWrittenTrace {
  /** The file name the traces are read as, which errors name. */
  public static final Path FILE = Path.of("hand-written.bgc");

  private HandWrittenTrace() {}

  /** The text of these lines, each ended by a newline. */
  public static String text(String... lines) {
    return String.join("\n", lines) + "\n";
  }

  /** The trace whose lines are these. */
  public static CompressedTrace read(String... lines) {
    try {
      return CompressedTraceReader.read(FILE, new StringReader(text(lines)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
