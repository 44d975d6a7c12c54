package org.benchgen.report;

import java.util.Locale;
import org.benchgen.stats.TraceComparison;

/**
 * The report's verdict as a colour: the worst of calls and bytes (identical or not) and run time
 * against the tolerance. A benchmark that makes the same calls but runs 466 % longer is not a good
 * proxy, so time counts as much as calls: green within the tolerance, amber up to {@link
 * Report#AMBER_TOLERANCES} times it, red beyond, and red whenever calls, bytes or the message
 * matrix differ.
 */
enum Grade {
  GREEN, AMBER, RED;

  /** The CSS class of the verdict's box. */
  String css() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Of a run-time error in percent against {@code tolerance} percent. */
  static Grade ofTime(double errorPercent, double tolerance) {
    double e = Math.abs(errorPercent);
    return e <= tolerance ? GREEN : e <= Report.AMBER_TOLERANCES * tolerance ? AMBER : RED;
  }

  /**
   * Of two traces compared: red when calls, bytes or matrix differ ({@code identical} false),
   * else the grade of the worst rank's run time in {@code times} (green when no rank has a run
   * time to compare).
   */
  static Grade of(boolean identical, TraceComparison.TimeCheck times) {
    if (!identical) {
      return RED;
    }
    return times.worstRun().map(t -> ofTime(t.runError(), times.tolerance())).orElse(GREEN);
  }
}
