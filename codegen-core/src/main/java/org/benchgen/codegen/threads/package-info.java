/**
 * Benchmarks of ranks that made MPI calls from several threads (MPI_THREAD_MULTIPLE): each rank's
 * calls split into blocks, the main thread's between parallel phases and one lane per thread in
 * each phase ({@link org.benchgen.codegen.threads.ThreadSplit}); the blocks put one after another
 * into a single-threaded trace, which alignment and wildcard resolution check and resolve as any
 * trace; the lanes of a phase checked for what running them at once could change (the same
 * message channel or a wildcard receive shared by two lanes with messages of different sizes,
 * collectives on one communicator from two lanes: {@link
 * org.benchgen.codegen.threads.ThreadChecks}); then each block walked on its own, for a target
 * that starts a thread per lane ({@link org.benchgen.codegen.threads.ThreadedBenchmarks}). Cost:
 * every rank's calls are expanded once and compressed again.
 */
package org.benchgen.codegen.threads;
