package org.benchgen.resolve;

import org.benchgen.traverse.Step;

/**
 * When each rank's current call entered and exited, as the matching simulation walks it: from the
 * traced times ({@link TracedClock}) or estimated from the trace's summaries ({@link
 * SummaryClock}). The simulation moves a rank's clock before executing each of its calls.
 */
interface CallClock {
  /** Rank {@code rank} is about to execute {@code s}, its next call. */
  void advance(int rank, Step s);

  /** Nanoseconds at which the rank's current call entered. */
  long enter(int rank);

  /** Nanoseconds at which the rank's current call exited. */
  long exit(int rank);

  /**
   * The simulation found that rank {@code rank}'s current call cannot end before {@code t}
   * ({@link CausalClock} moves it; the other clocks report times as they are).
   */
  default void atLeast(int rank, long t) {}
}
