package org.benchgen.expand;

/**
 * A receiver of a rank's calls that sums them ({@link Expander#walkRepeating}): where a loop
 * repeats its iterations ({@link org.benchgen.traverse.PeriodicLoops}), it is given the loop's
 * second iteration call by call and told how often that iteration happens again, instead of the
 * calls of the others. What it sums must then come out as the full expansion's.
 *
 * @param <M> what it keeps of its sums where an iteration starts
 */
public interface RepeatSink<M> extends Expander.StepSink {
  /** Its sums so far, where a repeating loop's second iteration starts. */
  M mark();

  /**
   * The calls received since {@code mark} happen {@code times} more times, each time {@code ns}
   * later than the time before.
   */
  void repeat(M mark, long times, long ns);
}
