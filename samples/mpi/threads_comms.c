/*
 * threads_comms.c - several threads of a rank make communicators at once (MPI_THREAD_MULTIPLE),
 * the shapes of MPICH's threads/comm tests (comm_dup_deadlock, comm_idup,
 * comm_create_group_threads2): collectives on MPI_COMM_SELF kept apart by a lock of the program,
 * and MPI_Comm_create_group on one communicator told apart by a tag per thread.
 *
 * Usage: threads_comms [iterations]      default: iterations=10; any number of ranks >= 1
 *
 * MPI_Init_thread asks for MPI_THREAD_MULTIPLE (every rank exits 1 if it is not given). The main
 * thread makes a barrier on the world, then two phases, each: start 3 POSIX threads, join them,
 * a barrier on the world; then it finalizes. Thread t (0, 1, 2), `iterations` times: in phase 1,
 * under a mutex of the program, MPI_Comm_dup of MPI_COMM_SELF, then MPI_Barrier on its copy and
 * MPI_Comm_free of it (outside the mutex: the copy is the thread's own); in phase 2,
 * MPI_Comm_create_group of the world's group on MPI_COMM_WORLD with tag t, MPI_Allreduce of one
 * MPI_INT (t + 1) on it (checked: (t + 1) times the number of ranks) and MPI_Comm_free of it.
 * The two are apart because Open MPI 4 deadlocked in its context id allocation (ompi_comm_nextcid)
 * with a dup of MPI_COMM_SELF on one thread beside create_group on the world on others, traced
 * (1 run of 1, 4 ranks; untraced it passed). A rank with an error prints it and exits 1.
 *
 * Per rank: 3 * iterations MPI_Comm_dups, MPI_Comm_create_groups and MPI_Allreduces (4 bytes
 * each), 6 * iterations MPI_Comm_frees, 3 * iterations + 3 MPI_Barriers.
 */
#define _POSIX_C_SOURCE 200112L
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 3

static int rank, size, iterations;
static long errors[THREADS];
static MPI_Group world;
static pthread_mutex_t self_lock = PTHREAD_MUTEX_INITIALIZER;

static void *selfdup(void *arg)
{
    (void) arg;
    for (int i = 0; i < iterations; i++) {
        MPI_Comm self;
        /* MPI wants one collective at a time on MPI_COMM_SELF: the program orders them. */
        pthread_mutex_lock(&self_lock);
        MPI_Comm_dup(MPI_COMM_SELF, &self);
        pthread_mutex_unlock(&self_lock);
        MPI_Barrier(self);
        MPI_Comm_free(&self);
    }
    return NULL;
}

static void *tagged(void *arg)
{
    int t = (int) (long) arg;
    for (int i = 0; i < iterations; i++) {
        MPI_Comm group;
        MPI_Comm_create_group(MPI_COMM_WORLD, world, t, &group);
        int in = t + 1, out = 0;
        MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_SUM, group);
        errors[t] += out != (t + 1) * size;
        MPI_Comm_free(&group);
    }
    return NULL;
}

/* Runs fn on THREADS threads (argument: the thread's number) and joins them. */
static void phase(void *(*fn)(void *))
{
    pthread_t threads[THREADS];
    for (long t = 0; t < THREADS; t++) {
        if (pthread_create(&threads[t], NULL, fn, (void *) t) != 0) {
            fprintf(stderr, "threads_comms: rank %d: cannot start a thread\n", rank);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    for (int t = 0; t < THREADS; t++)
        pthread_join(threads[t], NULL);
    MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided != MPI_THREAD_MULTIPLE) {
        fprintf(stderr, "threads_comms: rank %d: MPI_THREAD_MULTIPLE not given\n", rank);
        MPI_Finalize();
        return 1;
    }
    iterations = argc > 1 ? atoi(argv[1]) : 10;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Barrier(MPI_COMM_WORLD);
    phase(selfdup);
    phase(tagged);
    MPI_Group_free(&world);
    long bad = errors[0] + errors[1] + errors[2];
    if (bad != 0)
        fprintf(stderr, "threads_comms: rank %d: %ld wrong sums\n", rank, bad);
    MPI_Finalize();
    return bad != 0;
}
