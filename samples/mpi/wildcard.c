/*
 * wildcard.c - master/worker with wildcard receives.
 *
 * Usage: wildcard [iterations] [count]      defaults: iterations=20, count=16
 *
 * Each of `iterations` rounds:
 *   rank 0:            a 20 us busy-wait, then n-1 times:
 *                      MPI_Recv count MPI_INTs from MPI_ANY_SOURCE, tag MPI_ANY_TAG,
 *                      then MPI_Send count MPI_INTs back to status.MPI_SOURCE, tag 1
 *   worker r > 0:      a 20 us busy-wait, MPI_Send count MPI_INTs to 0 with tag r,
 *                      then MPI_Recv count MPI_INTs from 0, tag 1
 * All on MPI_COMM_WORLD. Which worker rank 0 hears from first is up to timing
 * (a fast worker may even be served twice in one round of rank 0), but over the
 * whole run rank 0 receives exactly `iterations` messages from each worker.
 * The message says who sent it and in which round; both sides check it.
 * Works with any number of ranks (with 1 rank nothing is sent).
 */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "clock.h"

/* Element k of the message worker `sender` sends in its round `round`. */
static int value(int sender, int round, int k)
{
    return k == 0 ? sender : k == 1 ? round : 1000 + k;
}

int main(int argc, char **argv)
{
    int rank, size, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iterations = argc > 1 ? atoi(argv[1]) : 20;
    int count = argc > 2 ? atoi(argv[2]) : 16;
    int *buf = malloc(sizeof(int) * (count + 2));
    MPI_Status status;

    if (rank == 0) {
        int *received = calloc(size, sizeof(int));
        for (int i = 0; i < iterations; i++) {
            compute(compute_us);
            for (int w = 1; w < size; w++) {
                MPI_Recv(buf, count, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
                int src = status.MPI_SOURCE;
                errors += status.MPI_TAG != src;
                for (int k = 0; k < count; k++) {
                    errors += buf[k] != value(src, received[src], k);
                    buf[k] += 1;                    /* the reply: every element + 1 */
                }
                received[src]++;
                MPI_Send(buf, count, MPI_INT, src, 1, MPI_COMM_WORLD);
            }
        }
        for (int w = 1; w < size; w++)
            errors += received[w] != iterations;
        free(received);
    } else {
        for (int i = 0; i < iterations; i++) {
            compute(compute_us);
            for (int k = 0; k < count; k++)
                buf[k] = value(rank, i, k);
            MPI_Send(buf, count, MPI_INT, 0, rank, MPI_COMM_WORLD);
            MPI_Recv(buf, count, MPI_INT, 0, 1, MPI_COMM_WORLD, &status);
            for (int k = 0; k < count; k++)
                errors += buf[k] != value(rank, i, k) + 1;
        }
    }

    if (errors)
        fprintf(stderr, "wildcard: rank %d: %d errors\n", rank, errors);
    else if (rank == 0)
        printf("wildcard: %d ranks, %d iterations, count %d: done\n", size, iterations, count);
    free(buf);
    MPI_Finalize();
    return errors ? 1 : 0;
}
