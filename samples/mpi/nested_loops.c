/*
 * nested_loops.c - two inner loops of point-to-point messages inside an outer loop.
 *
 * Usage: nested_loops [iterations] [count]      defaults: iterations=20, count=64
 *
 * Ranks are paired (0,1), (2,3), ...: even rank r sends, odd rank r receives from r-1.
 * Needs an even number of ranks. Per outer iteration:
 *   inner loop A, 5 times:  even: MPI_Send count   MPI_INTs to r+1, tag 0
 *                           odd:  MPI_Recv count   MPI_INTs from r-1, tag 0
 *   inner loop B, 10 times: even: MPI_Send 2*count MPI_INTs to r+1, tag 1
 *                           odd:  MPI_Recv 2*count MPI_INTs from r-1, tag 1
 *   a 20 us busy-wait, then MPI_Barrier on MPI_COMM_WORLD.
 * Receivers check every message.
 */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "clock.h"

/* The value element k of message j of inner loop `loop` in iteration i carries. */
static int value(int i, int loop, int j, int k)
{
    return i * 10000 + loop * 1000 + j * 100 + k;
}

int main(int argc, char **argv)
{
    int rank, size, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iterations = argc > 1 ? atoi(argv[1]) : 20;
    int count = argc > 2 ? atoi(argv[2]) : 64;
    if (size % 2 != 0) {
        if (rank == 0)
            fprintf(stderr, "nested_loops: needs an even number of ranks\n");
        MPI_Finalize();
        return 1;
    }
    int even = rank % 2 == 0;
    int *buf = malloc(sizeof(int) * (2 * count + 1));
    MPI_Status status;

    for (int i = 0; i < iterations; i++) {
        for (int j = 0; j < 5; j++) {                       /* inner loop A */
            for (int k = 0; even && k < count; k++)
                buf[k] = value(i, 0, j, k);
            if (even)
                MPI_Send(buf, count, MPI_INT, rank + 1, 0, MPI_COMM_WORLD);
            else
                MPI_Recv(buf, count, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, &status);
            for (int k = 0; !even && k < count; k++)
                errors += buf[k] != value(i, 0, j, k);
        }
        for (int j = 0; j < 10; j++) {                      /* inner loop B */
            for (int k = 0; even && k < 2 * count; k++)
                buf[k] = value(i, 1, j, k);
            if (even)
                MPI_Send(buf, 2 * count, MPI_INT, rank + 1, 1, MPI_COMM_WORLD);
            else
                MPI_Recv(buf, 2 * count, MPI_INT, rank - 1, 1, MPI_COMM_WORLD, &status);
            for (int k = 0; !even && k < 2 * count; k++)
                errors += buf[k] != value(i, 1, j, k);
        }
        compute(compute_us);
        MPI_Barrier(MPI_COMM_WORLD);
    }

    if (errors)
        fprintf(stderr, "nested_loops: rank %d: %d errors\n", rank, errors);
    else if (rank == 0)
        printf("nested_loops: %d ranks, %d iterations, count %d: done\n", size, iterations, count);
    free(buf);
    MPI_Finalize();
    return errors ? 1 : 0;
}
