/*
 * comm_live.c - communicators of one call kept alive together, created over and over.
 *
 * Usage: comm_live [rounds] [live]      defaults: rounds=25000, live=4 (100,000 creations)
 * Any number of ranks n >= 1. Each round: live times MPI_Comm_dup_with_info(MPI_COMM_WORLD,
 * an info with one hint) -> c[k] (one call site); an MPI_Allreduce of one int on each c[k];
 * then MPI_Comm_free of every c[k], starting at k = round mod live. After the rounds: live
 * times MPI_Comm_dup(MPI_COMM_WORLD) -> d[k], an MPI_Barrier on each, freed in reverse order.
 * The sums are checked: the program says how many were wrong. Issue 16: the benchmark kept all
 * results of one call in one slot, so it freed that slot live times (MPI_ERR_COMM).
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
    int rounds = argc > 1 ? atoi(argv[1]) : 25000, live = argc > 2 ? atoi(argv[2]) : 4;
    if (live < 1)
        live = 1;
    MPI_Comm *c = malloc(live * sizeof *c);
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_no_any_source", "true");
    for (int i = 0; i < rounds; i++) {
        for (int k = 0; k < live; k++)
            MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &c[k]);
        for (int k = 0; k < live; k++) {
            int one = 1, sum = 0;
            MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, c[k]);
            errors += sum != n;
        }
        for (int k = 0; k < live; k++)
            MPI_Comm_free(&c[(k + i) % live]);
    }
    MPI_Info_free(&info);
    for (int k = 0; k < live; k++)
        MPI_Comm_dup(MPI_COMM_WORLD, &c[k]);
    for (int k = 0; k < live; k++)
        MPI_Barrier(c[k]);
    for (int k = live - 1; k >= 0; k--)
        MPI_Comm_free(&c[k]);
    free(c);
    if (errors)
        printf("comm_live: rank %d: %d wrong sums\n", r, errors);
    MPI_Finalize();
    return errors != 0;
}
