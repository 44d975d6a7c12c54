/*
 * persistent_coll.c - MPI-4's persistent collectives: each made once, started every iteration.
 *
 * Usage: persistent_coll [iterations]      default: iterations=5
 * 1 to 64 ranks; MPICH 4 (MPI-4 names) or Open MPI 4.1 (MPIX_ names, mpi-ext.h). Made
 * once, on MPI_COMM_WORLD unless said:
 *   A  MPI_Allreduce_init   4 ints, MPI_SUM                      16 bytes a start
 *   B  MPI_Bcast_init       8 doubles from rank 0                64 bytes a start, every rank
 *   C  MPI_Alltoallv_init   j+1 ints to each rank j              4 n(n+1)/2 bytes a start
 *   D  MPI_Gatherv_init     r+1 ints from rank r to rank 0       4 (r+1) bytes a start
 *   E  MPI_Barrier_init                                           0 bytes
 *   F  MPI_Neighbor_allgather_init, 2 ints, on a periodic ring (MPI_Cart_create of n): 8 bytes
 * Per iteration: MPI_Startall(A, B) + MPI_Waitall; MPI_Start(C) + MPI_Wait; MPI_Start(D) +
 * MPI_Wait; MPI_Start(E) + MPI_Wait; MPI_Start(F) + MPI_Wait. Then MPI_Request_free of each and
 * MPI_Comm_free of the ring. Every result is checked.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#if MPI_VERSION < 4 && defined(OPEN_MPI)
#include <mpi-ext.h>
#define MPI_Allreduce_init MPIX_Allreduce_init
#define MPI_Bcast_init MPIX_Bcast_init
#define MPI_Alltoallv_init MPIX_Alltoallv_init
#define MPI_Gatherv_init MPIX_Gatherv_init
#define MPI_Barrier_init MPIX_Barrier_init
#define MPI_Neighbor_allgather_init MPIX_Neighbor_allgather_init
#endif

int main(int argc, char **argv)
{
    int r, n, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int iterations = argc > 1 ? atoi(argv[1]) : 5;
    MPI_Comm world = MPI_COMM_WORLD, ring;
    int dims[1] = {n}, periods[1] = {1};
    MPI_Cart_create(world, 1, dims, periods, 0, &ring);

    int x[4], sum[4];
    double b[8];
    int *sc = malloc(sizeof(int) * n), *sd = malloc(sizeof(int) * n);
    int *rc = malloc(sizeof(int) * n), *rd = malloc(sizeof(int) * n);
    int *gc = malloc(sizeof(int) * n), *gd = malloc(sizeof(int) * n);
    int total = n * (n + 1) / 2;
    int *sv = malloc(sizeof(int) * total), *rv = malloc(sizeof(int) * n * (r + 1));
    int *gv = malloc(sizeof(int) * total), mine[64], nb_out[2], nb_in[4];
    for (int j = 0, s = 0, g = 0; j < n; j++) {
        sc[j] = j + 1;
        sd[j] = s;
        s += sc[j];
        rc[j] = r + 1;
        rd[j] = j * (r + 1);
        gc[j] = j + 1;
        gd[j] = g;
        g += gc[j];
    }
    MPI_Request q[6];
    MPI_Status st[2]; /* not MPI_STATUSES_IGNORE: GCC 12 warns of MPICH's */
    MPI_Allreduce_init(x, sum, 4, MPI_INT, MPI_SUM, world, MPI_INFO_NULL, &q[0]);
    MPI_Bcast_init(b, 8, MPI_DOUBLE, 0, world, MPI_INFO_NULL, &q[1]);
    MPI_Alltoallv_init(sv, sc, sd, MPI_INT, rv, rc, rd, MPI_INT, world, MPI_INFO_NULL, &q[2]);
    MPI_Gatherv_init(mine, r + 1, MPI_INT, gv, gc, gd, MPI_INT, 0, world, MPI_INFO_NULL, &q[3]);
    MPI_Barrier_init(world, MPI_INFO_NULL, &q[4]);
    MPI_Neighbor_allgather_init(nb_out, 2, MPI_INT, nb_in, 2, MPI_INT, ring, MPI_INFO_NULL,
                                &q[5]);
    for (int i = 0; i < iterations; i++) {
        for (int k = 0; k < 4; k++)
            x[k] = r + i + k;
        for (int k = 0; k < 8; k++)
            b[k] = r == 0 ? i * 10 + k : -1;
        MPI_Startall(2, q);
        MPI_Waitall(2, q, st);
        for (int k = 0; k < 4; k++)
            errors += sum[k] != total - n + n * (i + k);
        for (int k = 0; k < 8; k++)
            errors += b[k] != i * 10 + k;

        for (int j = 0; j < n; j++)
            for (int k = 0; k < sc[j]; k++)
                sv[sd[j] + k] = r * 1000 + j * 10 + i;
        MPI_Start(&q[2]);
        MPI_Wait(&q[2], MPI_STATUS_IGNORE);
        for (int j = 0; j < n; j++)
            for (int k = 0; k <= r; k++)
                errors += rv[rd[j] + k] != j * 1000 + r * 10 + i;

        for (int k = 0; k <= r; k++)
            mine[k] = r + i;
        MPI_Start(&q[3]);
        MPI_Wait(&q[3], MPI_STATUS_IGNORE);
        for (int j = 0; r == 0 && j < n; j++)
            for (int k = 0; k <= j; k++)
                errors += gv[gd[j] + k] != j + i;

        MPI_Start(&q[4]);
        MPI_Wait(&q[4], MPI_STATUS_IGNORE);

        nb_out[0] = r;
        nb_out[1] = i;
        MPI_Start(&q[5]);
        MPI_Wait(&q[5], MPI_STATUS_IGNORE);
        /* A 1-D ring's neighbours: the previous rank, then the next (MPI_Cart_shift order). */
        errors += nb_in[0] != (r - 1 + n) % n || nb_in[1] != i;
        errors += nb_in[2] != (r + 1) % n || nb_in[3] != i;
    }
    for (int k = 0; k < 6; k++)
        MPI_Request_free(&q[k]);
    MPI_Comm_free(&ring);
    if (errors)
        fprintf(stderr, "persistent_coll: rank %d: %d errors\n", r, errors);
    else if (r == 0)
        printf("persistent_coll: %d ranks, %d iterations: done\n", n, iterations);
    free(sc), free(sd), free(rc), free(rd), free(gc), free(gd), free(sv), free(rv), free(gv);
    MPI_Finalize();
    return errors ? 1 : 0;
}
