package org.benchgen.ir;

import org.benchgen.trace.WorldSize;

/**
 * The bounds a compressed trace must keep so that every pass can trust it: no walk overflows the
 * stack, no array sized by the file exhausts memory, no arithmetic overflows. Why each bound is
 * what it is: docs/compressed-format.md, "Limits".
 */
public final class TraceLimits {
  private TraceLimits() {}

  /** The largest world, the same for per-rank streams ({@link WorldSize}). */
  public static final int MAX_WORLD = WorldSize.MAX;

  /** The deepest nesting of loops: every pass walks loops recursively. */
  public static final int MAX_LOOP_DEPTH = 256;

  /** The deepest nesting of parenthesized groups in a value sequence. */
  public static final int MAX_VALUE_DEPTH = 256;

  /** The largest trip count of one entry into a loop (2^40). */
  public static final long MAX_TRIPS = 1L << 40;

  // Counts, sizes and bytes are bounded by their field's kind (trace.FieldKind), for both formats.

  /** The largest time in a histogram, in nanoseconds (2^62 ns: 146 years). */
  public static final long MAX_TIME_NS = 1L << 62;
}
