/**
 * Synthetic traces of classic communication patterns ({@link org.benchgen.samples.Synth}: ring,
 * stencils, wavefront, all-to-all, master-worker), with seeded, realistic timings, for tests,
 * benchmarks and {@code benchgen synth}; and three patterns that stress scaling (issue 18):
 * {@code mpmd}, ranks that share no call site, {@code irregular}, messages with random peers,
 * counts and tags, and {@code shuffled}, blocking messages between random pairs in a random order
 * that no loop folds ({@link org.benchgen.samples.IrregularExchange}). The module also bundles
 * hand-written sample traces ({@code samples/traces}) and example MPI programs
 * ({@code samples/mpi}).
 */
package org.benchgen.samples;
