package org.benchgen.codegen;

/** Which time a generated program computes for an interval, from its histogram. */
public enum ComputeMode {
  /** The histogram's mean: total compute time is kept exactly. */
  MEAN,
  /** The median, estimated from the histogram's bins. */
  MEDIAN,
  /** A time drawn at run time from the histogram, with a seeded generator (repeatable). */
  SAMPLE
}
