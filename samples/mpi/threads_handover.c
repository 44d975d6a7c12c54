/*
 * threads_handover.c - one thread waits for the requests of every thread (MPI_THREAD_MULTIPLE),
 * the shape of MPICH's threads/pt2pt multisend3 and multisend4: each thread posts its sends and
 * receives into one shared array of requests, and thread 0 completes them all with one
 * MPI_Waitall, the threads ordered by a barrier of their own between.
 *
 * Usage: threads_handover [iterations]      default: iterations=20; any number of ranks >= 1
 *
 * MPI_Init_thread asks for MPI_THREAD_MULTIPLE (every rank exits 1 if it is not given). The main
 * thread makes a barrier on the world, starts 3 POSIX threads and joins them, then makes a
 * barrier on the world and finalizes. Thread t (0, 1, 2), `iterations` times, between two
 * waits on a pthread barrier of the 3 threads: MPI_Isend of 2(t + 1) MPI_INTs to rank r + 1 and
 * MPI_Irecv of as many from rank r - 1 (mod n), tag t, on MPI_COMM_WORLD, their requests in
 * places 2t and 2t + 1 of a shared array; after the second wait, thread 0 makes MPI_Waitall of
 * the 6 and checks what came (element 0 is the sender, element 1 the iteration), and a third
 * wait keeps the others from posting again before it is done. A rank with an error prints it
 * and exits 1.
 *
 * Per rank: 3 * iterations MPI_Isends and MPI_Irecvs, 48 * iterations bytes sent and as many
 * received; iterations MPI_Waitalls (thread 0); 2 MPI_Barriers.
 */
#define _POSIX_C_SOURCE 200112L
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 3

static int rank, size, iterations;
static long errors;
static MPI_Request req[2 * THREADS];
static int out[THREADS][2 * THREADS], in[THREADS][2 * THREADS];
static pthread_barrier_t step;

static void *post(void *arg)
{
    int t = (int) (long) arg, n = 2 * (t + 1);
    for (int i = 0; i < iterations; i++) {
        pthread_barrier_wait(&step);
        out[t][0] = rank;
        out[t][1] = i;
        MPI_Isend(out[t], n, MPI_INT, (rank + 1) % size, t, MPI_COMM_WORLD, &req[2 * t]);
        MPI_Irecv(in[t], n, MPI_INT, (rank + size - 1) % size, t, MPI_COMM_WORLD,
                  &req[2 * t + 1]);
        pthread_barrier_wait(&step);
        if (t == 0) {
            MPI_Waitall(2 * THREADS, req, MPI_STATUSES_IGNORE);
            for (int k = 0; k < THREADS; k++)
                errors += in[k][0] != (rank + size - 1) % size || in[k][1] != i;
        }
        pthread_barrier_wait(&step);
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
    if (provided != MPI_THREAD_MULTIPLE) {
        fprintf(stderr, "threads_handover: rank %d: needs MPI_THREAD_MULTIPLE (given %d)\n",
                rank, provided);
        MPI_Finalize();
        return 1;
    }
    pthread_barrier_init(&step, NULL, THREADS);
    MPI_Barrier(MPI_COMM_WORLD);
    pthread_t th[THREADS];
    for (int t = 0; t < THREADS; t++)
        pthread_create(&th[t], NULL, post, (void *) (long) t);
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    pthread_barrier_destroy(&step);
    if (errors)
        fprintf(stderr, "threads_handover: rank %d: %ld errors\n", rank, errors);
    else if (rank == 0)
        printf("threads_handover: %d ranks, %d threads each, %d iterations: done\n", size,
               THREADS, iterations);
    MPI_Finalize();
    return errors ? 1 : 0;
}
