package org.benchgen.ir.format;

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
 * them: histograms (in full, {@code all=}, bins as runs) and call times (docs/compressed-format.md,
 * "Histograms").
 */
final class TimeLines {
  private TimeLines() {}

  /**
   * A duration line's call time: {@code n=N mean=M}, {@code mean=M} for as many calls as the
   * compute lines above count ({@code computeCount}), {@code n=0}, or a whole histogram as files
   * before issue 21 wrote it, of which the count and mean are kept.
   */
  static CallTime callTime(String[] tok, long computeCount) {
    if (tok.length == 2 && tok[1].startsWith("mean=")) {
      // The count left out: that of the compute lines above (every call but a rank's first has
      // one compute interval before it).
      if (computeCount <= 0) {
        throw new TraceProblem("duration mean=M needs n=N where the call has no compute line");
      }
      return CompressedTraceChecks.callTime(computeCount, doubleValue(tok[1], "mean"));
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
        throw new TraceProblem("duration: n=" + n + " needs its mean (duration n=N mean=M)");
      }
      return CompressedTraceChecks.callTime(n, 0);
    }
    Histogram h = histogram(tok, 1, tok.length);
    CompressedTraceChecks.histogram(tok[0], h);
    // The call time's own bounds too, so that what is read can be written again.
    return CompressedTraceChecks.callTime(h.count(), h.count() == 0 ? 0 : h.mean());
  }

  /** The histogram in {@code tok[from..to)}: in full, or {@code n= all=} (every value the same). */
  static Histogram histogram(String[] tok, int from, int to) {
    if (to == from + 2 && tok[from + 1].startsWith("all=")) {
      long n = longValue(value(tok[from], "n"), "n");
      long v = longValue(value(tok[from + 1], "all"), "all");
      if (n < 1) {
        throw new TraceProblem("all= needs n= of at least 1, not " + n);
      }
      return new Histogram(n, v, v, v, 0, List.of(new Histogram.Bin(Histogram.binOf(v), n)));
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
    List<Histogram.Bin> bins = new ArrayList<>();
    String b = value(tok[from + 5], "bins");
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
    return new Histogram(n, min, max, mean, sd, bins);
  }
}
