/*
 * intercomm_vcoll.c - rooted and v-collectives on an intercommunicator, where MPI lets the ranks
 * that are not the root pass NULL count and displacement arrays.
 *
 * Usage: intercomm_vcoll [iterations] [count]      defaults: iterations=5, count=4
 *
 * Needs n >= 2. The world splits into group A = ranks 0 .. h-1 and group B = ranks h .. n-1,
 * h = n/2 (MPI_Comm_split, color 0 for A and 1 for B, key r), joined by MPI_Intercomm_create
 * (local leader 0, remote leader h for A and 0 for B, tag 7, peer MPI_COMM_WORLD). a is a rank's
 * rank in its own group, nA = h and nB = n - h the group sizes, c = count. Per iteration, every
 * rank does a 20 us busy-wait, then, on the intercommunicator with MPI_INT:
 *   MPI_Bcast     A's rank 0 (MPI_ROOT) sends c ints to every rank of B (root 0); the other ranks
 *                 of A pass MPI_PROC_NULL
 *   MPI_Gatherv   every rank of B sends (a+1)*c ints to A's rank 0 (root 0), passing NULL counts,
 *                 displacements and receive buffer; A's rank 0 (MPI_ROOT) receives them with
 *                 counts (j+1)*c; the other ranks of A pass MPI_PROC_NULL and NULL everywhere
 *   MPI_Scatterv  B's rank 0 (MPI_ROOT) sends (j+1)*c ints to rank j of A; every rank of A
 *                 receives (a+1)*c (root 0) passing NULL counts and displacements; the other ranks
 *                 of B pass MPI_PROC_NULL and NULL everywhere
 *   MPI_Allgatherv every rank sends (a+1)*c ints to the other group and receives (j+1)*c from its
 *                 rank j (counts as long as the remote group)
 *   MPI_Alltoallv  rank a sends (a+j+1) ints to rank j of the other group and receives (j+a+1)
 * then MPI_Comm_free of the intercommunicator and of its group's communicator. Every received
 * value is checked.
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
    if (size < 2) {
        if (rank == 0)
            fprintf(stderr, "intercomm_vcoll: needs at least 2 ranks\n");
        MPI_Finalize();
        return 1;
    }
    int h = size / 2, in_a = rank < h;
    MPI_Comm local, inter;
    MPI_Comm_split(MPI_COMM_WORLD, in_a ? 0 : 1, rank, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, in_a ? h : 0, 7, &inter);
    int a, mine, theirs;
    MPI_Comm_rank(inter, &a);
    MPI_Comm_size(inter, &mine);
    MPI_Comm_remote_size(inter, &theirs);

    /* Counts and displacements towards the remote group, and from it. */
    int *rc = malloc(sizeof(int) * theirs), *rd = malloc(sizeof(int) * theirs);
    int *sc = malloc(sizeof(int) * theirs), *sd = malloc(sizeof(int) * theirs);
    int *ac = malloc(sizeof(int) * theirs), *ad = malloc(sizeof(int) * theirs);
    int R = 0, S = 0, A = 0;
    for (int j = 0; j < theirs; j++) {
        rc[j] = (j + 1) * c;   rd[j] = R;  R += rc[j];
        sc[j] = (a + j + 1);   sd[j] = S;  S += sc[j];
        ac[j] = (j + a + 1);   ad[j] = A;  A += ac[j];
    }
    int most = R + S + A + (mine + 1) * c + 1;
    int *sbuf = malloc(sizeof(int) * most), *rbuf = malloc(sizeof(int) * most);

    for (int i = 0; i < iterations; i++) {
        compute(compute_us);

        /* Bcast from A's rank 0: element k is k + i */
        int root = in_a ? (a == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
        for (int k = 0; k < c; k++)
            sbuf[k] = root == MPI_ROOT ? k + i : -1;
        MPI_Bcast(sbuf, c, MPI_INT, root, inter);
        for (int k = 0; !in_a && k < c; k++)
            errors += sbuf[k] != k + i;

        /* Gatherv to A's rank 0: element k of B's rank j is 1000*j + k + i */
        if (in_a) {
            if (a == 0)
                MPI_Gatherv(NULL, 0, MPI_DATATYPE_NULL, rbuf, rc, rd, MPI_INT, MPI_ROOT, inter);
            else
                MPI_Gatherv(NULL, 0, MPI_DATATYPE_NULL, NULL, NULL, NULL, MPI_DATATYPE_NULL,
                            MPI_PROC_NULL, inter);
            for (int j = 0; a == 0 && j < theirs; j++)
                for (int k = 0; k < rc[j]; k++)
                    errors += rbuf[rd[j] + k] != 1000 * j + k + i;
        } else {
            for (int k = 0; k < (a + 1) * c; k++)
                sbuf[k] = 1000 * a + k + i;
            MPI_Gatherv(sbuf, (a + 1) * c, MPI_INT, NULL, NULL, NULL, MPI_DATATYPE_NULL, 0, inter);
        }

        /* Scatterv from B's rank 0: element k for A's rank j is 1000*j + k + i */
        if (in_a) {
            MPI_Scatterv(NULL, NULL, NULL, MPI_DATATYPE_NULL, rbuf, (a + 1) * c, MPI_INT, 0, inter);
            for (int k = 0; k < (a + 1) * c; k++)
                errors += rbuf[k] != 1000 * a + k + i;
        } else if (a == 0) {
            for (int j = 0; j < theirs; j++)
                for (int k = 0; k < rc[j]; k++)
                    sbuf[rd[j] + k] = 1000 * j + k + i;
            MPI_Scatterv(sbuf, rc, rd, MPI_INT, NULL, 0, MPI_DATATYPE_NULL, MPI_ROOT, inter);
        } else {
            MPI_Scatterv(NULL, NULL, NULL, MPI_DATATYPE_NULL, NULL, 0, MPI_DATATYPE_NULL,
                         MPI_PROC_NULL, inter);
        }

        /* Allgatherv: element k from rank j of the other group is 1000*j + k + i */
        for (int k = 0; k < (a + 1) * c; k++)
            sbuf[k] = 1000 * a + k + i;
        MPI_Allgatherv(sbuf, (a + 1) * c, MPI_INT, rbuf, rc, rd, MPI_INT, inter);
        for (int j = 0; j < theirs; j++)
            for (int k = 0; k < rc[j]; k++)
                errors += rbuf[rd[j] + k] != 1000 * j + k + i;

        /* Alltoallv: element k from rank x to rank y of the other group: 1000*x + 100*y + k + i */
        for (int j = 0; j < theirs; j++)
            for (int k = 0; k < sc[j]; k++)
                sbuf[sd[j] + k] = 1000 * a + 100 * j + k + i;
        MPI_Alltoallv(sbuf, sc, sd, MPI_INT, rbuf, ac, ad, MPI_INT, inter);
        for (int j = 0; j < theirs; j++)
            for (int k = 0; k < ac[j]; k++)
                errors += rbuf[ad[j] + k] != 1000 * j + 100 * a + k + i;
    }

    MPI_Comm_free(&inter);
    MPI_Comm_free(&local);
    if (errors)
        fprintf(stderr, "intercomm_vcoll: rank %d: %d errors\n", rank, errors);
    else if (rank == 0)
        printf("intercomm_vcoll: %d ranks, %d iterations, count %d: done\n", size, iterations, c);
    free(rc); free(rd); free(sc); free(sd); free(ac); free(ad);
    free(sbuf); free(rbuf);
    MPI_Finalize();
    return errors ? 1 : 0;
}
