/*
 * spawn.c - a program that starts more processes of itself with MPI_Comm_spawn.
 *
 * Usage: spawn [iterations] [children]      defaults: iterations=10, children=2
 *
 * The n ranks started by mpirun (the parents) call MPI_Comm_spawn of this program with the
 * argument "child" for `children` processes (root 0, MPI_COMM_WORLD, MPI_INFO_NULL), which gives
 * them an intercommunicator to the children. Parent rank 0 sends 1 MPI_INT (its value 42, tag 3)
 * to child 0 over it and receives child 0's reply (43, tag 4); then every parent calls
 * MPI_Comm_free on it. Then `iterations` times, each parent: a 20 us busy-wait and MPI_Sendrecv of
 * 1 MPI_INT to right = (r+1) % n and from left = (r-1+n) % n (tag 0, MPI_COMM_WORLD, checked).
 * Each child (MPI_Comm_get_parent is not MPI_COMM_NULL): child 0 receives 42 from parent 0 and
 * replies 43; every child calls MPI_Barrier on its own MPI_COMM_WORLD and MPI_Comm_free of the
 * parent intercommunicator. Works with any number of ranks; Open MPI needs --oversubscribe
 * unless there are cores for the children too.
 */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"

static int child(void)
{
    MPI_Comm parent;
    int rank, errors = 0;
    MPI_Comm_get_parent(&parent);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int v = 0, reply = 43;
        MPI_Recv(&v, 1, MPI_INT, 0, 3, parent, MPI_STATUS_IGNORE);
        errors += v != 42;
        MPI_Send(&reply, 1, MPI_INT, 0, 4, parent);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Comm_free(&parent);
    return errors;
}

int main(int argc, char **argv)
{
    int rank, size, errors = 0;
    MPI_Init(&argc, &argv);
    if (argc > 1 && strcmp(argv[1], "child") == 0) {
        errors = child();
        if (errors)
            fprintf(stderr, "spawn: a child: %d errors\n", errors);
        MPI_Finalize();
        return errors ? 1 : 0;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iterations = argc > 1 ? atoi(argv[1]) : 10;
    int children = argc > 2 ? atoi(argv[2]) : 2;

    char *child_argv[] = {"child", NULL};
    MPI_Comm inter;
    MPI_Comm_spawn(argv[0], child_argv, children, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &inter,
                   MPI_ERRCODES_IGNORE);
    if (rank == 0) {
        int v = 42, reply = 0;
        MPI_Send(&v, 1, MPI_INT, 0, 3, inter);
        MPI_Recv(&reply, 1, MPI_INT, 0, 4, inter, MPI_STATUS_IGNORE);
        errors += reply != 43;
    }
    MPI_Comm_free(&inter);

    int left = (rank - 1 + size) % size, right = (rank + 1) % size;
    for (int i = 0; i < iterations; i++) {
        compute(compute_us);
        int out = 1000 * rank + i, in = -1;
        MPI_Sendrecv(&out, 1, MPI_INT, right, 0, &in, 1, MPI_INT, left, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        errors += in != 1000 * left + i;
    }

    if (errors)
        fprintf(stderr, "spawn: rank %d: %d errors\n", rank, errors);
    else if (rank == 0)
        printf("spawn: %d ranks, %d children, %d iterations: done\n", size, children, iterations);
    MPI_Finalize();
    return errors ? 1 : 0;
}
