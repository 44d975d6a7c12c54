/* Time for the sample programs, never through MPI (a tracer must see only the gap between calls):
 * now() in seconds of CLOCK_MONOTONIC, and compute(us), a busy-wait that stands in for real
 * computation. Include after defining _POSIX_C_SOURCE (clock_gettime). */
#ifndef SAMPLES_CLOCK_H
#define SAMPLES_CLOCK_H
#include <time.h>

/* The busy-wait per iteration of the programs that have a compute phase, in microseconds. */
enum { compute_us = 20 };

static inline double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static inline void compute(long us)
{
    double end = now() + us * 1e-6;
    while (now() < end) {
    }
}
/* Busy-waits until this thread has run for us of CPU time: its CPU time, unlike compute's wall
 * time, does not shrink when other jobs take the cores. */
static inline void compute_cpu(long us)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    double end = t.tv_sec + t.tv_nsec * 1e-9 + us * 1e-6;
    do {
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    } while (t.tv_sec + t.tv_nsec * 1e-9 < end);
}
#endif
