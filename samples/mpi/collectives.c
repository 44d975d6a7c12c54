/*
 * collectives.c - every collective once, blocking then nonblocking, the same calls with the same
 * counts as collectives.f90 makes through the Fortran bindings (the tests compare the two runs).
 *
 * Usage: collectives      (no arguments)
 *
 * With n ranks and k = 4 MPI_INTs a peer, all on MPI_COMM_WORLD unless said: Barrier; Bcast of k
 * from root 0; Reduce of k to root 0, Allreduce, Scan, Exscan of k (MPI_SUM);
 * Reduce_scatter_block of k a rank; Reduce_scatter of k a rank (recvcounts k each); Gather,
 * Scatter, Allgather, Alltoall of k a peer (root 0); Gatherv, Scatterv, Allgatherv, Alltoallv of k
 * a peer (counts k, displacements j*k); Alltoallw of k MPI_INTs a peer (byte displacements); then
 * on a periodic 1-D Cartesian communicator of all n ranks (two neighbours each):
 * Neighbor_allgather, Neighbor_alltoall of k; Neighbor_allgatherv, Neighbor_alltoallv,
 * Neighbor_alltoallw of k a neighbour. Each as its nonblocking form (MPI_Ixxx) too, completed
 * by MPI_Wait. Works with any number of ranks.
 */
#include <mpi.h>
#include <stdlib.h>

#define K 4

