/*
 * comm_topologies.c - communicators made by MPI_Comm_split_type, MPI_Graph_create,
 * MPI_Dist_graph_create_adjacent, MPI_Dist_graph_create and (MPI-4) MPI_Comm_idup_with_info.
 *
 * Usage: comm_topologies [iterations]      default: iterations=10
 * Any number of ranks n >= 1. MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, key r)
 * -> node; MPI_Graph_create(MPI_COMM_WORLD, a ring of n - n/2 nodes, no reordering) -> graph
 * (MPI_COMM_NULL on the last n/2 ranks); MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, from the
 * previous rank, to the next, weight 1) -> ring; MPI_Dist_graph_create(MPI_COMM_WORLD, each
 * rank giving the edge to the next) -> dist; with MPI-4, MPI_Comm_idup_with_info(MPI_COMM_WORLD,
 * MPI_INFO_NULL) -> idup, completed by MPI_Wait. Then iterations times: an MPI_Allreduce of one
 * int on node, on graph (where this rank has it), on ring, on dist (and on idup); and a ring of
 * MPI_Sendrecv on ring (to the next rank, from the previous). All freed. Then MPI_Cart_create of
 * no dimension -> zero (rank 0 alone), an MPI_Allreduce on it, freed. The sums and received
 * values are checked: the program says how many were wrong. Issue 16: these calls were not
 * recorded, so their communicators were named by their members when first used; a benchmark's
 * Cartesian communicator of no dimension did not compile with -Werror.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int sum_on(MPI_Comm c) {
    int one = 1, sum = 0;
    MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, c);
    return sum;
}

static int size_of(MPI_Comm c) {
    int n = 0;
    MPI_Comm_size(c, &n);
    return n;
}

int main(int argc, char **argv)
{
    int r, n, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int iterations = argc > 1 ? atoi(argv[1]) : 10;
    MPI_Comm node, graph, ring, dist;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, r, MPI_INFO_NULL, &node);
    int g = n - n / 2;
    int *index = malloc(g * sizeof *index), *edges = malloc(2 * g * sizeof *edges);
    for (int i = 0; i < g; i++) {
        index[i] = 2 * (i + 1);
        edges[2 * i] = (i + 1) % g;
        edges[2 * i + 1] = (i + g - 1) % g;
    }
    MPI_Graph_create(MPI_COMM_WORLD, g, index, edges, 0, &graph);
    int next = (r + 1) % n, prev = (r + n - 1) % n, weight = 1;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &prev, &weight, 1, &next, &weight,
                                   MPI_INFO_NULL, 0, &ring);
    int degree = 1;
    MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &r, &degree, &next, &weight, MPI_INFO_NULL, 0,
                          &dist);
#if MPI_VERSION >= 4
    MPI_Comm idup;
    MPI_Request q;
    MPI_Comm_idup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &idup, &q);
    MPI_Wait(&q, MPI_STATUS_IGNORE);
#endif
    for (int i = 0; i < iterations; i++) {
        errors += sum_on(node) != size_of(node);
        if (graph != MPI_COMM_NULL)
            errors += sum_on(graph) != g;
        errors += sum_on(ring) != n;
        errors += sum_on(dist) != n;
#if MPI_VERSION >= 4
        errors += sum_on(idup) != n;
#endif
        int out = r + i, in = -1;
        MPI_Sendrecv(&out, 1, MPI_INT, next, 5, &in, 1, MPI_INT, prev, 5, ring, MPI_STATUS_IGNORE);
        errors += in != prev + i;
    }
#if MPI_VERSION >= 4
    MPI_Comm_free(&idup);
#endif
    MPI_Comm_free(&dist);
    MPI_Comm_free(&ring);
    if (graph != MPI_COMM_NULL)
        MPI_Comm_free(&graph);
    MPI_Comm_free(&node);
    /* A Cartesian communicator of no dimension: rank 0 alone. */
    MPI_Comm zero;
    int none[1] = {0};
    MPI_Cart_create(MPI_COMM_WORLD, 0, none, none, 0, &zero);
    errors += (zero != MPI_COMM_NULL) != (r == 0);
    if (zero != MPI_COMM_NULL) {
        errors += sum_on(zero) != 1;
        MPI_Comm_free(&zero);
    }
    free(index);
    free(edges);
    if (errors)
        printf("comm_topologies: rank %d: %d wrong values\n", r, errors);
    MPI_Finalize();
    return errors != 0;
}
