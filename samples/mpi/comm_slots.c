/*
 * comm_slots.c - communicators made and freed in a loop, at the same places every step.
 *
 * Usage: comm_slots [steps]      default: steps=200
 * Any number of ranks n >= 1. Each step: MPI_Comm_split(MPI_COMM_WORLD, r % 2, r) -> half;
 * MPI_Comm_dup(half) -> copy (a communicator made on one made in the loop); an MPI_Allreduce of
 * one int on copy; MPI_Comm_free of copy, then of half. Beside them, MPI_Comm_dup(MPI_COMM_WORLD)
 * -> next each step, an MPI_Barrier on it, and the one of the step before freed after it: two of
 * one place alive at once, so their slots alternate 0, 1, 0, 1. The tracer gives a freed
 * communicator's slot to the next one made at its place (issue 50): the trace holds 6
 * communicators (2 halves, 2 copies, 2 slots of the world's dup) whatever the number of steps;
 * before, every step defined 5 new ones (1,000 in 200 steps, 36 kB of trace against 3 kB), which
 * the loop folded too, as the compressor's numbers count up, but with a definition a number.
 * The sums are checked: the program says how many were wrong.
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
    int steps = argc > 1 ? atoi(argv[1]) : 200;
    MPI_Comm prev = MPI_COMM_NULL;
    for (int k = 0; k < steps; k++) {
        MPI_Comm half, copy, next;
        MPI_Comm_split(MPI_COMM_WORLD, r % 2, r, &half);
        MPI_Comm_dup(half, &copy);
        int one = 1, sum = 0;
        MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, copy);
        errors += sum != (n + 1 - r % 2) / 2;
        MPI_Comm_free(&copy);
        MPI_Comm_free(&half);
        MPI_Comm_dup(MPI_COMM_WORLD, &next);
        MPI_Barrier(next);
        if (prev != MPI_COMM_NULL)
            MPI_Comm_free(&prev);
        prev = next;
    }
    if (prev != MPI_COMM_NULL)
        MPI_Comm_free(&prev);
    if (errors)
        printf("comm_slots: rank %d: %d wrong sums\n", r, errors);
    MPI_Finalize();
    return errors != 0;
}
