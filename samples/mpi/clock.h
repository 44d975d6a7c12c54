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
#endif
