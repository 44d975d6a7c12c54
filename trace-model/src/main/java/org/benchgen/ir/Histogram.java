package org.benchgen.ir;

import java.util.ArrayList;
import java.util.List;

/**
 * A summary of durations in nanoseconds: count, min, max, mean, sample standard deviation, and
 * power-of-two bins (bin k counts values in [2^(k-1), 2^k); bin 0 counts zeros). Bins are fixed, so
 * histograms merge exactly across iterations and ranks.
 */
public record Histogram(long count, long min, long max, double mean, double sd, List<Bin> bins) {
  /** One bin: {@code count} values v with {@code 64 - numberOfLeadingZeros(v) == log2}. */
  public record Bin(int log2, long count) {}

  public Histogram {
    bins = List.copyOf(bins);
  }

  /** The sum of the values: count x mean (exact up to the mean's rounding). */
  public double total() {
    return count * mean;
  }

  /**
   * {@code count} values of {@code value} each: what replaying a mean interval amounts to (the
   * mean kept exactly, the bins and extremes those of the value rounded).
   */
  public static Histogram constant(long count, double value) {
    long v = Math.max(0, Math.round(value));
    return new Histogram(count, v, v, count == 0 ? 0 : value, 0,
        count == 0 ? List.of() : List.of(new Bin(binOf(v), count)));
  }

  /**
   * Part of this distribution: {@code counts[i]} values of bin {@code i} (at most its count), its
   * min, max, mean and deviation kept ({@link ComputeParts}).
   */
  public Histogram part(long[] counts) {
    List<Bin> out = new ArrayList<>();
    long n = 0;
    for (int i = 0; i < bins.size(); i++) {
      if (counts[i] > 0) {
        out.add(new Bin(bins.get(i).log2(), counts[i]));
        n += counts[i];
      }
    }
    return n == 0 ? new Histogram(0, min, max, 0, 0, List.of())
        : new Histogram(n, min, max, mean, sd, out);
  }

  /** The bin a value falls in. */
  public static int binOf(long v) {
    return 64 - Long.numberOfLeadingZeros(Math.max(0, v));
  }

  /** Merges two summaries: exact bins, pooled mean and variance. */
  public Histogram merge(Histogram o) {
    long[] counts = new long[65];
    for (Bin b : bins) {
      counts[b.log2()] += b.count();
    }
    for (Bin b : o.bins) {
      counts[b.log2()] += b.count();
    }
    double[] p = pool(count, mean, m2(), o.count, o.mean, o.m2());
    long n = count + o.count;
    return new Histogram(n, Math.min(min, o.min), Math.max(max, o.max), p[0], sd(n, p[1]),
        toBins(counts));
  }

  /** The sum of squared deviations from the mean. */
  private double m2() {
    return count > 1 ? sd * sd * (count - 1) : 0;
  }

  private static double sd(long n, double m2) {
    return n > 1 ? Math.sqrt(Math.max(0, m2 / (n - 1))) : 0;
  }

  /**
   * Pooled mean and sum of squared deviations of two groups (Chan et al.'s parallel update),
   * allocation-free because loop folding merges histograms on the hot path.
   */
  static double[] pool(long na, double ma, double m2a, long nb, double mb, double m2b) {
    if (na == 0) {
      return new double[] {mb, m2b};
    }
    if (nb == 0) {
      return new double[] {ma, m2a};
    }
    double n = (double) na + nb;
    double d = mb - ma;
    return new double[] {ma + d * nb / n, m2a + m2b + d * d * ((double) na * nb / n)};
  }

  static List<Bin> toBins(long[] counts) {
    List<Bin> out = new ArrayList<>();
    for (int k = 0; k < counts.length; k++) {
      if (counts[k] > 0) {
        out.add(new Bin(k, counts[k]));
      }
    }
    return out;
  }

  /** Accumulates values one at a time (Welford), cheap enough for the per-event path. */
  public static final class Builder {
    private long count;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private double mean;
    private double m2;
    /** Counts by bin, only up to the highest bin used: most values are small and builders many. */
    private long[] counts = new long[0];

    public void add(long v) {
      count++;
      min = Math.min(min, v);
      max = Math.max(max, v);
      double d = v - mean;
      mean += d / count;
      m2 += d * (v - mean);
      int bin = binOf(v);
      if (bin >= counts.length) {
        counts = java.util.Arrays.copyOf(counts, bin + 1);
      }
      counts[bin]++;
    }

    /** Adds all of {@code o}'s values. */
    public void merge(Builder o) {
      if (o.count == 0) {
        return;
      }
      double[] p = pool(count, mean, m2, o.count, o.mean, o.m2);
      if (o.counts.length > counts.length) {
        counts = java.util.Arrays.copyOf(counts, o.counts.length);
      }
      for (int k = 0; k < o.counts.length; k++) {
        counts[k] += o.counts[k];
      }
      count += o.count;
      min = Math.min(min, o.min);
      max = Math.max(max, o.max);
      mean = p[0];
      m2 = p[1];
    }

    public boolean isEmpty() {
      return count == 0;
    }

    /** Forgets all values, as a new builder would be (its bin array is kept, to be reused). */
    public void clear() {
      count = 0;
      min = Long.MAX_VALUE;
      max = Long.MIN_VALUE;
      mean = 0;
      m2 = 0;
      java.util.Arrays.fill(counts, 0);
    }

    public Histogram build() {
      return new Histogram(count, min, max, mean, sd(count, m2), toBins(counts));
    }
  }
}
