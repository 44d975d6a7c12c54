/*
 * comm_split.c - collectives on derived communicators.
 *
 * Usage: comm_split [iterations] [count]      defaults: iterations=10, count=128
 * Needs an even number of ranks n. Calls, in order (all ranks unless said):
 *   MPI_Comm_split(MPI_COMM_WORLD, color = r / 2, key = r) -> row   (pairs {0,1}, {2,3}, ...)
 *   MPI_Comm_split(MPI_COMM_WORLD, color = r % 2, key = r) -> col   ({0,2,4,...}, {1,3,5,...})
 *   MPI_Comm_dup(MPI_COMM_WORLD) -> dup
 *   per iteration: a 20 us busy-wait, then
 *     MPI_Bcast of count MPI_DOUBLEs on row from root 0 (the even rank of the pair)
 *     MPI_Allreduce of 1 MPI_DOUBLE (MPI_SUM) on col: the sum of the world ranks in it
 *     MPI_Barrier on dup
 *   MPI_Dims_create(n, 2, dims)
 *   MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods = {1, 0}, reorder = 0) -> cart
 *   MPI_Cart_sub(cart, remain_dims = {1, 0}) -> sub   (the dims[0] ranks sharing coordinate 1)
 *   MPI_Allreduce of 1 MPI_INT (MPI_SUM) on sub: counts its members
 *   MPI_Comm_free of row, col, dup, cart, sub (in this order)
 *   MPI_Comm_split(MPI_COMM_WORLD, color = MPI_UNDEFINED on rank 0 and 0 elsewhere, key = r)
 *     -> others: MPI_COMM_NULL on rank 0, ranks 1..n-1 elsewhere
 *   ranks 1..n-1 only: MPI_Barrier on others, MPI_Comm_free(others)
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
    int iterations = argc > 1 ? atoi(argv[1]) : 10;
    int count = argc > 2 ? atoi(argv[2]) : 128;
    if (size % 2 != 0) {
        if (rank == 0)
            fprintf(stderr, "comm_split: needs an even number of ranks\n");
        MPI_Finalize();
        return 1;
    }

    MPI_Comm row, col, dup, cart, sub, others;
    MPI_Comm_split(MPI_COMM_WORLD, rank / 2, rank, &row);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &col);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);

    double *buf = malloc(sizeof(double) * (count + 1));
    int half = size / 2, c = rank % 2;
    double colsum = half * (half - 1.0) + c * half;   /* c + (c+2) + ... + (c+n-2) */
    for (int i = 0; i < iterations; i++) {
        compute(compute_us);
        if (rank % 2 == 0)                            /* the row's root fills the buffer */
            for (int k = 0; k < count; k++)
                buf[k] = rank * 1000.0 + i + k;
        MPI_Bcast(buf, count, MPI_DOUBLE, 0, row);
        for (int k = 0; k < count; k++)
            errors += buf[k] != (rank - c) * 1000.0 + i + k;

        double mine = rank, sum;
        MPI_Allreduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, col);
        errors += sum != colsum;

        MPI_Barrier(dup);
    }

    int dims[2] = {0, 0}, periods[2] = {1, 0}, remain[2] = {1, 0};
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Cart_sub(cart, remain, &sub);
    int one = 1, members;
    MPI_Allreduce(&one, &members, 1, MPI_INT, MPI_SUM, sub);
    errors += members != dims[0];

    MPI_Comm_free(&row);
    MPI_Comm_free(&col);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&cart);
    MPI_Comm_free(&sub);

    MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? MPI_UNDEFINED : 0, rank, &others);
    if (rank == 0) {
        errors += others != MPI_COMM_NULL;
    } else {
        MPI_Barrier(others);
        MPI_Comm_free(&others);
    }

    if (errors)
        fprintf(stderr, "comm_split: rank %d: %d errors\n", rank, errors);
    else if (rank == 0)
        printf("comm_split: %d ranks, %d iterations, count %d: done\n", size, iterations, count);
    free(buf);
    MPI_Finalize();
    return errors ? 1 : 0;
}
