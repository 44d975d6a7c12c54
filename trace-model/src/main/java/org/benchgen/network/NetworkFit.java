package org.benchgen.network;

import java.util.List;

/** What {@link LogGopFit} made of a trace: parameters, or why there are none. */
public sealed interface NetworkFit {
  /** How much the fit rests on: its R², the calls and distinct sizes behind it. */
  record Quality(double r2, long calls, int sizes, long roundTrips, long exchanges,
      long sends) {
    /** One line for people. */
    public String describe() {
      return String.format(java.util.Locale.ROOT, "R^2 %.3f over %d distinct sizes, %d"
          + " messages (%d ping-pong round trips, %d exchanges), %d blocking sends for o", r2,
          sizes, calls, roundTrips, exchanges, sends);
    }
  }

  /** Parameters that fit, with what they rest on and what was assumed. */
  record Fitted(LogGop parameters, Quality quality, List<String> notes) implements NetworkFit {
    public Fitted {
      notes = List.copyOf(notes);
    }
  }

  /** No fit: {@code why}, for people; {@code quality} where there was a fit to judge. */
  record Refused(String why) implements NetworkFit {}
}
