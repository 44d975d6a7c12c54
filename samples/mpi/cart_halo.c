/*
 * cart_halo.c - a halo exchange on a Cartesian communicator, for extrapolation.
 *
 * Usage: cart_halo [iterations] [edge]       defaults: iterations=20, edge=64
 *
 * MPI_Dims_create(P, 2, dims) picks the grid; MPI_Cart_create makes it, periodic along x and not
 * along y (reorder 0, so a rank keeps its world rank). Each rank holds an edge x edge block (weak
 * scaling). Per iteration, along each dimension d and each direction (MPI_Cart_shift's source
 * and destination), MPI_Sendrecv of `edge` doubles on the Cartesian communicator (MPI_PROC_NULL
 * off the non-periodic ends); a busy-wait of 50 us; an MPI_Allreduce of one double on it. At
 * the end, MPI_Cart_coords is checked against the rank's place and MPI_Comm_free frees the grid.
 * The grid's sides are what `benchgen extrapolate` must carry to another count, together with
 * MPI_Cart_create's dims (docs/extrapolation.md).
 */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "clock.h"

int main(int argc, char **argv)
{
    int rank, size, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iterations = argc > 1 ? atoi(argv[1]) : 20;
    int edge = argc > 2 ? atoi(argv[2]) : 64;

    int dims[2] = {0, 0}, periods[2] = {1, 0};
    MPI_Dims_create(size, 2, dims);
    MPI_Comm cart;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);

    double *out = malloc(sizeof(double) * edge);
    double *in = malloc(sizeof(double) * edge);
    for (int k = 0; k < edge; k++)
        out[k] = rank;
    for (int i = 0; i < iterations; i++) {
        for (int d = 0; d < 2; d++) {
            int down, up;
            MPI_Cart_shift(cart, d, 1, &down, &up);
            MPI_Sendrecv(out, edge, MPI_DOUBLE, up, d, in, edge, MPI_DOUBLE, down, d, cart,
                         MPI_STATUS_IGNORE);
            if (down != MPI_PROC_NULL && in[0] != down)
                errors++;
            MPI_Sendrecv(out, edge, MPI_DOUBLE, down, 2 + d, in, edge, MPI_DOUBLE, up, 2 + d,
                         cart, MPI_STATUS_IGNORE);
            if (up != MPI_PROC_NULL && in[0] != up)
                errors++;
        }
        compute(50);
        double one = 1, sum = 0;
        MPI_Allreduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, cart);
        if (sum != size)
            errors++;
    }
    int coords[2];
    MPI_Cart_coords(cart, rank, 2, coords);
    if (coords[0] * dims[1] + coords[1] != rank)
        errors++;
    MPI_Comm_free(&cart);
    free(out);
    free(in);
    if (errors)
        fprintf(stderr, "cart_halo: rank %d: %d errors\n", rank, errors);
    MPI_Finalize();
    return errors != 0;
}
