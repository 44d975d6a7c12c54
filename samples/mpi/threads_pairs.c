/*
 * threads_pairs.c - threads whose calls differ only by their peer (MPI_THREAD_MULTIPLE), the shape
 * of MPICH's threads/pt2pt multisend4 -mode=1: every rank starts one thread per rank, thread i
 * exchanging with rank i, so the thread of rank r that talks to s pairs with the thread of s
 * that talks to r; one of them also makes a collective, which the same thread of every rank must
 * make.
 *
 * Usage: threads_pairs [iterations]      default: iterations=25; any number of ranks >= 2
 *
 * MPI_Init_thread asks for MPI_THREAD_MULTIPLE (every rank exits 1 if it is not given). The main
 * thread duplicates MPI_COMM_WORLD into dup, makes a barrier on the world, then starts `size`
 * POSIX threads, rank r starting them in the order of peers r, r+1, ... (mod size), so that the
 * tracer's thread numbers (the order of first calls) follow the offset, not the peer. Thread i,
 * `iterations` times: MPI_Isend to rank i, MPI_Recv from rank i, MPI_Wait on MPI_COMM_WORLD,
 * tag 3, rank + i + 1 MPI_INTs each way (4 * (r + i + 1) bytes sent by rank r): a blocking
 * receive, so that a thread waits for its partner thread. Thread 0 then makes one MPI_Barrier
 * on dup. The main thread joins the threads, makes a barrier on the world, frees dup and
 * finalizes. Received values are checked (element 0 is the sender, element 1 the iteration); a
 * rank with an error prints it and exits 1.
 *
 * Per rank r of n: n * iterations MPI_Isends, MPI_Recvs and MPI_Waits, the Isends sending
 * 4 * iterations * (n * (r + 1) + n * (n - 1) / 2) bytes in all, the Recvs receiving as many;
 * 3 MPI_Barriers (2 on the world, 1 on dup).
 */
#define _POSIX_C_SOURCE 200112L
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_RANKS 64

static int rank, size, iterations;
static MPI_Comm dup;
static long errors[MAX_RANKS];

static void *pair(void *arg)
{
    int peer = (int) (long) arg, n = rank + peer + 1;
    int *out = malloc(sizeof(int) * n), *in = malloc(sizeof(int) * n);
    for (int i = 0; i < iterations; i++) {
        for (int k = 0; k < n; k++)
            out[k] = k == 0 ? rank : i;
        MPI_Request req;
        MPI_Isend(out, n, MPI_INT, peer, 3, MPI_COMM_WORLD, &req);
        MPI_Recv(in, n, MPI_INT, peer, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        errors[peer] += in[0] != peer || (n > 1 && in[1] != i);
    }
    if (peer == 0)
        MPI_Barrier(dup);
    free(out);
    free(in);
    return NULL;
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    iterations = argc > 1 ? atoi(argv[1]) : 25;
    if (provided != MPI_THREAD_MULTIPLE || size < 2 || size > MAX_RANKS) {
        fprintf(stderr, "threads_pairs: rank %d: needs MPI_THREAD_MULTIPLE (given %d) and 2 to"
                " %d ranks (%d)\n", rank, provided, MAX_RANKS, size);
        MPI_Finalize();
        return 1;
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Barrier(MPI_COMM_WORLD);
    pthread_t t[MAX_RANKS];
    for (int k = 0; k < size; k++) {
        int peer = (rank + k) % size;
        pthread_create(&t[peer], NULL, pair, (void *) (long) peer);
    }
    for (int p = 0; p < size; p++)
        pthread_join(t[p], NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Comm_free(&dup);
    long e = 0;
    for (int p = 0; p < size; p++)
        e += errors[p];
    if (e)
        fprintf(stderr, "threads_pairs: rank %d: %ld errors\n", rank, e);
    else if (rank == 0)
        printf("threads_pairs: %d ranks, %d threads each, %d iterations: done\n", size, size,
               iterations);
    MPI_Finalize();
    return e ? 1 : 0;
}
