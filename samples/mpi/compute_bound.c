/*
 * compute_bound.c - a run dominated by compute, to check that a benchmark keeps the run's time.
 *
 * Usage: compute_bound [iterations] [us] [imbalance] [busy|sleep|cpu]   defaults: 100, 10000, 0, busy
 *
 * Per iteration, every rank r of n:
 *   a busy-wait "compute" phase of us * (1 + r * imbalance / 100) microseconds (10 ms: about 1 s
 *   in all at the defaults; imbalance 50 gives rank 1 1.5x rank 0's compute, rank 2 2x: load
 *   imbalance, which a benchmark must keep per rank; with "sleep" the phase sleeps instead of
 *   busy-waiting: wall time without CPU time, as when a rank is descheduled; with "cpu" it
 *   busy-waits until the thread has had us of CPU time, however long a loaded machine takes),
 *   MPI_Sendrecv of 1024 MPI_DOUBLEs to right = (r+1) % n and from left = (r-1+n) % n, tag 0,
 *   MPI_Allreduce of 1 MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD (the sum of the ranks, checked).
 * Works with any number of ranks.
 */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clock.h"

int main(int argc, char **argv)
{
    int rank, size, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iterations = argc > 1 ? atoi(argv[1]) : 100;
    long us = argc > 2 ? atol(argv[2]) : 10000;
    long imbalance = argc > 3 ? atol(argv[3]) : 0;
    int sleeping = argc > 4 && strcmp(argv[4], "sleep") == 0;
    int on_cpu = argc > 4 && strcmp(argv[4], "cpu") == 0;
    us += us * rank * imbalance / 100;
    int left = (rank - 1 + size) % size, right = (rank + 1) % size;
    double sendbuf[1024], recvbuf[1024];
    double t0 = now();

    for (int i = 0; i < iterations; i++) {
        if (sleeping) {
            struct timespec t = {us / 1000000, us % 1000000 * 1000};
            nanosleep(&t, NULL);
        } else if (on_cpu) {
            compute_cpu(us);
        } else {
            compute(us);
        }
        for (int k = 0; k < 1024; k++)
            sendbuf[k] = rank + i + k;
        MPI_Sendrecv(sendbuf, 1024, MPI_DOUBLE, right, 0, recvbuf, 1024, MPI_DOUBLE, left, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (recvbuf[5] != left + i + 5)
            errors++;
        double mine = rank, sum;
        MPI_Allreduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        if (sum != size * (size - 1) / 2.0)
            errors++;
    }
    double seconds = now() - t0;
    MPI_Finalize();
    if (errors) {
        fprintf(stderr, "compute_bound: rank %d: %d errors\n", rank, errors);
        return 1;
    }
    if (rank == 0)
        printf("compute_bound iterations=%d us=%ld seconds=%.6f done\n", iterations, us, seconds);
    return 0;
}
