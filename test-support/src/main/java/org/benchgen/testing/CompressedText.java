package org.benchgen.testing;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.CompressedTraceReader;

/**
 * A compressed trace written by hand in a test, line by line, read as benchgen reads a file named
 * {@code hand-written.bgc}. (trace-model's own tests, which cannot depend on this module, have
 * their copy, {@code org.benchgen.ir.format.HandWrittenTrace}.)
 */
public final class CompressedText {
  private CompressedText() {}

  public static CompressedTrace read(String... lines) {
    StringReader text = new StringReader(String.join("\n", lines) + "\n");
    try {
      return CompressedTraceReader.read(Path.of("hand-written.bgc"), text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
