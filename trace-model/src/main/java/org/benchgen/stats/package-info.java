/**
 * Per-rank, per-call counts and bytes (mpiP's fidelity check), from raw or compressed traces; two
 * traces compared: calls and bytes, times per rank against a tolerance, and compute distributions
 * (a two-sample Kolmogorov-Smirnov test from Apache Commons Math on bounded samples).
 */
package org.benchgen.stats;
