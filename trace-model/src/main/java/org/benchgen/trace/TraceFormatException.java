package org.benchgen.trace;

import java.nio.file.Path;

/** A problem in an input file, with where it is: {@code file:line: message}. */
public class TraceFormatException extends TraceProblem {
  private static final long serialVersionUID = 1L;

  public TraceFormatException(Path file, long line, String message) {
    super(file + (line > 0 ? ":" + line : "") + ": " + message);
  }

  public TraceFormatException(String message) {
    super(message);
  }
}
