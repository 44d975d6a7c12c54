package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.ir.Histogram;

/**
 * A compute-time distribution carried to the target: its values times a factor (the fitted mean
 * over the traced one), so its shape is kept, and its count that of the target's calls.
 */
final class Histograms {
  private Histograms() {}

  static Histogram scaled(Histogram h, double factor, long count) {
    if (count <= 0 || h.count() == 0) {
      return Histogram.constant(Math.max(count, 0), 0);
    }
    if (!Double.isFinite(factor) || factor <= 0) {
      return Histogram.constant(count, 0);
    }
    double f = factor;
    long min = Math.round(h.min() * f);
    long max = Math.max(min, Math.round(h.max() * f));
    double mean = Math.min(max, Math.max(min, h.mean() * f));
    long[] counts = new long[65];
    int shift = (int) Math.round(Math.log(f) / Math.log(2));
    // Largest remainders, so the bins add up to the count exactly.
    double[] want = new double[65];
    long given = 0;
    for (Histogram.Bin b : h.bins()) {
      int k = b.log2() == 0 ? 0 : Math.max(1, Math.min(64, b.log2() + shift));
      want[k] += (double) b.count() * count / h.count();
    }
    for (int k = 0; k < 65; k++) {
      counts[k] = (long) Math.floor(want[k]);
      given += counts[k];
    }
    while (given < count) {
      int best = 0;
      for (int k = 1; k < 65; k++) {
        if (want[k] - counts[k] > want[best] - counts[best]) {
          best = k;
        }
      }
      counts[best]++;
      want[best] = counts[best]; // taken: its remainder is spent
      given++;
    }
    List<Histogram.Bin> bins = new ArrayList<>();
    for (int k = 0; k < 65; k++) {
      if (counts[k] > 0) {
        bins.add(new Histogram.Bin(k, counts[k]));
      }
    }
    return new Histogram(count, min, max, mean, h.sd() * f, bins);
  }
}
