package org.benchgen.extrapolate;

/**
 * Traces that cannot be extrapolated as asked: the message names the call site, the field, and
 * the values seen at each traced count, or what else is missing. Nothing is written.
 */
public final class ExtrapolationException extends Exception {
  private static final long serialVersionUID = 1L;

  public ExtrapolationException(String message) {
    super(message);
  }
}
