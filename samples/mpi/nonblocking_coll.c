/*
 * nonblocking_coll.c - nonblocking collectives overlapped with computation.
 *
 * Usage: nonblocking_coll [iterations] [count]      defaults: iterations=20, count=32
 *
 * Per iteration, every rank, on MPI_COMM_WORLD:
 *   MPI_Iallreduce of count MPI_DOUBLEs (MPI_SUM) -> request a
 *   MPI_Ibarrier                                  -> request b
 *   a 20 us busy-wait
 *   MPI_Test(a), exactly once
 *   MPI_Waitall on {a, b}
 * and checks the sum. Works with any number of ranks.
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
    int iterations = argc > 1 ? atoi(argv[1]) : 20;
    int count = argc > 2 ? atoi(argv[2]) : 32;
    double *in = malloc(sizeof(double) * (count + 1));
    double *out = malloc(sizeof(double) * (count + 1));

    for (int i = 0; i < iterations; i++) {
        for (int k = 0; k < count; k++)
            in[k] = rank + i + k;

        MPI_Request req[2];
        MPI_Status status[2];
        int flag;
        MPI_Iallreduce(in, out, count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req[0]);
        MPI_Ibarrier(MPI_COMM_WORLD, &req[1]);
        compute(compute_us);
        MPI_Test(&req[0], &flag, &status[0]);
        MPI_Waitall(2, req, status);

        for (int k = 0; k < count; k++)
            errors += out[k] != size * (i + k) + size * (size - 1) / 2.0;
    }

    if (errors)
        fprintf(stderr, "nonblocking_coll: rank %d: %d errors\n", rank, errors);
    else if (rank == 0)
        printf("nonblocking_coll: %d ranks, %d iterations, count %d: done\n", size, iterations, count);
    free(in);
    free(out);
    MPI_Finalize();
    return errors ? 1 : 0;
}
