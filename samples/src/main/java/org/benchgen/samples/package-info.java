/**
 * Synthetic traces of classic communication patterns ({@link org.benchgen.samples.Synth}: ring,
 * stencils, wavefront, all-to-all, master-worker), with seeded, realistic timings, for tests,
 * benchmarks and {@code benchgen synth}; and two patterns that stress scaling (issue 18):
 * {@code mpmd}, ranks that share no call site, and {@code irregular}, messages with random peers,
 * counts and tags ({@link org.benchgen.samples.IrregularExchange}). The module also bundles
 * hand-written sample traces ({@code samples/traces}) and example MPI programs
 * ({@code samples/mpi}).
 */
package org.benchgen.samples;
