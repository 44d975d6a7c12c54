package org.benchgen.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.trace.TraceProblem;
import org.benchgen.traverse.ExpansionSize;

/**
 * What {@code expand} would write, estimated before it writes anything, and refused above a
 * bound or the free space unless {@code --force}: a trace from a stranger that says
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
  /** The most that is written without {@code --force}: 256 MB. */
  static final long MAX_BYTES = 256_000_000L;
  /** The most rank files written without {@code --force}. */
  static final int MAX_FILES = 16_384;

  private ExpandBudget() {}

  /** The estimated bytes of expanding {@code t}. */
  static long estimate(CompressedTrace t, boolean gzip) {
    long steps = ExpansionSize.steps(t);
    long bytes = saturatingAdd(saturatingMultiply(steps, BYTES_PER_STEP),
        saturatingMultiply(t.worldSize(), BYTES_PER_RANK));
    return gzip ? bytes / GZIP_RATIO : bytes;
  }

  /**
   * Refuses to expand {@code t} (read from {@code input}) into {@code out} when its estimate passes
   * {@link #MAX_BYTES}, its ranks {@link #MAX_FILES}, or the free space where it goes.
   */
  static void check(CompressedTrace t, Path input, Path out, boolean gzip) throws IOException {
    long bytes = estimate(t, gzip);
    String what = input + ": expanding writes " + t.worldSize() + " rank files, about "
        + mb(bytes) + " in all";
    String force = "; --force writes it anyway (docs/compressed-format.md, \"Expanding\")";
    if (bytes > MAX_BYTES) {
      throw new TraceProblem(what + ", over the " + mb(MAX_BYTES) + " written without asking"
          + force);
    }
    if (t.worldSize() > MAX_FILES) {
      throw new TraceProblem(what + ", over the " + MAX_FILES + " files written without asking"
          + force);
    }
    Path parent = out.toAbsolutePath().getParent();
    if (Files.isDirectory(parent)) {
      long free = Files.getFileStore(parent).getUsableSpace();
      if (bytes > free) {
        throw new TraceProblem(what + ", more than the " + mb(free) + " free in " + parent
            + force);
      }
    }
  }

  private static String mb(long bytes) {
    return String.format("%.1f MB", bytes / 1e6);
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
