/*
 * init_thread.c - a program that starts MPI with MPI_Init_thread, then makes its calls from the
 * one thread that started it.
 *
 * Usage: init_thread [iterations] [count] [level]
 *        defaults: iterations=20, count=64, level=multiple (single, funneled, serialized, multiple)
 *
 * MPI_Init_thread asks for MPI_THREAD_<LEVEL>; rank 0 prints the level it asked for and the one
 * MPI provided. Per iteration, every rank r of n: MPI_Irecv of count MPI_INT from left =
 * (r-1+n) % n and MPI_Isend of count MPI_INT to right = (r+1) % n (tag 0, MPI_COMM_WORLD),
 * MPI_Waitall on both (a status array), a 20 us busy-wait, a check. Then one MPI_Allreduce of 1
 * MPI_INT (MPI_SUM, the sum of the ranks, checked). Works with any number of ranks.
 */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"

static const char *const LEVELS[] = {"single", "funneled", "serialized", "multiple"};
static const int LEVEL[] = {MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED, MPI_THREAD_SERIALIZED,
                            MPI_THREAD_MULTIPLE};

static const char *name_of(int level)
{
    for (int i = 0; i < 4; i++)
        if (LEVEL[i] == level)
            return LEVELS[i];
    return "?";
}

int main(int argc, char **argv)
{
    int required = MPI_THREAD_MULTIPLE, provided, rank, size, errors = 0;
    for (int i = 0; argc > 3 && i < 4; i++)
        if (strcmp(argv[3], LEVELS[i]) == 0)
            required = LEVEL[i];
    MPI_Init_thread(&argc, &argv, required, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iterations = argc > 1 ? atoi(argv[1]) : 20;
    int count = argc > 2 ? atoi(argv[2]) : 64;
    int left = (rank - 1 + size) % size, right = (rank + 1) % size;
    int *out = malloc(sizeof(int) * (count + 1)), *in = malloc(sizeof(int) * (count + 1));

    for (int i = 0; i < iterations; i++) {
        for (int k = 0; k < count; k++)
            out[k] = 1000 * rank + k + i;
        MPI_Request req[2];
        MPI_Status st[2];
        MPI_Irecv(in, count, MPI_INT, left, 0, MPI_COMM_WORLD, &req[0]);
        MPI_Isend(out, count, MPI_INT, right, 0, MPI_COMM_WORLD, &req[1]);
        MPI_Waitall(2, req, st);
        compute(compute_us);
        for (int k = 0; k < count; k++)
            errors += in[k] != 1000 * left + k + i;
    }
    int sum = 0;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    errors += sum != size * (size - 1) / 2;

    if (errors)
        fprintf(stderr, "init_thread: rank %d: %d errors\n", rank, errors);
    else if (rank == 0)
        printf("init_thread: %d ranks, %d iterations, count %d, required %s, provided %s: done\n",
               size, iterations, count, name_of(required), name_of(provided));
    free(out);
    free(in);
    MPI_Finalize();
    return errors ? 1 : 0;
}
