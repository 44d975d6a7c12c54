package org.benchgen.cli;

import java.nio.file.Path;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.trace.TraceProblem;
import org.benchgen.traverse.ExpansionSize;

/**
 * The most steps a command may take walking a compressed trace rank by rank (stats, expand,
 * align, resolve, generate, verify), checked before it starts: a compressed file of a few lines
 * can stand for more calls than any machine walks (docs/compressed-format.md, "Limits"). Raised
 * with the Java property {@value #PROPERTY} (in {@code BENCHGEN_JAVA_OPTS}).
 */
final class ExpansionLimit {
  static final String PROPERTY = "benchgen.expansion.limit";
  /** 10^10 steps: about 10^9 calls of the largest traces seen (NPB class D), minutes of work. */
  static final long DEFAULT = 10_000_000_000L;

  private ExpansionLimit() {}

  /** Refuses {@code t}, read from {@code file}, when walking it would take too many steps. */
  static void check(CompressedTrace t, Path file) {
    long limit = limit();
    long steps = ExpansionSize.steps(t);
    if (steps > limit) {
      throw new TraceProblem(file + ": walking every rank of this trace takes up to "
          + (steps == Long.MAX_VALUE ? "more than 9.2e18" : String.format("%.3g", (double) steps))
          + " steps (calls and loop iterations), over the limit of "
          + String.format("%.3g", (double) limit) + "; to go on anyway, raise it with"
          + " BENCHGEN_JAVA_OPTS=-D" + PROPERTY + "=N (docs/compressed-format.md, \"Limits\")");
    }
  }

  private static long limit() {
    try {
      return ExpansionSize.limit(PROPERTY, DEFAULT, "steps");
    } catch (IllegalArgumentException e) {
      throw new TraceProblem(e.getMessage());
    }
  }
}
