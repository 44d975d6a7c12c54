package org.benchgen.codegen;

/**
 * What a target's language cannot say exactly where an approximation would change which messages
 * match (a peer, a tag, the number of messages): the target writes nothing, and generate reports
 * it as BG301 ({@link org.benchgen.findings.Problem#UNEXPRESSIBLE}).
 */
public final class Unexpressible extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public Unexpressible(String what) {
    super(what);
  }
}
