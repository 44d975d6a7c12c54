/* wavefront.c - 2-D pipelined sweep (KBA-like).
 * Usage: wavefront [sweeps] [count]   defaults: sweeps=100, count=64
 * Ranks form a px x py grid (MPI_Dims_create); rank r at x = r % px, y = r / px.
 * Per sweep every rank: MPI_Recv count doubles from north (r-px) if it exists,
 * MPI_Recv from west (r-1) if it exists, computes (~20 us of flops),
 * MPI_Send to south (r+px) and east (r+1) where they exist.
 * After the sweeps: MPI_Reduce of a checksum to rank 0, which checks it. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static double work(double *a, int n, int reps)
{
    double s = 0.0;
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < n; i++) { a[i] = a[i] * 0.999 + 0.001 * (i + r); s += a[i]; }
    return s;
}

int main(int argc, char **argv)
{
    int rank, size, dims[2] = {0, 0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int sweeps = argc > 1 ? atoi(argv[1]) : 100;
    int count = argc > 2 ? atoi(argv[2]) : 64;
    MPI_Dims_create(size, 2, dims);
    int px = dims[0], py = dims[1], x = rank % px, y = rank / px;
    int north = y > 0 ? rank - px : MPI_PROC_NULL, south = y < py - 1 ? rank + px : MPI_PROC_NULL;
    int west = x > 0 ? rank - 1 : MPI_PROC_NULL, east = x < px - 1 ? rank + 1 : MPI_PROC_NULL;
    double *fromn = calloc(count, sizeof(double)), *fromw = calloc(count, sizeof(double));
    double *out = calloc(count, sizeof(double)), *a = calloc(count, sizeof(double));
    double sum = 0.0;
    for (int s = 0; s < sweeps; s++) {
        if (north != MPI_PROC_NULL)
            MPI_Recv(fromn, count, MPI_DOUBLE, north, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (west != MPI_PROC_NULL)
            MPI_Recv(fromw, count, MPI_DOUBLE, west, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < count; i++) a[i] = 0.5 * (fromn[i] + fromw[i]) + 1.0;
        sum += work(a, count, 40);
        for (int i = 0; i < count; i++) out[i] = (double)s;
        if (south != MPI_PROC_NULL)
            MPI_Send(out, count, MPI_DOUBLE, south, 1, MPI_COMM_WORLD);
        if (east != MPI_PROC_NULL)
            MPI_Send(out, count, MPI_DOUBLE, east, 2, MPI_COMM_WORLD);
    }
    double mine = (double)sweeps, total = 0.0;
    MPI_Reduce(&mine, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    int bad = (rank == 0 && total != (double)sweeps * size) || sum < 0.0;
    if (rank == 0)
        printf("wavefront: %d ranks (%dx%d), %d sweeps, %s\n", size, px, py, sweeps, bad ? "FAILED" : "ok");
    free(fromn); free(fromw); free(out); free(a);
    MPI_Finalize();
    return bad;
}
