/*
 * threads_multiple.c - two threads of every rank call MPI at the same time (MPI_THREAD_MULTIPLE).
 *
 * Usage: threads_multiple [iterations] [count]      defaults: iterations=2000, count=8
 *
 * MPI_Init_thread asks for MPI_THREAD_MULTIPLE; a rank that is given less says so on stderr and
 * every rank exits 1. Each rank then starts a second thread (POSIX threads), and both threads, the
 * one that initialised MPI (t = 0) and the new one (t = 1), run the same loop at once, on
 * MPI_COMM_WORLD with tag t, so that their messages never match each other's: per iteration,
 * MPI_Irecv of c MPI_INT from left = (r-1+n) % n, MPI_Isend of c MPI_INT to right = (r+1) % n,
 * MPI_Waitall on both (a status array; no compute phase). Element k of thread t's i-th message
 * from rank r is 1000000*t + 1000*r + k + i, checked. Each rank makes 2*iterations Isends in all
 * (4,000 at the defaults), half from each thread. Works with any number of ranks.
 */
#define _POSIX_C_SOURCE 200112L
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int rank, size, iterations, count;

/* Thread t's exchanges; returns its errors. */
static long exchange(int t)
{
    int left = (rank - 1 + size) % size, right = (rank + 1) % size;
    int *out = malloc(sizeof(int) * count), *in = malloc(sizeof(int) * count);
    long errors = 0;
    for (int i = 0; i < iterations; i++) {
        for (int k = 0; k < count; k++)
            out[k] = 1000000 * t + 1000 * rank + k + i;
        MPI_Request req[2];
        MPI_Status st[2];
        MPI_Irecv(in, count, MPI_INT, left, t, MPI_COMM_WORLD, &req[0]);
        MPI_Isend(out, count, MPI_INT, right, t, MPI_COMM_WORLD, &req[1]);
        MPI_Waitall(2, req, st);
        for (int k = 0; k < count; k++)
            errors += in[k] != 1000000 * t + 1000 * left + k + i;
    }
    free(out);
    free(in);
    return errors;
}

static void *second(void *arg)
{
    *(long *) arg = exchange(1);
    return NULL;
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    iterations = argc > 1 ? atoi(argv[1]) : 2000;
    count = argc > 2 ? atoi(argv[2]) : 8;
    if (provided != MPI_THREAD_MULTIPLE) {
        fprintf(stderr, "threads_multiple: rank %d: MPI_THREAD_MULTIPLE not provided (%d)\n",
                rank, provided);
        MPI_Finalize();
        return 1;
    }
    long errors1 = 0;
    pthread_t thread;
    pthread_create(&thread, NULL, second, &errors1);
    long errors = exchange(0);
    pthread_join(thread, NULL);
    errors += errors1;
    if (errors)
        fprintf(stderr, "threads_multiple: rank %d: %ld errors\n", rank, errors);
    else if (rank == 0)
        printf("threads_multiple: %d ranks, 2 threads, %d iterations, count %d: done\n", size,
               iterations, count);
    MPI_Finalize();
    return errors ? 1 : 0;
}
