/*
 * comm_random_split.c - a communicator split off at random every step: no loop structure.
 *
 * Usage: comm_random_split [steps]      default: steps=2000
 * Any number of ranks n >= 1. Each step, every rank draws (one generator, the same seed on every
 * rank, so that all ranks know every rank's draw) whether it joins: MPI_Comm_split(MPI_COMM_WORLD,
 * 1 or MPI_UNDEFINED, key r) -> c; a rank that joined makes an MPI_Allreduce of one int on c and
 * MPI_Comm_free(c). Like MPICH's ctxsplit test: its benchmark was 20 MB of C that took GCC over
 * 16 minutes, every step a call of its own with a communicator slot of its own (issue 16). The
 * sums are checked: the program says how many were wrong.
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
    int steps = argc > 1 ? atoi(argv[1]) : 2000;
    unsigned long state = 12345;
    int *joins = malloc(n * sizeof *joins);
    for (int k = 0; k < steps; k++) {
        int joined = 0;
        for (int i = 0; i < n; i++) {
            state = state * 6364136223846793005UL + 1442695040888963407UL;
            joins[i] = (state >> 33) % 3 != 0;
            joined += joins[i];
        }
        MPI_Comm c;
        MPI_Comm_split(MPI_COMM_WORLD, joins[r] ? 1 : MPI_UNDEFINED, r, &c);
        if (joins[r]) {
            int one = 1, sum = 0;
            MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, c);
            errors += sum != joined;
            MPI_Comm_free(&c);
        } else {
            errors += c != MPI_COMM_NULL;
        }
    }
    free(joins);
    if (errors)
        printf("comm_random_split: rank %d: %d wrong values\n", r, errors);
    MPI_Finalize();
    return errors != 0;
}
