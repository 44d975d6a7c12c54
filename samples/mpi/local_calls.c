/*
 * local_calls.c - calls that involve no other rank: MPI_Reduce_local, and a Bsend buffer
 * attached and detached with a size that changes.
 *
 * Usage: local_calls [iterations] [count]      defaults: iterations=10, count=256
 * Any number of ranks n. Per iteration i:
 *   MPI_Reduce_local   count doubles, MPI_SUM, into an accumulator (checked)
 *   MPI_Reduce_local   count/2 MPI_DOUBLE_INT, MPI_MINLOC (checked)
 *   MPI_Buffer_attach  a buffer of (i%3+1) * (count*4 + MPI_BSEND_OVERHEAD) bytes
 *   MPI_Bsend          count ints to (r+1)%n, then MPI_Recv from (r-1+n)%n (checked)
 *   MPI_Buffer_detach  the buffer, freed
 * The tracer records each call, the buffer's size too; a benchmark reduces the same counts and
 * attaches a buffer of the traced size (issue 17: neither was traced).
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
    int iterations = argc > 1 ? atoi(argv[1]) : 10, count = argc > 2 ? atoi(argv[2]) : 256;
    double *in = malloc(sizeof(double) * count), *acc = calloc(count, sizeof(double));
    struct { double v; int k; } *pin = malloc(sizeof *pin * (count / 2 + 1)),
        *pacc = malloc(sizeof *pacc * (count / 2 + 1));
    int *msg = malloc(sizeof(int) * count), *got = malloc(sizeof(int) * count);
    for (int k = 0; k < count / 2; k++) {
        pacc[k].v = 1e9;
        pacc[k].k = -1;
    }
    for (int i = 0; i < iterations; i++) {
        for (int k = 0; k < count; k++)
            in[k] = i + k;
        MPI_Reduce_local(in, acc, count, MPI_DOUBLE, MPI_SUM);
        for (int k = 0; k < count / 2; k++) {
            pin[k].v = (double) ((k + 7 * i) % 11);
            pin[k].k = i;
        }
        MPI_Reduce_local(pin, pacc, count / 2, MPI_DOUBLE_INT, MPI_MINLOC);

        int size = (i % 3 + 1) * (count * (int) sizeof(int) + MPI_BSEND_OVERHEAD);
        void *buffer = malloc(size);
        MPI_Buffer_attach(buffer, size);
        for (int k = 0; k < count; k++)
            msg[k] = 1000 * r + i + k;
        int from = (r - 1 + n) % n;
        MPI_Bsend(msg, count, MPI_INT, (r + 1) % n, i, MPI_COMM_WORLD);
        MPI_Recv(got, count, MPI_INT, from, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int k = 0; k < count; k++)
            errors += got[k] != 1000 * from + i + k;
        void *detached;
        int detachedSize;
        MPI_Buffer_detach(&detached, &detachedSize);
        errors += detached != buffer || detachedSize != size;
        free(detached);
    }
    /* acc[k] = sum over i of (i + k); the minimum of (k + 7i) % 11, first reached at some i. */
    for (int k = 0; k < count; k++)
        errors += acc[k] != (double) iterations * (iterations - 1) / 2 + (double) iterations * k;
    for (int k = 0; k < count / 2; k++) {
        double least = 1e9;
        int at = -1;
        for (int i = 0; i < iterations; i++)
            if ((k + 7 * i) % 11 < least) {
                least = (k + 7 * i) % 11;
                at = i;
            }
        errors += pacc[k].v != least || pacc[k].k != at;
    }
    if (errors)
        fprintf(stderr, "local_calls: rank %d: %d errors\n", r, errors);
    else if (r == 0)
        printf("local_calls: %d ranks, %d iterations, count %d: done\n", n, iterations, count);
    MPI_Finalize();
    free(in); free(acc); free(pin); free(pacc); free(msg); free(got);
    return errors != 0;
}
