/*
 * threads_mprobe.c - matched probes from several threads of a rank (MPI_THREAD_MULTIPLE), the
 * shape of MPICH's threads/pt2pt mt_mprobe_* and mt_improbe_* tests: the threads of a rank probe
 * one channel (communicator, source, tag) together, each receives the messages it probed itself,
 * and MPI gives a freed message's handle to the next probe at once, often another thread's.
 *
 * Usage: threads_mprobe [iterations]        default: iterations=20; any number of ranks >= 1
 *
 * MPI_Init_thread asks for MPI_THREAD_MULTIPLE (every rank exits 1 if it is not given). The main
 * thread makes a barrier on the world, starts 4 POSIX threads and joins them, then makes a
 * barrier on the world and finalizes. Thread t (0..3) of rank r, `iterations` times: two
 * MPI_Isends of 2 MPI_INTs to rank r + 1 (mod n), tag t / 2 (threads 0 and 1 share tag 0,
 * threads 2 and 3 tag 1), on MPI_COMM_WORLD; two probes of a message from rank r - 1 with that
 * tag (threads 0 and 1 MPI_Mprobe, threads 2 and 3 MPI_Improbe polled until it finds one); the
 * older message received first (MPI_Mrecv; threads 2 and 3 MPI_Imrecv and MPI_Wait), then the
 * newer; MPI_Mprobe of MPI_PROC_NULL and MPI_Mrecv of that (MPI_MESSAGE_NO_PROC, which every
 * thread's probe returns); MPI_Waitall of its two sends. A message's first element is its
 * sender: a rank with one from another rank prints it and exits 1.
 *
 * Per rank: 8 * iterations MPI_Isends, 64 * iterations bytes sent and as many received; 4 *
 * iterations MPI_Mrecvs of messages from the left (threads 0, 1) and 4 * iterations MPI_Imrecvs
 * (threads 2, 3); 4 * iterations MPI_Mrecvs of MPI_MESSAGE_NO_PROC; 2 MPI_Barriers.
 */
#define _POSIX_C_SOURCE 200112L
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 4

static int rank, size, iterations;
static long errors[THREADS];

static void probe(int t, int src, int tag, MPI_Message *m, MPI_Status *st)
{
    if (t < 2) {
        MPI_Mprobe(src, tag, MPI_COMM_WORLD, m, st);
        return;
    }
    int flag = 0;
    while (!flag)
        MPI_Improbe(src, tag, MPI_COMM_WORLD, &flag, m, st);
}

static void take(int t, int *buf, MPI_Message *m)
{
    if (t < 2) {
        MPI_Mrecv(buf, 2, MPI_INT, m, MPI_STATUS_IGNORE);
    } else {
        MPI_Request r;
        MPI_Imrecv(buf, 2, MPI_INT, m, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
}

static void *run(void *arg)
{
    int t = (int) (long) arg, tag = t / 2;
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    int out[2][2], in[2][2];
    for (int i = 0; i < iterations; i++) {
        MPI_Request sends[2];
        for (int k = 0; k < 2; k++) {
            out[k][0] = rank;
            out[k][1] = i;
            MPI_Isend(out[k], 2, MPI_INT, right, tag, MPI_COMM_WORLD, &sends[k]);
        }
        MPI_Message m[2];
        MPI_Status st;
        probe(t, left, tag, &m[0], &st);
        probe(t, left, tag, &m[1], &st);
        take(t, in[0], &m[0]); /* the older first: age 1 among the thread's probed messages */
        take(t, in[1], &m[1]);
        errors[t] += (in[0][0] != left) + (in[1][0] != left);
        MPI_Message none;
        MPI_Mprobe(MPI_PROC_NULL, tag, MPI_COMM_WORLD, &none, &st);
        MPI_Mrecv(NULL, 0, MPI_INT, &none, MPI_STATUS_IGNORE);
        MPI_Status sts[2];
        MPI_Waitall(2, sends, sts);
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
        fprintf(stderr, "threads_mprobe: rank %d: needs MPI_THREAD_MULTIPLE (given %d)\n", rank,
                provided);
        MPI_Finalize();
        return 1;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    pthread_t th[THREADS];
    for (int t = 0; t < THREADS; t++)
        pthread_create(&th[t], NULL, run, (void *) (long) t);
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    long bad = 0;
    for (int t = 0; t < THREADS; t++)
        bad += errors[t];
    if (bad)
        fprintf(stderr, "threads_mprobe: rank %d: %ld messages from another rank\n", rank, bad);
    else if (rank == 0)
        printf("threads_mprobe: %d ranks, %d threads each, %d iterations: done\n", size, THREADS,
               iterations);
    MPI_Finalize();
    return bad ? 1 : 0;
}
