/*
 * comm_create_group.c - communicators that only their members make (MPI_Comm_create_group).
 *
 * Usage: comm_create_group [iterations]      default: iterations=10
 * Any number of ranks n >= 1. The even ranks make a communicator of the even ranks
 * (MPI_Comm_create_group of MPI_COMM_WORLD, tag 5), which the odd ranks never call, and
 * iterations times an MPI_Allreduce of one int on it; then every rank makes
 * MPI_Comm_dup(MPI_COMM_WORLD) and synchronizes on it (a creation on the world that all must name
 * alike, and a collective the odd ranks reach first), and the communicators are freed. The sums
 * are checked: the program says how many were wrong. Issue 16: the tracer did not record the
 * call, so its communicator got an id from its members alone; taken for a collective of the
 * world, it would not have aligned.
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
    int iterations = argc > 1 ? atoi(argv[1]) : 10;
    int half = (n + 1) / 2, *ranks = malloc(half * sizeof *ranks);
    for (int i = 0; i < half; i++)
        ranks[i] = 2 * i;
    MPI_Comm c = MPI_COMM_NULL, dup;
    if (r % 2 == 0) {
        MPI_Group world, evens;
        MPI_Comm_group(MPI_COMM_WORLD, &world);
        MPI_Group_incl(world, half, ranks, &evens);
        MPI_Comm_create_group(MPI_COMM_WORLD, evens, 5, &c);
        MPI_Group_free(&evens);
        MPI_Group_free(&world);
        for (int i = 0; i < iterations; i++) {
            int one = 1, sum = 0;
            MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, c);
            errors += sum != half;
        }
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Barrier(dup);
    if (c != MPI_COMM_NULL)
        MPI_Comm_free(&c);
    MPI_Comm_free(&dup);
    free(ranks);
    if (errors)
        printf("comm_create_group: rank %d: %d wrong values\n", r, errors);
    MPI_Finalize();
    return errors != 0;
}
