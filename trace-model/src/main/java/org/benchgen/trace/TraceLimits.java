package org.benchgen.trace;

/**
 * The bounds a trace must keep, in either format, so that every pass can trust it: no walk
 * overflows the stack, no array sized by the file exhausts memory, no arithmetic wraps. The one
 * table of them: the readers of both formats and the writer check against these constants, and
 * docs/compressed-format.md ("Limits") and docs/trace-format.md ("Limits") name this class and say
 * why each bound is what it is.
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

  /**
   * The largest element count or datatype size (2^62): MPI passes counts as {@code int}s, or as
   * {@code MPI_Count}s in the large-count forms, and sizes as {@code MPI_Count}s.
   */
  public static final long MAX_COUNT = 1L << 62;

  /**
   * The most bytes one buffer of a call may hold (2^62): a count times its datatype's size (the
   * sum of a vector's counts times it), worked out exactly ({@link BufferBytes}), so that no byte
   * count wraps: {@code tsize=2^62} with {@code count=4} made 0 bytes.
   */
  public static final long MAX_BYTES = 1L << 62;

  /** The largest tag: an {@code int} in MPI. */
  public static final long MAX_TAG = Integer.MAX_VALUE;

  /** The largest time in a histogram or on an event, in nanoseconds (2^62 ns: 146 years). */
  public static final long MAX_TIME_NS = 1L << 62;

  /** The longest line of a per-rank stream, in bytes (1 MB: a line is one call). */
  public static final int MAX_RAW_LINE = 1 << 20;

  /**
   * The longest line of a compressed trace, in characters (2^26, 64 M): a call line holds value
   * patterns and lists (a vector collective's counts at a million ranks are some 7 MB); a line is
   * refused, naming the file and line, before it is read whole, where a 2 GB line ran out of memory.
   */
  public static final int MAX_COMPRESSED_LINE = 1 << 26;
}
