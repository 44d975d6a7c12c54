package org.benchgen.trace;

/**
 * Something wrong in the input, found where the file and line are not known; the reader (or whoever
 * knows the location) turns it into a {@link TraceFormatException}.
 */
public class TraceProblem extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public TraceProblem(String message) {
    super(message);
  }
}
