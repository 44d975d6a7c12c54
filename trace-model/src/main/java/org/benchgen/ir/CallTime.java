package org.benchgen.ir;

/**
 * The time inside an RSD's calls: how many there were and their mean in nanoseconds. That is all
 * that benchgen computes from it (MPI time in {@code stats}, exit times in {@code expand}, the
 * matching simulation's clocks), so a call's time is not kept as a whole {@link Histogram} as
 * compute time is, whose distribution the benchmark replays: a quarter of a compressed trace's
 * bytes were the min, max, deviation and bins of call times that nothing read (issue 21).
 */
public record CallTime(long count, double mean) {
  /** No calls. */
  public static final CallTime NONE = new CallTime(0, 0);

  public CallTime {
    if (count < 0) {
      throw new IllegalArgumentException("negative count " + count);
    }
  }

  /** The count and mean of a histogram of call times. */
  public static CallTime of(Histogram h) {
    return new CallTime(h.count(), h.mean());
  }

  /** The sum of the times: count x mean. */
  public double total() {
    return count * mean;
  }

  /**
   * Both as one: the pooled mean, computed as {@link Histogram#merge} computes it, so that a
   * merge of call times and of their histograms agree to the bit (the tracer's folding
   * compressor merges histograms, and must write what {@code benchgen compress} writes).
   */
  public CallTime merge(CallTime o) {
    // Saturating: a hostile file's counts may add up past a long (no run makes 2^63 calls).
    long n = count > Long.MAX_VALUE - o.count ? Long.MAX_VALUE : count + o.count;
    return new CallTime(n, Histogram.pool(count, mean, 0, o.count, o.mean, 0)[0]);
  }

  /**
   * The calls from fraction {@code from} to {@code to} of these (0 <= from <= to <= 1): the
   * rounded count at {@code to} less that at {@code from}, so that consecutive shares add up to
   * the whole; the mean kept.
   */
  public CallTime share(double from, double to) {
    long n = Math.round(count * to) - Math.round(count * from);
    return n <= 0 ? NONE : new CallTime(n, mean);
  }
}
