/*
 * neighbors.c - neighbourhood collectives (MPI-3) on the four kinds of topology.
 *
 * Usage: neighbors [iterations] [count]      defaults: iterations=10, count=16
 * Any number of ranks n. Topologies, made once (the graphs are not reordered):
 *   cart   MPI_Cart_create of MPI_Dims_create(n, 2) dimensions, periodic in the first only (a
 *          rank at the edge of the second has MPI_PROC_NULL neighbours)
 *   adj    MPI_Dist_graph_create_adjacent: sources r-1, r+1; destinations r+1, r-1 (mod n)
 *   dist   MPI_Dist_graph_create, rank 0 giving every edge i -> (i+1)%n and i -> (i+2)%n (the
 *          order of neighbours is MPI's: each rank asks MPI_Dist_graph_neighbors)
 *   graph  MPI_Graph_create of a ring: node i's neighbours (i+1)%n, (i-1+n)%n
 * Per iteration:
 *   cart   MPI_Neighbor_allgather and MPI_Neighbor_alltoall of count ints (every block alike)
 *   adj    MPI_Neighbor_allgatherv: r sends (r+1)*count ints; MPI_Ineighbor_alltoallv + MPI_Wait:
 *          (r+d+1) ints to each destination d
 *   dist   MPI_Neighbor_alltoallw: count elements to each destination d, MPI_INT for even d and
 *          MPI_DOUBLE for odd d; MPI_Ineighbor_allgather of count doubles + MPI_Wait
 *   graph  MPI_Neighbor_alltoall of count ints, MPI_Ineighbor_alltoallw (count ints to each) +
 *          MPI_Wait
 * Every value received is checked. The tracer records each rank's neighbours where a graph is
 * made, and a benchmark makes the same graphs (issue 17: neighbourhood collectives were not
 * traced, and graphs were made without edges).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int errors;

/* The value k of the message from s in iteration i. */
static int val(int s, int i, int k) { return 1000000 * (s % 100) + 1000 * (i % 1000) + k % 1000; }

static void fill(int *b, int len, int s, int i) {
    for (int k = 0; k < len; k++)
        b[k] = val(s, i, k);
}

static void check(const int *b, int len, int s, int i) {
    for (int k = 0; k < len && s != MPI_PROC_NULL; k++)
        errors += b[k] != val(s, i, k);
}

