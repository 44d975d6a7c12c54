/**
 * Per-rank, per-call counts and bytes (mpiP's fidelity check), from raw or compressed traces.
 */
package org.benchgen.stats;
