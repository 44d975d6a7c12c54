/*
 * threads_selfmsg.c - messages between two threads of one rank (MPI_THREAD_MULTIPLE), the shape
 * of MPICH's threads/comm/ctxdup: the main thread sends to its own rank with MPI_Ssend, another
 * thread of the rank receives it, exchanges with the neighbour ranks and sends back.
 *
 * Usage: threads_selfmsg [iterations]      default: iterations=10; any number of ranks >= 1
 *
 * MPI_Init_thread asks for MPI_THREAD_MULTIPLE (every rank exits 1 if it is not given). The main
 * thread makes a barrier on the world, starts one POSIX thread, and `iterations` times: MPI_Ssend
 * of 2 MPI_INTs (rank, iteration) to its own rank, tag 0, then MPI_Recv of 2 from its own rank,
 * tag 1. The thread, `iterations` times: MPI_Recv of them (tag 0), MPI_Sendrecv of them to rank
 * r + 1 and from rank r - 1 (mod n), tag 2, then MPI_Ssend of what it got to its own rank, tag 1.
 * The main thread joins it, makes a barrier and finalizes. Every value is checked; a rank with
 * an error prints it and exits 1.
 *
 * Per rank: 2 * iterations MPI_Ssends and MPI_Recvs (8 bytes each), iterations MPI_Sendrecvs
 * (8 bytes sent), 2 MPI_Barriers.
 */
#define _POSIX_C_SOURCE 200112L
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int rank, size, iterations;
static long errors;

static void *partner(void *arg)
{
    (void) arg;
    for (int i = 0; i < iterations; i++) {
        int got[2], next[2];
        MPI_Recv(got, 2, MPI_INT, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += got[0] != rank || got[1] != i;
        MPI_Sendrecv(got, 2, MPI_INT, (rank + 1) % size, 2, next, 2, MPI_INT,
                     (rank + size - 1) % size, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Ssend(next, 2, MPI_INT, rank, 1, MPI_COMM_WORLD);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    iterations = argc > 1 ? atoi(argv[1]) : 10;
    if (provided != MPI_THREAD_MULTIPLE) {
        fprintf(stderr, "threads_selfmsg: rank %d: needs MPI_THREAD_MULTIPLE (given %d)\n",
                rank, provided);
        MPI_Finalize();
        return 1;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    pthread_t th;
    pthread_create(&th, NULL, partner, NULL);
    for (int i = 0; i < iterations; i++) {
        int out[2] = {rank, i}, back[2];
        MPI_Ssend(out, 2, MPI_INT, rank, 0, MPI_COMM_WORLD);
        MPI_Recv(back, 2, MPI_INT, rank, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += back[0] != (rank + size - 1) % size || back[1] != i;
    }
    pthread_join(th, NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    if (errors)
        fprintf(stderr, "threads_selfmsg: rank %d: %ld errors\n", rank, errors);
    MPI_Finalize();
    return errors != 0;
}
