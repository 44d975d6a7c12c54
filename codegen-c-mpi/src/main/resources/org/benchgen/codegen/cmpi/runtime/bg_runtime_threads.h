/* bg_runtime_threads.h: the threads of a benchmark whose traced ranks called MPI from several
 * threads (MPI_THREAD_MULTIPLE; part of the run-time library of benchgen's C+MPI benchmarks, see
 * bg_runtime.h). The program runs the traced phases in turn: in each, MPI's main thread starts one
 * POSIX thread per traced thread of the phase, makes its own calls of the phase, and joins them.
 * Each thread keeps its own requests, probed messages, scratch lists and compute state (BG_TLS). */
#ifndef BG_RUNTIME_THREADS_H
#define BG_RUNTIME_THREADS_H

#include <pthread.h>

/* Starts fn as lane `lane` of the current phase (its sampling generator is the caller's, moved
 * by the lane); exits the program if the thread cannot be made. */
void bg_thread_start(pthread_t *t, void *(*fn)(void *), int lane);

/* Waits for the n threads of a phase. */
void bg_thread_join(pthread_t *ts, int n);

/* A lane's first and last statements: its compute state set up from the program's options. */
void bg_thread_begin(void *lane);
void bg_thread_end(void);

/* Requests one lane makes and another waits for (docs/codegen.md, "Threads"): the maker hands
 * its newest request to lane `to` (its own list keeps MPI_REQUEST_NULL in its place, as the
 * trace keeps it); MPI_Waitall of the ages, the items whose entry in `from` ({n, lane...}) is
 * a lane (not -1) taken from that lane, oldest first, waiting until it has handed one over. */
void bg_req_give(int to);
/* Before the first request of a batch (those one MPI_Waitall takes): waits until lane `to` has
 * completed every request this lane handed it, as the traced program's threads did, so that the
 * run keeps no more requests live than the traced one. */
void bg_req_turn(int to);
void bg_waitall_taken(const int *ages, const int *from);

/* Collectives that several threads make on a communicator of one rank (MPI_COMM_SELF, its
 * dups): any order is the same communication there, but MPI wants one call at a time on a
 * communicator, which the traced program ensured with a lock of its own; the benchmark makes
 * each such call between these two (one lock per rank). */
void bg_self_lock(void);
void bg_self_unlock(void);

/* In bg_runtime.c: sets the calling thread's compute factor to the program's. */
void bg_thread_scale(void);

#endif
