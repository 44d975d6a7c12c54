package org.benchgen.trace;

/**
 * The bound on a trace's world size, the same for per-rank streams and compressed traces: 2^23 =
 * 8,388,608 ranks, above the largest MPI jobs run (Fugaku's 7.6 million cores with one rank each),
 * so that arrays of one entry per rank stay a few tens of MB whatever a file claims.
 */
public final class WorldSize {
  private WorldSize() {}

  /** The largest world. */
  public static final int MAX = 1 << 23;

  /**
   * {@code n} as a world size.
   *
   * @param doc where the bound is explained, for the message
   * @throws TraceProblem when {@code n} is outside {@code 1..MAX} (the reader adds the place)
   */
  public static int check(long n, String doc) {
    if (n < 1 || n > MAX) {
      throw new TraceProblem("world size " + n + " is outside 1.." + MAX + " (" + doc + ")");
    }
    return (int) n;
  }
}
