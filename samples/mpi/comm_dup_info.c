/*
 * comm_dup_info.c - a communicator made by MPI_Comm_dup_with_info, used, and freed.
 *
 * Usage: comm_dup_info [iterations] [count]      defaults: iterations=10, count=32
 * Any number of ranks n >= 1. MPI_Comm_dup_with_info(MPI_COMM_WORLD, an info with one hint)
 * -> c; then iterations times: a ring exchange of count doubles on c (MPI_Sendrecv to the next,
 * from the previous), and an MPI_Allreduce of one double on c; MPI_Comm_dup_with_info(c,
 * MPI_INFO_NULL) -> d, an MPI_Barrier on d; MPI_Comm_free of d and c. The received values are
 * checked: the program says how many were wrong. Issue 16: the tracer did not record the call,
 * so its communicator got an id from its members alone.
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
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_no_any_tag", "true");
    MPI_Comm c, d;
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &c);
    MPI_Info_free(&info);
    double *out = malloc(count * sizeof *out), *in = malloc(count * sizeof *in);
    int next = (r + 1) % n, prev = (r + n - 1) % n;
    for (int i = 0; i < iterations; i++) {
        for (int x = 0; x < count; x++)
            out[x] = r + i;
        MPI_Sendrecv(out, count, MPI_DOUBLE, next, 1, in, count, MPI_DOUBLE, prev, 1, c,
                     MPI_STATUS_IGNORE);
        errors += in[count - 1] != prev + i;
        double one = 1, sum = 0;
        MPI_Allreduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, c);
        errors += sum != n;
    }
    MPI_Comm_dup_with_info(c, MPI_INFO_NULL, &d);
    MPI_Barrier(d);
    MPI_Comm_free(&d);
    MPI_Comm_free(&c);
    free(out);
    free(in);
    if (errors)
        printf("comm_dup_info: rank %d: %d wrong values\n", r, errors);
    MPI_Finalize();
    return errors != 0;
}
