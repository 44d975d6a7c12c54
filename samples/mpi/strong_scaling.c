/*
 * strong_scaling.c - a fixed problem split over however many ranks run it, for extrapolation.
 *
 * Usage: strong_scaling [iterations] [elements]     defaults: iterations=20, elements=65536
 *
 * The ranks form a periodic ring; the problem, `elements` doubles, is split evenly (run it on
 * a power of two of ranks, at most `elements`). Per iteration, every rank:
 *   MPI_Irecv and MPI_Isend of elements/P/64 doubles to each ring neighbour (tag 1), MPI_Waitall;
 *   a busy-wait of 20 us + 8 ms / P (its share of the work);
 *   log2(P) MPI_Allreduce calls of 1 double (a tree of reductions, one per level);
 * and at the end an MPI_Gather of one int to rank 0, which checks that every rank summed.
 * So the message size is elements/(64 P), the inner loop runs log2 P times, and the compute
 * time falls as 1/P: what `benchgen extrapolate` must find (docs/extrapolation.md).
 */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "clock.h"

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iterations = argc > 1 ? atoi(argv[1]) : 20;
    long elements = argc > 2 ? atol(argv[2]) : 65536;
    int levels = 0;
    while ((1 << levels) < size)
        levels++;
    if ((1 << levels) != size || elements % (64L * size) != 0) {
        if (rank == 0)
            fprintf(stderr, "strong_scaling: run it on a power of two of ranks dividing %ld\n",
                    elements / 64);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int count = (int) (elements / 64 / size);
    double *out = calloc(count, sizeof(double)), *left = calloc(count, sizeof(double)),
           *right = calloc(count, sizeof(double));
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    double sum = 0;
    for (int i = 0; i < iterations; i++) {
        MPI_Request req[4];
        MPI_Status st[4]; /* not MPI_STATUSES_IGNORE: MPICH's prototype makes gcc warn */
        MPI_Irecv(left, count, MPI_DOUBLE, prev, 1, MPI_COMM_WORLD, &req[0]);
        MPI_Irecv(right, count, MPI_DOUBLE, next, 1, MPI_COMM_WORLD, &req[1]);
        MPI_Isend(out, count, MPI_DOUBLE, next, 1, MPI_COMM_WORLD, &req[2]);
        MPI_Isend(out, count, MPI_DOUBLE, prev, 1, MPI_COMM_WORLD, &req[3]);
        MPI_Waitall(4, req, st);
        compute(compute_us + 8000 / size);
        for (int l = 0; l < levels; l++) {
            double x = rank + l, y;
            MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
            sum += y;
        }
    }
    int mine = (int) (sum > 0), *all = rank == 0 ? malloc(sizeof(int) * size) : NULL;
    MPI_Gather(&mine, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
    int errors = 0;
    if (rank == 0) {
        for (int r = 0; r < size; r++)
            errors += all[r] != (levels > 0);
        if (errors)
            fprintf(stderr, "strong_scaling: %d ranks saw a wrong sum\n", errors);
    }
    free(out);
    free(left);
    free(right);
    free(all);
    MPI_Finalize();
    return errors != 0;
}
