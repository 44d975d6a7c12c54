package org.benchgen.findings;

/** A problem found in a trace, with a message that names the ranks, calls, sites and iteration. */
public record Finding(Problem problem, String message) {
  @Override
  public String toString() {
    return problem.code() + " " + problem.summary() + ": " + message;
  }
}