int main(int argc, char **argv)
{
    int rank, n;
    MPI_Request q;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int m = n < 2 ? 2 : n; /* peers, or the two neighbours */
    int *s = calloc((size_t) K * m, sizeof(int)), *r = calloc((size_t) K * m, sizeof(int));
    int *counts = malloc(m * sizeof(int)), *displs = malloc(m * sizeof(int));
    int *bdispls = malloc(m * sizeof(int));
    MPI_Datatype *types = malloc(m * sizeof(MPI_Datatype));
    for (int j = 0; j < m; j++) {
        counts[j] = K;
        displs[j] = j * K;
        bdispls[j] = j * K * (int) sizeof(int);
        types[j] = MPI_INT;
    }
    MPI_Comm w = MPI_COMM_WORLD;
    for (int nb = 0; nb < 2; nb++) {
        MPI_Request *rq = nb ? &q : NULL;
#define DO(BLOCKING, NONBLOCKING)                                                                  \
    do {                                                                                           \
        if (rq) {                                                                                  \
            NONBLOCKING;                                                                           \
            MPI_Wait(rq, MPI_STATUS_IGNORE);                                                       \
        } else {                                                                                   \
            BLOCKING;                                                                              \
        }                                                                                          \
    } while (0)
        DO(MPI_Barrier(w), MPI_Ibarrier(w, rq));
        DO(MPI_Bcast(s, K, MPI_INT, 0, w), MPI_Ibcast(s, K, MPI_INT, 0, w, rq));
        DO(MPI_Reduce(s, r, K, MPI_INT, MPI_SUM, 0, w),
           MPI_Ireduce(s, r, K, MPI_INT, MPI_SUM, 0, w, rq));
        DO(MPI_Allreduce(s, r, K, MPI_INT, MPI_SUM, w),
           MPI_Iallreduce(s, r, K, MPI_INT, MPI_SUM, w, rq));
        DO(MPI_Scan(s, r, K, MPI_INT, MPI_SUM, w), MPI_Iscan(s, r, K, MPI_INT, MPI_SUM, w, rq));
        DO(MPI_Exscan(s, r, K, MPI_INT, MPI_SUM, w), MPI_Iexscan(s, r, K, MPI_INT, MPI_SUM, w, rq));
        DO(MPI_Reduce_scatter_block(s, r, K, MPI_INT, MPI_SUM, w),
           MPI_Ireduce_scatter_block(s, r, K, MPI_INT, MPI_SUM, w, rq));
        DO(MPI_Reduce_scatter(s, r, counts, MPI_INT, MPI_SUM, w),
           MPI_Ireduce_scatter(s, r, counts, MPI_INT, MPI_SUM, w, rq));
        DO(MPI_Gather(s, K, MPI_INT, r, K, MPI_INT, 0, w),
           MPI_Igather(s, K, MPI_INT, r, K, MPI_INT, 0, w, rq));
        DO(MPI_Scatter(s, K, MPI_INT, r, K, MPI_INT, 0, w),
           MPI_Iscatter(s, K, MPI_INT, r, K, MPI_INT, 0, w, rq));
        DO(MPI_Allgather(s, K, MPI_INT, r, K, MPI_INT, w),
           MPI_Iallgather(s, K, MPI_INT, r, K, MPI_INT, w, rq));
        DO(MPI_Alltoall(s, K, MPI_INT, r, K, MPI_INT, w),
           MPI_Ialltoall(s, K, MPI_INT, r, K, MPI_INT, w, rq));
        DO(MPI_Gatherv(s, K, MPI_INT, r, counts, displs, MPI_INT, 0, w),
           MPI_Igatherv(s, K, MPI_INT, r, counts, displs, MPI_INT, 0, w, rq));
        DO(MPI_Scatterv(s, counts, displs, MPI_INT, r, K, MPI_INT, 0, w),
           MPI_Iscatterv(s, counts, displs, MPI_INT, r, K, MPI_INT, 0, w, rq));
        DO(MPI_Allgatherv(s, K, MPI_INT, r, counts, displs, MPI_INT, w),
           MPI_Iallgatherv(s, K, MPI_INT, r, counts, displs, MPI_INT, w, rq));
        DO(MPI_Alltoallv(s, counts, displs, MPI_INT, r, counts, displs, MPI_INT, w),
           MPI_Ialltoallv(s, counts, displs, MPI_INT, r, counts, displs, MPI_INT, w, rq));
        DO(MPI_Alltoallw(s, counts, bdispls, types, r, counts, bdispls, types, w),
           MPI_Ialltoallw(s, counts, bdispls, types, r, counts, bdispls, types, w, rq));
    }
    /* Two neighbours a rank on a ring (one rank: itself twice). */
    int dims[1] = {n}, periods[1] = {1};
    MPI_Comm ring;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    MPI_Aint adispls[2] = {0, K * sizeof(int)};
    for (int nb = 0; nb < 2; nb++) {
        MPI_Request *rq = nb ? &q : NULL;
        DO(MPI_Neighbor_allgather(s, K, MPI_INT, r, K, MPI_INT, ring),
           MPI_Ineighbor_allgather(s, K, MPI_INT, r, K, MPI_INT, ring, rq));
        DO(MPI_Neighbor_alltoall(s, K, MPI_INT, r, K, MPI_INT, ring),
           MPI_Ineighbor_alltoall(s, K, MPI_INT, r, K, MPI_INT, ring, rq));
        DO(MPI_Neighbor_allgatherv(s, K, MPI_INT, r, counts, displs, MPI_INT, ring),
           MPI_Ineighbor_allgatherv(s, K, MPI_INT, r, counts, displs, MPI_INT, ring, rq));
        DO(MPI_Neighbor_alltoallv(s, counts, displs, MPI_INT, r, counts, displs, MPI_INT, ring),
           MPI_Ineighbor_alltoallv(s, counts, displs, MPI_INT, r, counts, displs, MPI_INT, ring,
                                   rq));
        DO(MPI_Neighbor_alltoallw(s, counts, adispls, types, r, counts, adispls, types, ring),
           MPI_Ineighbor_alltoallw(s, counts, adispls, types, r, counts, adispls, types, ring,
                                   rq));
    }
    MPI_Comm_free(&ring);
    free(s);
    free(r);
    free(counts);
    free(displs);
    free(bdispls);
    free(types);
    MPI_Finalize();
    return 0;
}
