/*
 * comm_from_group.c - MPI-4's communicators made of groups, without a parent communicator.
 *
 * Usage: comm_from_group [rounds]      defaults: rounds=3
 * Any number of ranks n >= 2; needs an MPI of version 4 (MPICH 4: Open MPI 4.1 has neither call,
 * and there the program only says so and makes one MPI_Barrier). Of the world's group: the
 * evens and the odds. rounds times: MPI_Comm_create_from_group of this rank's half (string tag
 * "half") -> h, an MPI_Allreduce of one int on h; MPI_Intercomm_create_from_groups(this rank's
 * half, leader 0, the other half, leader 0, tag "across") -> x, an MPI_Sendrecv of one int with
 * the rank of the same number in the other half where there is one (the last even when n is
 * odd sends to and receives from MPI_PROC_NULL), an MPI_Allreduce of one int on x (each half
 * gets the other's sum); MPI_Comm_free of x and h. The sums and received values are checked:
 * the program says how many were wrong. Issue 16: the tracer did not record these calls.
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
    if (n < 2) {
        if (r == 0)
            printf("comm_from_group: needs 2 ranks or more\n");
        MPI_Finalize();
        return 1;
    }
#if MPI_VERSION >= 4
    int rounds = argc > 1 ? atoi(argv[1]) : 3;
    MPI_Group world, half[2];
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int range[2][1][3] = {{{0, n - 1 - (n - 1) % 2, 2}}, {{1, n - 1 - n % 2, 2}}};
    MPI_Group_range_incl(world, 1, range[0], &half[0]);
    MPI_Group_range_incl(world, 1, range[1], &half[1]);
    int mine = r % 2, sizes[2] = {(n + 1) / 2, n / 2};
    for (int k = 0; k < rounds; k++) {
        MPI_Comm h, x;
        MPI_Comm_create_from_group(half[mine], "half", MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &h);
        int one = 1, sum = 0;
        MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, h);
        errors += sum != sizes[mine];
        MPI_Intercomm_create_from_groups(half[mine], 0, half[1 - mine], 0, "across",
                                         MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &x);
        int me = r / 2, peer = me < sizes[1 - mine] ? me : MPI_PROC_NULL, got = -1;
        MPI_Sendrecv(&me, 1, MPI_INT, peer, 5, &got, 1, MPI_INT, peer, 5, x, MPI_STATUS_IGNORE);
        errors += peer != MPI_PROC_NULL && got != me;
        MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, x);
        errors += sum != sizes[1 - mine];
        MPI_Comm_free(&x);
        MPI_Comm_free(&h);
    }
    MPI_Group_free(&half[1]);
    MPI_Group_free(&half[0]);
    MPI_Group_free(&world);
#else
    if (r == 0)
        printf("comm_from_group: MPI %d.%d has no MPI_Comm_create_from_group\n", MPI_VERSION,
               MPI_SUBVERSION);
    MPI_Barrier(MPI_COMM_WORLD);
#endif
    if (errors)
        printf("comm_from_group: rank %d: %d wrong values\n", r, errors);
    MPI_Finalize();
    return errors != 0;
}
