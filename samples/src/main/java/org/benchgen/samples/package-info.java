/**
 * Synthetic traces of classic communication patterns ({@link org.benchgen.samples.Synth}: ring,
 * stencils, wavefront, all-to-all, master-worker), with seeded, realistic timings, for tests,
 * benchmarks and {@code benchgen synth}. The module also bundles hand-written sample traces
 * ({@code samples/traces}) and example MPI programs ({@code samples/mpi}).
 */
package org.benchgen.samples;
