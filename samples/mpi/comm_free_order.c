/*
 * comm_free_order.c - communicators freed in a different order on different ranks.
 *
 * Usage: comm_free_order [iterations] [count]      defaults: iterations=10, count=64
 * Any number of ranks n. Calls, in order (all ranks unless said):
 *   MPI_Comm_dup(MPI_COMM_WORLD) -> all
 *   MPI_Comm_split(MPI_COMM_WORLD, color = r % 2, key = r) -> half   (even ranks, odd ranks)
 *   per iteration:
 *     MPI_Allreduce of 1 MPI_INT (MPI_SUM) on all: the sum of the world ranks
 *     MPI_Bcast of count MPI_DOUBLEs on half from its root 0 (world rank 0 or 1)
 *   even ranks: MPI_Comm_free(all), MPI_Barrier(MPI_COMM_WORLD), MPI_Comm_free(half)
 *   odd ranks:  MPI_Comm_free(half), MPI_Barrier(MPI_COMM_WORLD), MPI_Comm_free(all)
 * MPI_Comm_free is collective in the standard's words, but it waits for no other rank in any
 * implementation, and real programs free communicators in whatever order their ranks reach
 * them: a tool that made it synchronise would report a deadlock that is not there (issue 16).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, size, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iterations = argc > 1 ? atoi(argv[1]) : 10;
    int count = argc > 2 ? atoi(argv[2]) : 64;

    MPI_Comm all, half;
    MPI_Comm_dup(MPI_COMM_WORLD, &all);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    double *buf = malloc(sizeof(double) * (count + 1));
    for (int i = 0; i < iterations; i++) {
        int mine = rank, sum;
        MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, all);
        errors += sum != size * (size - 1) / 2;
        for (int k = 0; k < count; k++)
            buf[k] = rank < 2 ? rank * 100.0 + i + k : -1;
        MPI_Bcast(buf, count, MPI_DOUBLE, 0, half);
        for (int k = 0; k < count; k++)
            errors += buf[k] != rank % 2 * 100.0 + i + k;
    }

    if (rank % 2 == 0) {
        MPI_Comm_free(&all);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Comm_free(&half);
    } else {
        MPI_Comm_free(&half);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Comm_free(&all);
    }

    if (errors)
        fprintf(stderr, "comm_free_order: rank %d: %d errors\n", rank, errors);
    else if (rank == 0)
        printf("comm_free_order: %d ranks, %d iterations, count %d: done\n", size, iterations,
               count);
    free(buf);
    MPI_Finalize();
    return errors ? 1 : 0;
}
