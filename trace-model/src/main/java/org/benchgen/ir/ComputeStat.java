package org.benchgen.ir;

/**
 * Compute time before an RSD's call, for the executions whose previous MPI call was at call site
 * {@code after} (the call path: before the first iteration of a loop it differs from steady state).
 */
public record ComputeStat(String after, Histogram time) {}
