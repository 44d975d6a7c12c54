/*
 * stencil2d.c - halo exchange on a non-periodic 2-D grid of ranks.
 *
 * Usage: stencil2d [iterations] [count]      defaults: iterations=50, count=256
 *
 * MPI_Dims_create(n, 2, dims) gives px = dims[0] columns and py = dims[1] rows.
 * Rank r sits at x = r % px, y = r / px (so r = y*px + x). Directions:
 *   north = y-1 (rank r-px)   south = y+1 (rank r+px)
 *   west  = x-1 (rank r-1)    east  = x+1 (rank r+1)
 * A neighbour exists only inside the grid (no wrap-around): corner ranks have 2,
 * edge ranks 3, interior ranks 4 (with px or py = 1, fewer).
 *
 * Per iteration, every rank:
 *   for each existing neighbour, in the order north, south, west, east:
 *     MPI_Irecv count MPI_DOUBLEs from it, then MPI_Isend count MPI_DOUBLEs to it
 *     (tag 0, MPI_COMM_WORLD; one call site per direction)
 *   one MPI_Waitall on all those requests (also called when there are none)
 *   a 20 us busy-wait, a check of the halos,
 *   MPI_Allreduce of 1 MPI_DOUBLE (MPI_SUM): the number of neighbours, checked
 *   against the number of directed grid edges.
 * Works with any number of ranks.
 */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "clock.h"

enum { NORTH, SOUTH, WEST, EAST };

int main(int argc, char **argv)
{
    int rank, size, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iterations = argc > 1 ? atoi(argv[1]) : 50;
    int count = argc > 2 ? atoi(argv[2]) : 256;

    int dims[2] = {0, 0};
    MPI_Dims_create(size, 2, dims);
    int px = dims[0], py = dims[1];
    int x = rank % px, y = rank / px;
    int peer[4];                                   /* -1: no neighbour */
    peer[NORTH] = y > 0 ? rank - px : -1;
    peer[SOUTH] = y < py - 1 ? rank + px : -1;
    peer[WEST] = x > 0 ? rank - 1 : -1;
    peer[EAST] = x < px - 1 ? rank + 1 : -1;
    int neighbours = 0;
    for (int d = 0; d < 4; d++)
        neighbours += peer[d] >= 0;
    double edges = 2.0 * ((px - 1) * py + (py - 1) * px);

    double *sendbuf = malloc(sizeof(double) * (count + 1));
    double *halo[4];
    for (int d = 0; d < 4; d++)
        halo[d] = malloc(sizeof(double) * (count + 1));

    for (int i = 0; i < iterations; i++) {
        for (int k = 0; k < count; k++)
            sendbuf[k] = rank * 1000.0 + i + k;

        MPI_Request req[8];
        MPI_Status status[8];
        int n = 0;
        if (peer[NORTH] >= 0) {
            MPI_Irecv(halo[NORTH], count, MPI_DOUBLE, peer[NORTH], 0, MPI_COMM_WORLD, &req[n++]);
            MPI_Isend(sendbuf, count, MPI_DOUBLE, peer[NORTH], 0, MPI_COMM_WORLD, &req[n++]);
        }
        if (peer[SOUTH] >= 0) {
            MPI_Irecv(halo[SOUTH], count, MPI_DOUBLE, peer[SOUTH], 0, MPI_COMM_WORLD, &req[n++]);
            MPI_Isend(sendbuf, count, MPI_DOUBLE, peer[SOUTH], 0, MPI_COMM_WORLD, &req[n++]);
        }
        if (peer[WEST] >= 0) {
            MPI_Irecv(halo[WEST], count, MPI_DOUBLE, peer[WEST], 0, MPI_COMM_WORLD, &req[n++]);
            MPI_Isend(sendbuf, count, MPI_DOUBLE, peer[WEST], 0, MPI_COMM_WORLD, &req[n++]);
        }
        if (peer[EAST] >= 0) {
            MPI_Irecv(halo[EAST], count, MPI_DOUBLE, peer[EAST], 0, MPI_COMM_WORLD, &req[n++]);
            MPI_Isend(sendbuf, count, MPI_DOUBLE, peer[EAST], 0, MPI_COMM_WORLD, &req[n++]);
        }
        MPI_Waitall(n, req, status);

        compute(compute_us);
        for (int d = 0; d < 4; d++)
            for (int k = 0; peer[d] >= 0 && k < count; k++)
                if (halo[d][k] != peer[d] * 1000.0 + i + k)
                    errors++;

        double mine = neighbours, total;
        MPI_Allreduce(&mine, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        if (total != edges)
            errors++;
    }

    if (errors)
        fprintf(stderr, "stencil2d: rank %d: %d errors\n", rank, errors);
    else if (rank == 0)
        printf("stencil2d: %dx%d ranks, %d iterations, count %d: done\n", px, py, iterations, count);
    free(sendbuf);
    for (int d = 0; d < 4; d++)
        free(halo[d]);
    MPI_Finalize();
    return errors ? 1 : 0;
}
