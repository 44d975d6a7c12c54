/*
 * many_comms.c - many communicators, and communicators the tracer meets only in use.
 *
 * Usage: many_comms [iterations]      default: iterations=50000
 * Any number of ranks n >= 2. Calls, in order (all ranks unless said):
 *   per iteration i: MPI_Comm_split(MPI_COMM_WORLD, color = (i + r) % 2, key = r) -> c,
 *     MPI_Barrier(c), MPI_Comm_free(c)          (iterations x 2 communicators made; since the
 *     tracer's slots (issue 50) one id per set of members: each is freed before the next)
 *   MPI_Comm_split(MPI_COMM_WORLD, color = MPI_UNDEFINED on rank 0, 0 elsewhere) -> others
 *     (MPI_COMM_NULL on rank 0), then MPI_Comm_dup(MPI_COMM_WORLD) -> dup, MPI_Barrier(dup)
 *   MPI_Comm_create_group(MPI_COMM_WORLD, the world's group, tag 1) -> g1, and tag 2 -> g2:
 *     two communicators of the same members (the tracer did not record this call before
 *     comm_create_group.c); MPI_Barrier(g1), MPI_Barrier(g2)
 *   MPI_Comm_free of others (ranks 1..n-1), dup, g1, g2
 * Issue 16: ids were 31-bit hashes (two of ~50,000 communicators shared one), and the second
 * communicator met in use with the same members as the first got the first's id.
 * Issue 50: the split's communicators now take their freed predecessors' ids, so the loop no
 * longer makes ~10^5 distinct ids, and no longer tests the hashes' width.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iterations = argc > 1 ? atoi(argv[1]) : 50000;
    if (size < 2) {
        fprintf(stderr, "many_comms: needs at least 2 ranks\n");
        MPI_Finalize();
        return 1;
    }
    for (int i = 0; i < iterations; i++) {
        MPI_Comm c;
        MPI_Comm_split(MPI_COMM_WORLD, (i + rank) % 2, rank, &c);
        MPI_Barrier(c);
        MPI_Comm_free(&c);
    }

    MPI_Comm others, dup, g1, g2;
    MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? MPI_UNDEFINED : 0, rank, &others);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Barrier(dup);

    MPI_Group world;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Comm_create_group(MPI_COMM_WORLD, world, 1, &g1);
    MPI_Comm_create_group(MPI_COMM_WORLD, world, 2, &g2);
    MPI_Group_free(&world);
    MPI_Barrier(g1);
    MPI_Barrier(g2);

    if (rank != 0)
        MPI_Comm_free(&others);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&g1);
    MPI_Comm_free(&g2);
    if (rank == 0)
        printf("many_comms: %d ranks, %d iterations: done\n", size, iterations);
    MPI_Finalize();
    return 0;
}
