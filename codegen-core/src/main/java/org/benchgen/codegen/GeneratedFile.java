package org.benchgen.codegen;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * One file of a generated benchmark: its name inside the output directory and its content, which
 * writes itself to a stream: a program with data tables of millions of values is rendered straight
 * to its file, never held whole as one string.
 */
public record GeneratedFile(String name, Content content) {
  /** Text written on demand; may be written more than once, the same each time. */
  @FunctionalInterface
  public interface Content {
    void writeTo(Writer out) throws IOException;
  }

  /** A file of fixed text. */
  public GeneratedFile(String name, String text) {
    this(name, out -> out.write(text));
  }

  /** The whole text (for small files and tests). */
  public String text() {
    StringWriter w = new StringWriter();
    try {
      content.writeTo(w);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w.toString();
  }
}
