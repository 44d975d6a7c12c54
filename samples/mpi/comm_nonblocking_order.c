/*
 * comm_nonblocking_order.c - nonblocking collectives of several communicators started in
 * different orders on different ranks, as MPI allows (it orders collectives per communicator).
 *
 * Usage: comm_nonblocking_order [rounds]      defaults: rounds=3
 * Any number of ranks n >= 2. Once: MPI_Comm_dup(MPI_COMM_WORLD) -> d; the pairs of ranks
 * {i, i+1 mod n}, for i = 0 .. n-1, each made by MPI_Comm_create_group (tag i) of its two ranks,
 * in order of i -> pair[0] (this rank's pair with the next) and pair[1] (with the previous).
 * Then rounds times: the even ranks start an MPI_Iallreduce of one int on the world, then an
 * MPI_Comm_idup(d) -> e; the odd ranks the MPI_Comm_idup first; one MPI_Waitall; then each
 * rank starts MPI_Comm_idup(pair[0]) -> p0, then MPI_Comm_idup(pair[1]) -> p1 (so the pairs'
 * dups start in a circle of orders: neither could be a blocking MPI_Comm_dup); one
 * MPI_Waitall; an MPI_Allreduce of one int on e; an MPI_Iallreduce of one int on p0, then on
 * p1, and one MPI_Waitall; MPI_Comm_free of p1, p0 and e.
 * Then MPI_Comm_free of the pairs and of d. The sums are checked: the program says how many
 * were wrong. Issue 16: alignment waited at each start as at a blocking collective and
 * reported BG102 on these correct programs; the two calls that made one communicator on
 * different ranks gave it two slots.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int sum_on(MPI_Comm c)
{
    int one = 1, sum = 0;
    MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, c);
    return sum;
}

int main(int argc, char **argv)
{
    int r, n, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int rounds = argc > 1 ? atoi(argv[1]) : 3;
    if (n < 2) {
        if (r == 0)
            printf("comm_nonblocking_order: needs 2 ranks or more\n");
        MPI_Finalize();
        return 1;
    }
    MPI_Comm d, pair[2];
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    MPI_Group world;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    for (int i = 0; i < n; i++) {
        int two[2] = {i, (i + 1) % n};
        if (r != two[0] && r != two[1])
            continue;
        MPI_Group g;
        MPI_Group_incl(world, 2, two, &g);
        MPI_Comm_create_group(MPI_COMM_WORLD, g, i, &pair[r == two[0] ? 0 : 1]);
        MPI_Group_free(&g);
    }
    MPI_Group_free(&world);
    for (int k = 0; k < rounds; k++) {
        MPI_Comm e, p0, p1;
        MPI_Request q[2];
        MPI_Status st[2];
        int one = 1, sum = 0;
        if (r % 2 == 0) {
            MPI_Iallreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &q[0]);
            MPI_Comm_idup(d, &e, &q[1]);
        } else {
            MPI_Comm_idup(d, &e, &q[1]);
            MPI_Iallreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &q[0]);
        }
        MPI_Waitall(2, q, st);
        errors += sum != n;
        MPI_Comm_idup(pair[0], &p0, &q[0]);
        MPI_Comm_idup(pair[1], &p1, &q[1]);
        MPI_Waitall(2, q, st);
        errors += sum_on(e) != n;
        /* Blocking, these would wait in a circle too. */
        int pairs[2] = {0, 0};
        MPI_Iallreduce(&one, &pairs[0], 1, MPI_INT, MPI_SUM, p0, &q[0]);
        MPI_Iallreduce(&one, &pairs[1], 1, MPI_INT, MPI_SUM, p1, &q[1]);
        MPI_Waitall(2, q, st);
        errors += (pairs[0] != 2) + (pairs[1] != 2);
        MPI_Comm_free(&p1);
        MPI_Comm_free(&p0);
        MPI_Comm_free(&e);
    }
    MPI_Comm_free(&pair[1]);
    MPI_Comm_free(&pair[0]);
    MPI_Comm_free(&d);
    if (errors)
        printf("comm_nonblocking_order: rank %d: %d wrong values\n", r, errors);
    MPI_Finalize();
    return errors != 0;
}
