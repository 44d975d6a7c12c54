package org.benchgen.ir.format;

import static org.benchgen.ir.format.Tokens.decimal;
import static org.benchgen.ir.format.Tokens.doubleValue;
import static org.benchgen.ir.format.Tokens.integer;
import static org.benchgen.ir.format.Tokens.longValue;
import static org.benchgen.ir.format.Tokens.value;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.ir.CallTime;
import org.benchgen.ir.Histogram;
import org.benchgen.trace.TraceProblem;

/**
 * The times of a compressed trace's {@code compute} and {@code duration} lines as the reader takes
 * them: histograms (in full, {@code V*N}, bins as runs) and call times (docs/compressed-format.md,
 * "Histograms").
 */
final class TimeLines {
  private TimeLines() {}

  /**
   * A duration line's call time: {@code M} for as many calls as the compute lines above count
   * ({@code computeCount}), {@code M*N} for N calls, {@code n=0}; or as files written before
   * (issue 21) wrote it: {@code [n=N] mean=M}, or a whole histogram, of which the count and mean
   * are kept.
   */
  static CallTime callTime(String[] tok, long computeCount) {
    if (tok.length < 2) {
      throw new TraceProblem("expected duration M, M*N or n=0");
    }
    if (tok.length == 2 && !tok[1].startsWith("n=") && !tok[1].startsWith("mean=")) {
      int star = tok[1].indexOf('*');
      if (star < 0) {
        return sameCount(computeCount, decimal(tok[1], "mean"));
      }
      long n = longValue(tok[1].substring(star + 1), "count");
      if (n < 1) {
        throw new TraceProblem("duration M*N needs N of at least 1 (no calls: duration n=0)");
      }
      return CompressedTraceChecks.callTime(n, decimal(tok[1].substring(0, star), "mean"));
    }
    if (tok.length == 2 && tok[1].startsWith("mean=")) {
      return sameCount(computeCount, doubleValue(tok[1], "mean"));
    }
    if (tok.length == 3 && tok[2].startsWith("mean=")) {
      long n = longValue(value(tok[1], "n"), "n");
      if (n == 0) {
        throw new TraceProblem("duration: a mean for no calls (n=0)");
      }
      return CompressedTraceChecks.callTime(n, doubleValue(tok[2], "mean"));
    }
    if (tok.length == 2) {
      long n = longValue(value(tok[1], "n"), "n");
      if (n > 0) {
        throw new TraceProblem("duration: n=" + n + " needs its mean (duration M*N)");
      }
      return CompressedTraceChecks.callTime(n, 0);
    }
    if (!tok[1].startsWith("n=")) {
      throw new TraceProblem("expected duration M, M*N or n=0");
    }
    // A whole histogram, as files before issue 21 wrote it.
    Histogram h = histogram(tok, 1, tok.length);
    CompressedTraceChecks.histogram(tok[0], h);
    // The call time's own bounds too, so that what is read can be written again.
    return CompressedTraceChecks.callTime(h.count(), h.count() == 0 ? 0 : h.mean());
  }

  /**
   * A mean for as many calls as the compute lines above count: every call but a rank's first has
   * one compute interval before it.
   */
  private static CallTime sameCount(long computeCount, double mean) {
    if (computeCount <= 0) {
      throw new TraceProblem("duration M needs its count (duration M*N) where the call has no"
          + " compute line");
    }
    return CompressedTraceChecks.callTime(computeCount, mean);
  }

  /**
   * The histogram in {@code tok[from..to)}: {@code MIN..MAX mean= sd= bins=} (the count is the
   * bins'), {@code V} (one value) or {@code V*N} (N values V); or as files written before (issue
   * 21) wrote it: {@code n= min= max= mean= sd= bins=}, or {@code n= all=}.
   */
  static Histogram histogram(String[] tok, int from, int to) {
    if (to > from && tok[from].startsWith("n=")) {
      return keyed(tok, from, to);
    }
    if (to == from + 1) {
      int star = tok[from].indexOf('*');
      long v = longValue(star < 0 ? tok[from] : tok[from].substring(0, star), "value");
      long n = star < 0 ? 1 : longValue(tok[from].substring(star + 1), "count");
      if (n < 1) {
        throw new TraceProblem("V*N needs N of at least 1, not " + n);
      }
      return same(n, v);
    }
    int dots = to == from + 4 ? tok[from].indexOf("..") : -1;
    if (dots < 0) {
      throw new TraceProblem("expected MIN..MAX mean= sd= bins=, V or V*N"
          + (from > 1 ? ", [cpu=]" : ""));
    }
    long min = longValue(tok[from].substring(0, dots), "min");
    long max = longValue(tok[from].substring(dots + 2), "max");
    List<Histogram.Bin> bins = bins(value(tok[from + 3], "bins"));
    if (bins.isEmpty()) {
      // No values: only the keyed form says so (n=0), as the writer writes it.
      throw new TraceProblem("MIN..MAX needs at least one bin");
    }
    long n = 0;
    for (Histogram.Bin b : bins) {
      if (b.count() < 1 || n > Long.MAX_VALUE - b.count()) {
        throw new TraceProblem("bin counts must be at least 1 and add up to less than 2^63");
      }
      n += b.count();
    }
    return new Histogram(n, min, max, doubleValue(tok[from + 1], "mean"),
        doubleValue(tok[from + 2], "sd"), bins);
  }

  /** The keyed forms of files written before issue 21. */
  private static Histogram keyed(String[] tok, int from, int to) {
    if (to == from + 2 && tok[from + 1].startsWith("all=")) {
      long n = longValue(value(tok[from], "n"), "n");
      long v = longValue(value(tok[from + 1], "all"), "all");
      if (n < 1) {
        throw new TraceProblem("all= needs n= of at least 1, not " + n);
      }
      return same(n, v);
    }
    if (to != from + 6) {
      throw new TraceProblem("expected n= min= max= mean= sd= bins=, or n= all="
          + (from > 1 ? ", [cpu=]" : ""));
    }
    long n = longValue(value(tok[from], "n"), "n");
    long min = longValue(value(tok[from + 1], "min"), "min");
    long max = longValue(value(tok[from + 2], "max"), "max");
    double mean = doubleValue(tok[from + 3], "mean");
    double sd = doubleValue(tok[from + 4], "sd");
    return new Histogram(n, min, max, mean, sd, bins(value(tok[from + 5], "bins")));
  }

  /** {@code n} values {@code v}, as read (not clamped: the checks name a bad value). */
  private static Histogram same(long n, long v) {
    return new Histogram(n, v, v, v, 0, List.of(new Histogram.Bin(Histogram.binOf(v), n)));
  }

  /** Bins {@code K:C,...}, a bin next to the one before written as its count alone. */
  private static List<Histogram.Bin> bins(String b) {
    List<Histogram.Bin> bins = new ArrayList<>();
    if (!b.isEmpty()) {
      int previous = -1;
      for (String item : b.split(",", -1)) {
        int c = item.indexOf(':');
        if (c < 0 && bins.isEmpty()) {
          throw new TraceProblem("bad bin '" + item + "': expected LOG2:COUNT first");
        }
        // COUNT alone is the bin after the one before.
        int log2 = c < 0 ? previous + 1 : integer(item.substring(0, c), "bin");
        bins.add(new Histogram.Bin(log2, longValue(item.substring(c + 1), "bin count")));
        previous = log2;
      }
    }
    return bins;
  }
}
