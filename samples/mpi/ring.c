/*
 * ring.c - each rank passes a buffer to its right neighbour on a ring.
 *
 * Usage: ring [iterations] [count]      defaults: iterations=100, count=1024
 *
 * Per iteration, every rank r of n:
 *   MPI_Irecv  count MPI_DOUBLEs from left  = (r-1+n) % n, tag 0, MPI_COMM_WORLD
 *   MPI_Isend  count MPI_DOUBLEs to   right = (r+1) % n,   tag 0, MPI_COMM_WORLD
 *   MPI_Waitall on both requests
 *   a 20 us busy-wait "compute" phase, then a check of the received values.
 * Works with any number of ranks (with 1 rank the rank sends to itself).
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
    int iterations = argc > 1 ? atoi(argv[1]) : 100;
    int count = argc > 2 ? atoi(argv[2]) : 1024;
    int left = (rank - 1 + size) % size, right = (rank + 1) % size;
    double *sendbuf = malloc(sizeof(double) * (count + 1));
    double *recvbuf = malloc(sizeof(double) * (count + 1));

    for (int i = 0; i < iterations; i++) {
        for (int k = 0; k < count; k++)
            sendbuf[k] = rank * 1000.0 + i + k;

        MPI_Request req[2];
        MPI_Status status[2];
        MPI_Irecv(recvbuf, count, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &req[0]);
        MPI_Isend(sendbuf, count, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &req[1]);
        MPI_Waitall(2, req, status);

        compute(compute_us);
        if (status[0].MPI_SOURCE != left)
            errors++;
        for (int k = 0; k < count; k++)
            if (recvbuf[k] != left * 1000.0 + i + k)
                errors++;
    }

    if (errors)
        fprintf(stderr, "ring: rank %d: %d errors\n", rank, errors);
    else if (rank == 0)
        printf("ring: %d ranks, %d iterations, count %d: done\n", size, iterations, count);
    free(sendbuf);
    free(recvbuf);
    MPI_Finalize();
    return errors ? 1 : 0;
}
