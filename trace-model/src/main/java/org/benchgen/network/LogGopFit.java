package org.benchgen.network;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;

/**
 * LogGOP parameters from a trace's message times ({@link MessageTimes}): one message of s bytes
 * takes T(s) = 2o + L + (s-1)G in LogGOPSim.
 *
 * <ol>
 *   <li>Each size's time is the lower envelope of its one-way times ({@link Samples#envelope}).
 *   <li>G is the slope of T over s, by least squares weighted by each size's count of calls
 *       (Commons Math's regression on rows scaled by the square root of the weight).
 *   <li>The small-message time a = T(s) - sG is taken from the smallest third of the sizes (at
 *       least one), not from the line's intercept: over sizes up to megabytes, a microsecond's
 *       noise at the large sizes moves the intercept by more than the latency itself.
 *   <li>o is the lower envelope of the blocking sends of the smallest size sent (at most
 *       {@link #SMALL} bytes, which every MPI sends eagerly: the send returns once the message
 *       is handed over), at most a/2; without such sends, a/4, said so. g = o (LogGP needs g >= o;
 *       no ping-pong shows g). L = a - 2o + G.
 *   <li>S, the eager limit, is set above the largest size: the one line fitted already holds
 *       whatever a rendezvous cost on the traced machine, and LogGOPSim's own rendezvous would
 *       add its handshake again.
 * </ol>
 *
 * Refused, saying why: fewer than {@link #MIN_SIZES} distinct sizes, a slope that is not
 * positive, or an R² below {@link #MIN_R2}.
 */
public final class LogGopFit {
  /** Distinct message sizes needed. */
  public static final int MIN_SIZES = 3;
  /** The least R² that makes a fit. */
  public static final double MIN_R2 = 0.9;
  /** Sends of at most this many bytes measure o. */
  public static final long SMALL = 1024;

  private LogGopFit() {}

  /** The fit of {@code times} (finished), or why there is none. */
  public static NetworkFit of(MessageTimes times) {
    TreeMap<Long, Samples> oneWay = times.oneWay();
    long calls = oneWay.values().stream().mapToLong(Samples::count).sum();
    if (oneWay.size() < MIN_SIZES) {
      return new NetworkFit.Refused(oneWay.isEmpty()
          ? "no message times: the trace has no ping-pong (a blocking send then a blocking"
              + " receive with a peer that receives then sends) and no exchange (MPI_Irecv,"
              + " MPI_Send, MPI_Wait with one peer, or MPI_Sendrecv)"
          : "messages of only " + oneWay.size() + " distinct size(s) " + oneWay.keySet()
              + " (" + calls + " messages): a line needs " + MIN_SIZES + " or more");
    }
    int n = oneWay.size();
    double[] s = new double[n];
    double[] y = new double[n];
    double[] w = new double[n];
    int i = 0;
    for (Map.Entry<Long, Samples> e : oneWay.entrySet()) {
      s[i] = e.getKey();
      y[i] = e.getValue().envelope();
      w[i++] = e.getValue().count();
    }
    double[] line = weightedLine(s, y, w);
    double slope = line[1];
    double r2 = r2(s, y, w, line);
    long sendCount = times.sends().values().stream().mapToLong(Samples::count).sum();
    NetworkFit.Quality q = new NetworkFit.Quality(r2, calls, n, times.roundTrips(),
        times.exchanges(), sendCount);
    if (!(slope > 0)) {
      return new NetworkFit.Refused(String.format(java.util.Locale.ROOT, "the time of a"
          + " message does not grow with its size (slope %.3g ns a byte; %s)", slope,
          q.describe()));
    }
    if (!(r2 >= MIN_R2)) {
      return new NetworkFit.Refused(String.format(java.util.Locale.ROOT, "the times do not lie"
          + " on a line (R^2 %.3f below %.2f; %s)", r2, MIN_R2, q.describe()));
    }
    // The small-message time, from the smallest third of the sizes.
    int small = Math.max(1, n / 3);
    double a = 0;
    double aw = 0;
    for (int k = 0; k < small; k++) {
      a += w[k] * (y[k] - s[k] * slope);
      aw += w[k];
    }
    a /= aw;
    List<String> notes = new ArrayList<>();
    if (times.means()) {
      notes.add("from the compressed trace's mean times: a mean holds the calls' waits for late"
          + " peers (and, on a loaded node, for the CPU), so these parameters bound the network"
          + " from above; `benchgen trace --raw` keeps each call's time, whose lower envelope"
          + " is the network's own");
    }
    double o;
    Map.Entry<Long, Samples> firstSend = times.sends().firstEntry();
    if (firstSend != null && firstSend.getKey() <= SMALL) {
      o = firstSend.getValue().envelope();
      if (o > a / 2) {
        notes.add(String.format(java.util.Locale.ROOT, "o capped at half the small-message"
            + " time (%.0f ns; the %d-byte sends took %.0f ns)", a / 2, firstSend.getKey(), o));
        o = a / 2;
      }
    } else {
      o = Math.max(a / 4, 0);
      notes.add("o not measured (no blocking send of at most " + SMALL + " bytes): taken as a"
          + " quarter of the small-message time");
    }
    if (a <= 0) {
      return new NetworkFit.Refused(String.format(java.util.Locale.ROOT, "the small messages'"
          + " time less the bytes' is not positive (%.0f ns; %s)", a, q.describe()));
    }
    double latency = Math.max(a - 2 * o + slope, 0);
    long largest = oneWay.lastKey();
    notes.add("S = " + (largest + 1) + ", above the largest message: the fitted line holds the"
        + " traced machine's rendezvous cost already");
    return new NetworkFit.Fitted(new LogGop(latency, o, o, slope, largest + 1), q, notes);
  }

  /** {intercept, slope} of y on x by least squares with weights w. */
  static double[] weightedLine(double[] x, double[] y, double[] w) {
    int n = x.length;
    double[][] rows = new double[n][2];
    double[] ys = new double[n];
    for (int k = 0; k < n; k++) {
      double r = Math.sqrt(w[k]);
      rows[k][0] = r;
      rows[k][1] = r * x[k];
      ys[k] = r * y[k];
    }
    OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
    ols.setNoIntercept(true);
    ols.newSampleData(ys, rows);
    return ols.estimateRegressionParameters();
  }

  /** The weighted coefficient of determination of {@code line} over the points. */
  static double r2(double[] x, double[] y, double[] w, double[] line) {
    double sw = 0;
    double mean = 0;
    for (int k = 0; k < x.length; k++) {
      sw += w[k];
      mean += w[k] * y[k];
    }
    mean /= sw;
    double res = 0;
    double tot = 0;
    for (int k = 0; k < x.length; k++) {
      double e = y[k] - (line[0] + line[1] * x[k]);
      res += w[k] * e * e;
      tot += w[k] * (y[k] - mean) * (y[k] - mean);
    }
    return tot == 0 ? 0 : 1 - res / tot;
  }
}