int main(int argc, char **argv)
{
    int r, n;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int iterations = argc > 1 ? atoi(argv[1]) : 10, count = argc > 2 ? atoi(argv[2]) : 16;

    int dims[2] = {0, 0}, periods[2] = {1, 0};
    MPI_Dims_create(n, 2, dims);
    MPI_Comm cart, adj, dist, graph;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    int cn[4]; /* Cartesian neighbours: -/+ in dimension 0, then in dimension 1 */
    MPI_Cart_shift(cart, 0, 1, &cn[0], &cn[1]);
    MPI_Cart_shift(cart, 1, 1, &cn[2], &cn[3]);

    int src[2] = {(r - 1 + n) % n, (r + 1) % n}, dst[2] = {(r + 1) % n, (r - 1 + n) % n};
    /* Weights of 1 (GCC takes Open MPI's MPI_UNWEIGHTED for an array of no element). */
    int ones[2] = {1, 1};
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, src, ones, 2, dst, ones, MPI_INFO_NULL, 0,
                                   &adj);

    int *nodes = malloc(sizeof(int) * n), *degrees = malloc(sizeof(int) * n);
    int *edges = malloc(sizeof(int) * 2 * n), *index = malloc(sizeof(int) * n);
    int *weights = malloc(sizeof(int) * 2 * n);
    for (int i = 0; i < n; i++) {
        nodes[i] = i;
        degrees[i] = 2;
        edges[2 * i] = (i + 1) % n;
        edges[2 * i + 1] = (i + 2) % n;
        weights[2 * i] = weights[2 * i + 1] = 1;
    }
    MPI_Dist_graph_create(MPI_COMM_WORLD, r == 0 ? n : 0, nodes, degrees, edges, weights,
                          MPI_INFO_NULL, 0, &dist);
    int din, dout, weighted;
    MPI_Dist_graph_neighbors_count(dist, &din, &dout, &weighted);
    int *dsrc = malloc(sizeof(int) * (din + 1)), *ddst = malloc(sizeof(int) * (dout + 1));
    MPI_Dist_graph_neighbors(dist, din, dsrc, weights, dout, ddst, weights + din);

    for (int i = 0; i < n; i++) {
        index[i] = 2 * (i + 1);
        edges[2 * i] = (i + 1) % n;
        edges[2 * i + 1] = (i - 1 + n) % n;
    }
    MPI_Graph_create(MPI_COMM_WORLD, n, index, edges, 0, &graph);
    int gn[2] = {(r + 1) % n, (r - 1 + n) % n};

    int most = 4 * (n + 2) * count + 64;
    int *sb = malloc(sizeof(int) * most), *rb = malloc(sizeof(int) * most);
    double *dsb = malloc(sizeof(double) * most), *drb = malloc(sizeof(double) * most);
    int counts[4], displs[4], rcounts[4], rdispls[4];
    MPI_Aint adispls[4], ardispls[4];
    MPI_Datatype types[4], rtypes[4];
    MPI_Request req;
    for (int i = 0; i < iterations; i++) {
        /* cart */
        fill(sb, count, r, i);
        MPI_Neighbor_allgather(sb, count, MPI_INT, rb, count, MPI_INT, cart);
        for (int j = 0; j < 4; j++)
            check(rb + j * count, count, cn[j], i);
        /* Every block alike: in a periodic dimension of 2 ranks both neighbours are one rank. */
        for (int j = 0; j < 4; j++)
            fill(sb + j * count, count, r, i);
        MPI_Neighbor_alltoall(sb, count, MPI_INT, rb, count, MPI_INT, cart);
        for (int j = 0; j < 4; j++)
            check(rb + j * count, count, cn[j], i);

        /* adj */
        fill(sb, (r + 1) * count, r, i);
        rcounts[0] = (src[0] + 1) * count;
        rcounts[1] = (src[1] + 1) * count;
        rdispls[0] = 0;
        rdispls[1] = rcounts[0];
        MPI_Neighbor_allgatherv(sb, (r + 1) * count, MPI_INT, rb, rcounts, rdispls, MPI_INT, adj);
        for (int j = 0; j < 2; j++)
            check(rb + rdispls[j], rcounts[j], src[j], i);
        for (int j = 0, at = 0, rat = 0; j < 2; j++) {
            counts[j] = r + dst[j] + 1;
            displs[j] = at;
            fill(sb + at, counts[j], r, i + dst[j]);
            at += counts[j];
            rcounts[j] = src[j] + r + 1;
            rdispls[j] = rat;
            rat += rcounts[j];
        }
        MPI_Ineighbor_alltoallv(sb, counts, displs, MPI_INT, rb, rcounts, rdispls, MPI_INT, adj,
                                &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int j = 0; j < 2; j++)
            check(rb + rdispls[j], rcounts[j], src[j], i + r);

        /* dist: ints as they are, doubles as their values */
        MPI_Aint at = 0, rat = 0;
        for (int j = 0; j < dout; j++) {
            counts[j] = count;
            types[j] = ddst[j] % 2 ? MPI_DOUBLE : MPI_INT;
            adispls[j] = at;
            for (int k = 0; k < count; k++) {
                if (ddst[j] % 2)
                    ((double *) ((char *) sb + at))[k] = val(r, i, k);
                else
                    ((int *) ((char *) sb + at))[k] = val(r, i, k);
            }
            at += count * (ddst[j] % 2 ? sizeof(double) : sizeof(int));
        }
        for (int j = 0; j < din; j++) {
            rcounts[j] = count;
            rtypes[j] = r % 2 ? MPI_DOUBLE : MPI_INT;
            ardispls[j] = rat;
            rat += count * (r % 2 ? sizeof(double) : sizeof(int));
        }
        MPI_Neighbor_alltoallw(sb, counts, adispls, types, rb, rcounts, ardispls, rtypes, dist);
        for (int j = 0; j < din; j++)
            for (int k = 0; k < count; k++)
                errors += (r % 2 ? ((double *) ((char *) rb + ardispls[j]))[k]
                           : ((int *) ((char *) rb + ardispls[j]))[k]) != val(dsrc[j], i, k);
        for (int k = 0; k < count; k++)
            dsb[k] = val(r, i, k);
        MPI_Ineighbor_allgather(dsb, count, MPI_DOUBLE, drb, count, MPI_DOUBLE, dist, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int j = 0; j < din; j++)
            for (int k = 0; k < count; k++)
                errors += drb[j * count + k] != val(dsrc[j], i, k);

        /* graph */
        for (int j = 0; j < 2; j++)
            fill(sb + j * count, count, r, i);
        MPI_Neighbor_alltoall(sb, count, MPI_INT, rb, count, MPI_INT, graph);
        for (int j = 0; j < 2; j++)
            check(rb + j * count, count, gn[j], i);
        for (int j = 0; j < 2; j++) {
            counts[j] = count;
            types[j] = MPI_INT;
            adispls[j] = (MPI_Aint) (j * count * sizeof(int));
        }
        MPI_Ineighbor_alltoallw(sb, counts, adispls, types, rb, counts, adispls, types, graph,
                                &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Comm_free(&cart);
    MPI_Comm_free(&adj);
    MPI_Comm_free(&dist);
    MPI_Comm_free(&graph);
    if (errors)
        fprintf(stderr, "neighbors: rank %d: %d errors\n", r, errors);
    else if (r == 0)
        printf("neighbors: %d ranks, %d iterations, count %d: done\n", n, iterations, count);
    MPI_Finalize();
    free(nodes); free(degrees); free(edges); free(index); free(weights); free(dsrc); free(ddst);
    free(sb); free(rb); free(dsb); free(drb);
    return errors != 0;
}
