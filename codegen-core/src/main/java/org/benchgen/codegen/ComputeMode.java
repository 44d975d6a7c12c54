package org.benchgen.codegen;

/** Which time a generated program computes for an interval, from its histogram. */
public enum ComputeMode {
  /** The histogram's mean: total compute time is kept exactly. */
  MEAN("mean"),
  /** The median, estimated from the histogram's bins. */
  MEDIAN("median"),
  /** A time drawn at run time from the histogram, with a seeded generator (repeatable). */
  SAMPLE("sample"),
  /**
   * The mean CPU time of the intervals (traces taken with {@code --cpu-time}): what the rank
   * computed, without the time it was descheduled, as on a node of its own.
   */
  CPU("mean CPU time");

  private final String label;

  ComputeMode(String label) {
    this.label = label;
  }

  /** What the generated program's header calls the statistic ("the mean of each interval"). */
  public String label() {
    return label;
  }
}
