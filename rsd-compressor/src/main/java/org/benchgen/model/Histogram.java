package org.benchgen.model;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.stat.descriptive.AggregateSummaryStatistics;
import org.apache.commons.math3.stat.descriptive.StatisticalSummaryValues;

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

  /** The bin a value falls in. */
  public static int binOf(long v) {
    return 64 - Long.numberOfLeadingZeros(Math.max(0, v));
  }

  /** Merges two summaries (Commons Math's pooled mean and variance). */
  public Histogram merge(Histogram o) {
    StatisticalSummaryValues s = AggregateSummaryStatistics.aggregate(List.of(summary(), o.summary()));
    long[] counts = new long[65];
    for (Bin b : bins) {
      counts[b.log2()] += b.count();
    }
    for (Bin b : o.bins) {
      counts[b.log2()] += b.count();
    }
    return new Histogram(count + o.count, Math.min(min, o.min), Math.max(max, o.max), s.getMean(),
        count + o.count > 1 ? Math.sqrt(Math.max(0, s.getVariance())) : 0, toBins(counts));
  }

  private StatisticalSummaryValues summary() {
    return new StatisticalSummaryValues(mean, sd * sd, count, max, min, mean * count);
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
    private final long[] counts = new long[65];

    public void add(long v) {
      count++;
      min = Math.min(min, v);
      max = Math.max(max, v);
      double d = v - mean;
      mean += d / count;
      m2 += d * (v - mean);
      counts[binOf(v)]++;
    }

    /** Adds all of {@code o}'s values, pooling mean and variance via {@link Histogram#merge}. */
    public void merge(Builder o) {
      if (o.count == 0) {
        return;
      }
      Histogram h = count == 0 ? o.build() : build().merge(o.build());
      for (int k = 0; k < counts.length; k++) {
        counts[k] += o.counts[k];
      }
      count = h.count();
      min = h.min();
      max = h.max();
      mean = h.mean();
      m2 = h.sd() * h.sd() * (count - 1);
    }

    public boolean isEmpty() {
      return count == 0;
    }

    public Histogram build() {
      return new Histogram(count, min, max, mean, count > 1 ? Math.sqrt(m2 / (count - 1)) : 0,
          toBins(counts));
    }
  }
}
