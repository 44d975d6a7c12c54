package org.benchgen.stats;

import java.util.Arrays;
import java.util.Random;

/**
 * A uniform sample of one rank's compute intervals, of bounded size however long the run
 * (reservoir sampling, Vitter's algorithm R): every interval offered has the same chance to be
 * kept. Seeded, so that the same trace gives the same sample and verify the same output.
 */
public final class ComputeSample {
  private final int capacity;
  private final Random random;
  /** Grown as values come, up to the capacity: most ranks of a short run have few intervals. */
  private double[] values = new double[16];
  private int size;
  private long seen;

  /** A sample of at most {@code capacity} intervals, drawn with {@code seed}. */
  public ComputeSample(int capacity, long seed) {
    if (capacity < 0) {
      throw new IllegalArgumentException("capacity " + capacity);
    }
    this.capacity = capacity;
    this.random = new Random(seed);
  }

  /** Offers one interval, in nanoseconds. */
  public void add(long ns) {
    seen++;
    if (size < capacity) {
      if (size == values.length) {
        values = Arrays.copyOf(values, (int) Math.min(capacity, 2L * size));
      }
      values[size++] = ns;
    } else if (capacity > 0) {
      long j = random.nextLong(seen);
      if (j < capacity) {
        values[(int) j] = ns;
      }
    }
  }

  /** How many intervals were offered. */
  public long seen() {
    return seen;
  }

  /** The intervals kept, in nanoseconds (a copy, in no particular order). */
  public double[] values() {
    return Arrays.copyOf(values, size);
  }
}
