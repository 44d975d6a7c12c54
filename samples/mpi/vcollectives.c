/*
 * vcollectives.c - collectives with per-rank counts, and MPI_IN_PLACE.
 *
 * Usage: vcollectives [iterations] [count]      defaults: iterations=5, count=4
 *
 * With n ranks, c = count and block(j) = (j+1)*c, T = c*n*(n+1)/2 (the sum of all
 * blocks). Per iteration, every rank r does a 20 us busy-wait, then, all on
 * MPI_COMM_WORLD with MPI_INT:
 *   MPI_Gatherv        r sends block(r) ints; root 0 receives block(j) from each j
 *   MPI_Scatterv       root 0 sends block(j) ints to each j; r receives block(r)
 *   MPI_Allgatherv     r sends block(r); everyone receives block(j) from each j
 *   MPI_Alltoallv      r sends (r+j+1)*c ints to each j and receives (j+r+1)*c from each j
 *   MPI_Reduce_scatter r sends T ints; recvcounts[j] = block(j); MPI_SUM
 *   MPI_Allreduce      MPI_IN_PLACE on every rank, c ints, MPI_SUM
 *   MPI_Gather         c ints from each rank to root 0; root 0 passes MPI_IN_PLACE
 * Every received value is checked. Works with any number of ranks.
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
    int iterations = argc > 1 ? atoi(argv[1]) : 5;
    int c = argc > 2 ? atoi(argv[2]) : 4;
    int n = size, r = rank;

    int *block = malloc(sizeof(int) * n), *displ = malloc(sizeof(int) * n);
    int *scount = malloc(sizeof(int) * n), *sdispl = malloc(sizeof(int) * n);
    int *rcount = malloc(sizeof(int) * n), *rdispl = malloc(sizeof(int) * n);
    int T = 0, S = 0, R = 0;
    for (int j = 0; j < n; j++) {
        block[j] = (j + 1) * c;             displ[j] = T;   T += block[j];
        scount[j] = (r + j + 1) * c;        sdispl[j] = S;  S += scount[j];
        rcount[j] = (j + r + 1) * c;        rdispl[j] = R;  R += rcount[j];
    }
    int *sbuf = malloc(sizeof(int) * (S + T + 1));
    int *rbuf = malloc(sizeof(int) * (R + T + 1));

    for (int i = 0; i < iterations; i++) {
        compute(compute_us);

        /* Gatherv: element k of rank j's block is 1000*j + k + i */
        for (int k = 0; k < block[r]; k++)
            sbuf[k] = 1000 * r + k + i;
        MPI_Gatherv(sbuf, block[r], MPI_INT, rbuf, block, displ, MPI_INT, 0, MPI_COMM_WORLD);
        for (int j = 0; r == 0 && j < n; j++)
            for (int k = 0; k < block[j]; k++)
                errors += rbuf[displ[j] + k] != 1000 * j + k + i;

        /* Scatterv: root sends block j = 1000*j + k + i to rank j */
        for (int j = 0; r == 0 && j < n; j++)
            for (int k = 0; k < block[j]; k++)
                sbuf[displ[j] + k] = 1000 * j + k + i;
        MPI_Scatterv(sbuf, block, displ, MPI_INT, rbuf, block[r], MPI_INT, 0, MPI_COMM_WORLD);
        for (int k = 0; k < block[r]; k++)
            errors += rbuf[k] != 1000 * r + k + i;

        /* Allgatherv: as Gatherv, everyone checks */
        for (int k = 0; k < block[r]; k++)
            sbuf[k] = 1000 * r + k + i;
        MPI_Allgatherv(sbuf, block[r], MPI_INT, rbuf, block, displ, MPI_INT, MPI_COMM_WORLD);
        for (int j = 0; j < n; j++)
            for (int k = 0; k < block[j]; k++)
                errors += rbuf[displ[j] + k] != 1000 * j + k + i;

        /* Alltoallv: element k from rank a to rank b is 1000*a + 100*b + k + i */
        for (int j = 0; j < n; j++)
            for (int k = 0; k < scount[j]; k++)
                sbuf[sdispl[j] + k] = 1000 * r + 100 * j + k + i;
        MPI_Alltoallv(sbuf, scount, sdispl, MPI_INT, rbuf, rcount, rdispl, MPI_INT, MPI_COMM_WORLD);
        for (int j = 0; j < n; j++)
            for (int k = 0; k < rcount[j]; k++)
                errors += rbuf[rdispl[j] + k] != 1000 * j + 100 * r + k + i;

        /* Reduce_scatter: element g is r + g + i, summed over ranks */
        for (int g = 0; g < T; g++)
            sbuf[g] = r + g + i;
        MPI_Reduce_scatter(sbuf, rbuf, block, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        for (int k = 0; k < block[r]; k++)
            errors += rbuf[k] != n * (displ[r] + k + i) + n * (n - 1) / 2;

        /* Allreduce in place: element k is r + k, summed over ranks */
        for (int k = 0; k < c; k++)
            rbuf[k] = r + k;
        MPI_Allreduce(MPI_IN_PLACE, rbuf, c, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        for (int k = 0; k < c; k++)
            errors += rbuf[k] != n * k + n * (n - 1) / 2;

        /* Gather, in place at the root: rank j contributes 1000*j + k + i */
        int *mine = r == 0 ? rbuf : sbuf;   /* the root's block is already in place */
        for (int k = 0; k < c; k++)
            mine[k] = 1000 * r + k + i;
        MPI_Gather(r == 0 ? MPI_IN_PLACE : sbuf, c, MPI_INT, rbuf, c, MPI_INT, 0, MPI_COMM_WORLD);
        for (int j = 0; r == 0 && j < n; j++)
            for (int k = 0; k < c; k++)
                errors += rbuf[j * c + k] != 1000 * j + k + i;
    }

    if (errors)
        fprintf(stderr, "vcollectives: rank %d: %d errors\n", rank, errors);
    else if (rank == 0)
        printf("vcollectives: %d ranks, %d iterations, count %d: done\n", size, iterations, c);
    free(block); free(displ); free(scount); free(sdispl); free(rcount); free(rdispl);
    free(sbuf); free(rbuf);
    MPI_Finalize();
    return errors ? 1 : 0;
}
