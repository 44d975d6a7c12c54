/* bg_runtime_threads.c: the threads of benchgen's C+MPI benchmarks of traced runs whose ranks
 * called MPI from several threads (interface: bg_runtime_threads.h). */
#define _POSIX_C_SOURCE 200809L
#include "bg_runtime_threads.h"

#include "bg_runtime.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The starting thread's generator, read by the lanes it starts (all started by the main thread,
 * before pthread_create, which orders the write before the reads). */
static unsigned long long bg_rng_base;

void bg_thread_start(pthread_t *t, void *(*fn)(void *), int lane) {
  bg_rng_base = bg_rng;
  int e = pthread_create(t, NULL, fn, (void *) (intptr_t) lane);
  if (e != 0) {
    fprintf(stderr, "benchmark: cannot start a thread: %s\n", strerror(e));
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
}

void bg_thread_join(pthread_t *ts, int n) {
  for (int i = 0; i < n; i++) {
    pthread_join(ts[i], NULL);
  }
}

void bg_thread_begin(void *lane) {
  bg_rng = bg_rng_base + 0x9E3779B97F4A7C15ULL * (unsigned long long) (intptr_t) lane;
  bg_thread_scale();
}

void bg_thread_end(void) {
}
