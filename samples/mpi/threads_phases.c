/*
 * threads_phases.c - ranks that call MPI from several threads in two phases (MPI_THREAD_MULTIPLE),
 * the shape of MPICH's threads tests: threads started, run at once with MPI's main thread, joined,
 * a barrier, the next phase.
 *
 * Usage: threads_phases [iterations]      default: iterations=20; any number of ranks >= 2
 *
 * MPI_Init_thread asks for MPI_THREAD_MULTIPLE (every rank exits 1 if it is not given). The main
 * thread duplicates MPI_COMM_WORLD into dup, then (after a barrier on the world) phase 1: two
 * POSIX threads and the main thread at once, each `iterations` times:
 *   - main thread:  ring exchange on MPI_COMM_WORLD, tag 0, 4 MPI_INT (16 bytes): MPI_Sendrecv to
 *                   right = (r+1)%n from left = (r-1+n)%n;
 *   - thread A:     ring exchange on MPI_COMM_WORLD, tag 1, 64 MPI_DOUBLE (512 bytes): MPI_Irecv
 *                   from left, MPI_Isend to right, MPI_Waitall;
 *   - thread B:     MPI_Allreduce of 2 MPI_LONG (16 bytes) on dup (the only thread that makes
 *                   collectives on dup).
 * Then the threads are joined, a barrier on the world, and phase 2: one thread C and the main
 * thread, `iterations` times each:
 *   - main thread:  ring exchange on MPI_COMM_WORLD, tag 5, 8 MPI_INT (32 bytes), MPI_Sendrecv
 *                   (point-to-point only: a collective of the main thread while other threads
 *                   run is where the recorded order may place a phase's start differently on
 *                   each rank, which generate refuses rather than guesses, docs/codegen.md);
 *   - thread C:     rank 0 sends 1 MPI_CHAR, tag 7, on dup to every other rank in turn (MPI_Send);
 *                   every other rank receives it (MPI_Recv from 0).
 * Joined, MPI_Comm_free(dup), MPI_Finalize. Received values are checked (thread A's element k of
 * message i from rank s is 1000*s + k + i; the Allreduce's sum is n*(n-1)/2 + i*n); a rank with an
 * error prints it and exits 1.
 */
#define _POSIX_C_SOURCE 200112L
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int rank, size, iterations;
static MPI_Comm dup;
static long errors[4];

static void *thread_a(void *unused)
{
    (void) unused;
    int left = (rank - 1 + size) % size, right = (rank + 1) % size;
    double out[64], in[64];
    for (int i = 0; i < iterations; i++) {
        for (int k = 0; k < 64; k++)
            out[k] = 1000.0 * rank + k + i;
        MPI_Request req[2];
        MPI_Irecv(in, 64, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &req[0]);
        MPI_Isend(out, 64, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &req[1]);
        MPI_Status st[2];
        MPI_Waitall(2, req, st);
        for (int k = 0; k < 64; k++)
            errors[1] += in[k] != 1000.0 * left + k + i;
    }
    return NULL;
}

static void *thread_b(void *unused)
{
    (void) unused;
    for (int i = 0; i < iterations; i++) {
        long mine[2] = {rank, rank + i}, sum[2];
        MPI_Allreduce(mine, sum, 2, MPI_LONG, MPI_SUM, dup);
        errors[2] += sum[0] != (long) size * (size - 1) / 2
            || sum[1] != (long) size * (size - 1) / 2 + (long) i * size;
    }
    return NULL;
}

static void *thread_c(void *unused)
{
    (void) unused;
    for (int i = 0; i < iterations; i++) {
        char c = (char) ('a' + i % 26);
        if (rank == 0) {
            for (int d = 1; d < size; d++)
                MPI_Send(&c, 1, MPI_CHAR, d, 7, dup);
        } else {
            char got;
            MPI_Recv(&got, 1, MPI_CHAR, 0, 7, dup, MPI_STATUS_IGNORE);
            errors[3] += got != c;
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    iterations = argc > 1 ? atoi(argv[1]) : 20;
    if (provided != MPI_THREAD_MULTIPLE || size < 2) {
        fprintf(stderr, "threads_phases: rank %d: needs MPI_THREAD_MULTIPLE (given %d) and 2"
                " ranks or more (%d)\n", rank, provided, size);
        MPI_Finalize();
        return 1;
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Barrier(MPI_COMM_WORLD);

    pthread_t a, b, c;
    pthread_create(&a, NULL, thread_a, NULL);
    pthread_create(&b, NULL, thread_b, NULL);
    int left = (rank - 1 + size) % size, right = (rank + 1) % size;
    for (int i = 0; i < iterations; i++) {
        int out[4] = {rank, i, 0, 0}, in[4];
        MPI_Sendrecv(out, 4, MPI_INT, right, 0, in, 4, MPI_INT, left, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        errors[0] += in[0] != left || in[1] != i;
    }
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    MPI_Barrier(MPI_COMM_WORLD);

    pthread_create(&c, NULL, thread_c, NULL);
    for (int i = 0; i < iterations; i++) {
        int out[8] = {rank, i, i, i, i, i, i, i}, in[8];
        MPI_Sendrecv(out, 8, MPI_INT, right, 5, in, 8, MPI_INT, left, 5, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        errors[0] += in[0] != left || in[7] != i;
    }
    pthread_join(c, NULL);
    MPI_Comm_free(&dup);
    long e = errors[0] + errors[1] + errors[2] + errors[3];
    if (e)
        fprintf(stderr, "threads_phases: rank %d: %ld errors\n", rank, e);
    else if (rank == 0)
        printf("threads_phases: %d ranks, 2 phases of threads, %d iterations: done\n", size,
               iterations);
    MPI_Finalize();
    return e ? 1 : 0;
}
