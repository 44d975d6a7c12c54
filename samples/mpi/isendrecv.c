/*
 * isendrecv.c - MPI-4's nonblocking send-receives: MPI_Isendrecv and MPI_Isendrecv_replace.
 *
 * Usage: isendrecv [iterations] [count]      defaults: iterations=10, count=64
 * Any number of ranks n; right = (r+1)%n, left = (r-1+n)%n. Per iteration: MPI_Isendrecv of
 * count ints to right and count ints from left (tag 1), MPI_Isendrecv_replace of count+1 ints to
 * left and from MPI_ANY_SOURCE (tag 2), one MPI_Waitall of both. Values are checked (not the
 * statuses: MPICH 4.0's name a wrong source). Built with an MPI before 4 (Open MPI 4.1), it only
 * makes a Barrier.
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
    int iterations = argc > 1 ? atoi(argv[1]) : 10, count = argc > 2 ? atoi(argv[2]) : 64;
#if MPI_VERSION >= 4
    int right = (r + 1) % n, left = (r - 1 + n) % n;
    int *out = malloc(sizeof(int) * count), *in = malloc(sizeof(int) * count);
    int *both = malloc(sizeof(int) * (count + 1));
    for (int i = 0; i < iterations; i++) {
        MPI_Request q[2];
        MPI_Status st[2];
        for (int k = 0; k < count; k++)
            out[k] = 1000 * r + i + k;
        for (int k = 0; k <= count; k++)
            both[k] = 2000 * r + i + k;
        MPI_Isendrecv(out, count, MPI_INT, right, 1, in, count, MPI_INT, left, 1, MPI_COMM_WORLD,
                      &q[0]);
        MPI_Isendrecv_replace(both, count + 1, MPI_INT, left, 2, MPI_ANY_SOURCE, 2,
                              MPI_COMM_WORLD, &q[1]);
        MPI_Waitall(2, q, st);
        for (int k = 0; k < count; k++)
            errors += in[k] != 1000 * left + i + k;
        for (int k = 0; k <= count; k++)
            errors += both[k] != 2000 * right + i + k;
    }
    free(out);
    free(in);
    free(both);
#else
    (void) iterations;
    (void) count;
    if (r == 0)
        printf("isendrecv: MPI %d has no MPI_Isendrecv: a Barrier only\n", MPI_VERSION);
    MPI_Barrier(MPI_COMM_WORLD);
#endif
    if (errors)
        fprintf(stderr, "isendrecv: rank %d: %d errors\n", r, errors);
    else if (r == 0)
        printf("isendrecv: %d ranks: done\n", n);
    MPI_Finalize();
    return errors != 0;
}
