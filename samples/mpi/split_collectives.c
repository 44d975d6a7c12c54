/*
 * split_collectives.c - one collective reached from two different call sites.
 *
 * Usage: split_collectives [iterations]      default: iterations=30
 *        (a second argument, count, is accepted and ignored)
 *
 * Per iteration, every rank does a 20 us busy-wait, then
 *   even ranks: even_step() -> MPI_Allreduce of 1 MPI_DOUBLE (MPI_SUM) on MPI_COMM_WORLD
 *   odd ranks:  odd_step()  -> the same MPI_Allreduce, from another call site
 *   all ranks:  MPI_Barrier on MPI_COMM_WORLD (a third call site).
 * Even ranks contribute 1, odd ranks 2; every rank checks the sum.
 * Works with any number of ranks.
 *
 * The two step functions are kept out of line (noinline) and have different
 * bodies, so that the compiler can neither inline nor fold them into one
 * function: each MPI_Allreduce keeps its own return address.
 */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "clock.h"

__attribute__((noinline)) static double even_step(void)
{
    double mine = 1.0, sum;
    MPI_Allreduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return sum;
}

__attribute__((noinline)) static double odd_step(void)
{
    double mine = 2.0, sum;
    MPI_Allreduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return sum;
}

int main(int argc, char **argv)
{
    int rank, size, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iterations = argc > 1 ? atoi(argv[1]) : 30;
    int nodd = size / 2, neven = size - nodd;

    for (int i = 0; i < iterations; i++) {
        compute(compute_us);
        double sum = rank % 2 == 0 ? even_step() : odd_step();
        if (sum != neven * 1.0 + nodd * 2.0)
            errors++;
        MPI_Barrier(MPI_COMM_WORLD);
    }

    if (errors)
        fprintf(stderr, "split_collectives: rank %d: %d errors\n", rank, errors);
    else if (rank == 0)
        printf("split_collectives: %d ranks, %d iterations: done\n", size, iterations);
    MPI_Finalize();
    return errors ? 1 : 0;
}
