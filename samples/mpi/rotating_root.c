/*
 * rotating_root.c - v-collectives whose root changes from one call to the next.
 *
 * Usage: rotating_root [iterations]      default: iterations=6
 * Any number of ranks n; block(j) = j + 1 ints. Per iteration i, root = i % n, on
 * MPI_COMM_WORLD:
 *   MPI_Gatherv    r sends block(r) ints (1000*r + k + i); the root receives block(j) from each j
 *   MPI_Scatterv   the root sends block(j) ints (1000*j + k + i) to each j; r receives block(r)
 * Both are checked. The per-rank counts are significant only at the root, which the tracer
 * records there alone: a rank has them on some calls and not on others (issue 17: the C
 * generated for this did not compile).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int r, n, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int iterations = argc > 1 ? atoi(argv[1]) : 6;
    int *block = malloc(sizeof(int) * n), *displ = malloc(sizeof(int) * n), total = 0;
    for (int j = 0; j < n; j++) {
        block[j] = j + 1;
        displ[j] = total;
        total += block[j];
    }
    int *all = malloc(sizeof(int) * total), *mine = malloc(sizeof(int) * n);
    for (int i = 0; i < iterations; i++) {
        int root = i % n;
        for (int k = 0; k < block[r]; k++)
            mine[k] = 1000 * r + k + i;
        MPI_Gatherv(mine, block[r], MPI_INT, all, block, displ, MPI_INT, root, MPI_COMM_WORLD);
        if (r == root)
            for (int j = 0; j < n; j++)
                for (int k = 0; k < block[j]; k++)
                    errors += all[displ[j] + k] != 1000 * j + k + i;
        if (r == root)
            for (int j = 0; j < n; j++)
                for (int k = 0; k < block[j]; k++)
                    all[displ[j] + k] = 1000 * j + k + i;
        MPI_Scatterv(all, block, displ, MPI_INT, mine, block[r], MPI_INT, root, MPI_COMM_WORLD);
        for (int k = 0; k < block[r]; k++)
            errors += mine[k] != 1000 * r + k + i;
    }
    if (errors)
        fprintf(stderr, "rotating_root: rank %d: %d errors\n", r, errors);
    else if (r == 0)
        printf("rotating_root: %d ranks, %d iterations: done\n", n, iterations);
    free(block);
    free(displ);
    free(all);
    free(mine);
    MPI_Finalize();
    return errors ? 1 : 0;
}
