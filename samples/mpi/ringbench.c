/*
 * ringbench.c - measures the cost of one MPI call on a ring of all ranks.
 *
 * Usage: ringbench [iterations] [count]      defaults: iterations=100000, count=8
 *
 * Per iteration, every rank r of n makes one call, with no compute phase:
 *   MPI_Sendrecv: count MPI_BYTEs to right = (r+1) % n and count MPI_BYTEs from
 *   left = (r-1+n) % n, tag 0 both ways, MPI_COMM_WORLD.
 * Rank 0 prints
 *   ring iterations=N seconds=S ns_per_call=X
 * where S is the wall time of its loop (clock_gettime(CLOCK_MONOTONIC)) and
 * X = S / N in nanoseconds: the time per MPI call rank 0 makes.
 * Works with any number of ranks.
 */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "clock.h"

int main(int argc, char **argv)
{
    int rank, size, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long iterations = argc > 1 ? atol(argv[1]) : 100000;
    int count = argc > 2 ? atoi(argv[2]) : 8;
    int left = (rank - 1 + size) % size, right = (rank + 1) % size;
    unsigned char *sendbuf = calloc(count + 1, 1), *recvbuf = calloc(count + 1, 1);

    double t0 = now();
    for (long i = 0; i < iterations; i++) {
        sendbuf[0] = (unsigned char)(rank + i);
        MPI_Sendrecv(sendbuf, count, MPI_BYTE, right, 0, recvbuf, count, MPI_BYTE, left, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (count > 0 && recvbuf[0] != (unsigned char)(left + i))
            errors++;
    }
    double seconds = now() - t0;
    if (rank == 0)
        printf("ring iterations=%ld seconds=%.6f ns_per_call=%.1f\n", iterations, seconds,
               iterations > 0 ? seconds * 1e9 / iterations : 0.0);

    if (errors)
        fprintf(stderr, "ringbench: rank %d: %d errors\n", rank, errors);
    free(sendbuf);
    free(recvbuf);
    MPI_Finalize();
    return errors ? 1 : 0;
}
