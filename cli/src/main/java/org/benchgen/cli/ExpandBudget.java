package org.benchgen.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.traverse.ExpansionSize;

/**
 * What {@code expand} would write, estimated before it writes anything, and refused above the
 * {@link OutputBudget} unless {@code --force}: a trace from a stranger that says
 * {@code world 100000} wrote 100,000 files (395 MB) without a word (issue 47). The estimate is an
 * estimate: every step of the walk ({@link ExpansionSize}, at least a rank's calls) as a line
 * of {@value #BYTES_PER_STEP} bytes (the samples' streams have 100 bytes a call, an Alltoall's
 * 150); gzip-compressed streams as a {@value #GZIP_RATIO}th of that.
 */
final class ExpandBudget {
  /** Bytes a step is counted as (a call's line, with its fields). */
  static final long BYTES_PER_STEP = 200;
  /** Bytes of a stream's header and its communicators, counted for each rank. */
  static final long BYTES_PER_RANK = 64;
  static final long GZIP_RATIO = 8;
  private ExpandBudget() {}

  /** The estimated bytes of expanding {@code t}. */
  static long estimate(CompressedTrace t, boolean gzip) {
    long steps = ExpansionSize.steps(t);
    long bytes = saturatingAdd(saturatingMultiply(steps, BYTES_PER_STEP),
        saturatingMultiply(t.worldSize(), BYTES_PER_RANK));
    return gzip ? bytes / GZIP_RATIO : bytes;
  }

  /**
   * Refuses to expand {@code t} (read from {@code input}) into {@code out} above the
   * {@link OutputBudget}.
   */
  static void check(CompressedTrace t, Path input, Path out, boolean gzip) throws IOException {
    OutputBudget.check(input + ": expanding", t.worldSize(), estimate(t, gzip), out,
        "docs/compressed-format.md, \"Expanding\"");
  }

  private static long saturatingMultiply(long a, long b) {
    long hi = Math.multiplyHigh(a, b);
    long lo = a * b;
    return hi != 0 || lo < 0 ? Long.MAX_VALUE : lo;
  }

  private static long saturatingAdd(long a, long b) {
    long s = a + b;
    return s < 0 ? Long.MAX_VALUE : s;
  }
}
