/*
 * comm_idup.c - communicators made by MPI_Comm_idup, completed by a wait, used and freed.
 *
 * Usage: comm_idup [iterations] [count]      defaults: iterations=10, count=32
 * Any number of ranks n >= 1. MPI_Comm_idup(MPI_COMM_WORLD) -> c, request q; an MPI_Allreduce
 * on MPI_COMM_WORLD while the dup is in progress; MPI_Wait(q); then iterations times: a ring
 * exchange of count doubles on c (MPI_Sendrecv to the next, from the previous) and an
 * MPI_Allreduce of one double on c; MPI_Comm_idup(c) -> d and MPI_Comm_idup(c) -> e, both
 * completed by one MPI_Waitall; an MPI_Barrier on d and on e; MPI_Comm_free of e, d and c. The
 * received values are checked: the program says how many were wrong. Issue 16: the tracer did
 * not record the call, so its communicators got ids from their members alone.
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
    int iterations = argc > 1 ? atoi(argv[1]) : 10, count = argc > 2 ? atoi(argv[2]) : 32;
    MPI_Comm c, d, e;
    MPI_Request q, two[2];
    MPI_Status st[2];
    MPI_Comm_idup(MPI_COMM_WORLD, &c, &q);
    double one = 1, sum = 0;
    MPI_Allreduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    errors += sum != n;
    MPI_Wait(&q, MPI_STATUS_IGNORE);
    double *out = malloc(count * sizeof *out), *in = malloc(count * sizeof *in);
    int next = (r + 1) % n, prev = (r + n - 1) % n;
    for (int i = 0; i < iterations; i++) {
        for (int x = 0; x < count; x++)
            out[x] = r + i;
        MPI_Sendrecv(out, count, MPI_DOUBLE, next, 1, in, count, MPI_DOUBLE, prev, 1, c,
                     MPI_STATUS_IGNORE);
        errors += in[count - 1] != prev + i;
        MPI_Allreduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, c);
        errors += sum != n;
    }
    MPI_Comm_idup(c, &d, &two[0]);
    MPI_Comm_idup(c, &e, &two[1]);
    MPI_Waitall(2, two, st);
    MPI_Barrier(d);
    MPI_Barrier(e);
    MPI_Comm_free(&e);
    MPI_Comm_free(&d);
    MPI_Comm_free(&c);
    free(out);
    free(in);
    if (errors)
        printf("comm_idup: rank %d: %d wrong values\n", r, errors);
    MPI_Finalize();
    return errors != 0;
}
