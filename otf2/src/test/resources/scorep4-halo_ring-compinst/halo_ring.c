/* halo_ring.c - small MPI test program for OTF2 importer testing.
 * 1-D periodic domain decomposition: each iteration exchanges halo cells with
 * left/right neighbours via MPI_Irecv/MPI_Isend/MPI_Waitall, does a Jacobi
 * sweep, and computes a global residual with MPI_Allreduce.  Parameters are
 * distributed with MPI_Bcast, a blocking MPI_Send/MPI_Recv token is passed
 * around the ring once, and the final checksum is gathered with MPI_Reduce. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

int main(int argc, char **argv)
{
    int rank, size, i, it;
    int params[2] = { 0, 0 };           /* local cells, iterations */
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) { params[0] = 1000; params[1] = 20; }
    MPI_Bcast(params, 2, MPI_INT, 0, MPI_COMM_WORLD);
    int n = params[0], iters = params[1];
    int left = (rank - 1 + size) % size, right = (rank + 1) % size;
    double *u = calloc(n + 2, sizeof(double)), *v = calloc(n + 2, sizeof(double));
    for (i = 1; i <= n; i++) u[i] = sin(0.001 * (rank * n + i));

    /* blocking token ring */
    int token = 0;
    if (rank == 0) {
        token = 42;
        MPI_Send(&token, 1, MPI_INT, right, 7, MPI_COMM_WORLD);
        MPI_Recv(&token, 1, MPI_INT, left, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(&token, 1, MPI_INT, left, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        token += rank;
        MPI_Send(&token, 1, MPI_INT, right, 7, MPI_COMM_WORLD);
    }

    double res = 0.0;
    for (it = 0; it < iters; it++) {
        MPI_Request req[4];
        MPI_Irecv(&u[0],     1, MPI_DOUBLE, left,  100, MPI_COMM_WORLD, &req[0]);
        MPI_Irecv(&u[n + 1], 1, MPI_DOUBLE, right, 101, MPI_COMM_WORLD, &req[1]);
        MPI_Isend(&u[1],     1, MPI_DOUBLE, left,  101, MPI_COMM_WORLD, &req[2]);
        MPI_Isend(&u[n],     1, MPI_DOUBLE, right, 100, MPI_COMM_WORLD, &req[3]);
        MPI_Status st[4];   /* explicit statuses: Score-P 4.0 MPI_Waitall wrapper crashes on MPI_STATUSES_IGNORE */
        MPI_Waitall(4, req, st);
        double lres = 0.0;
        for (i = 1; i <= n; i++) { v[i] = 0.5 * (u[i - 1] + u[i + 1]); lres += fabs(v[i] - u[i]); }
        for (i = 1; i <= n; i++) u[i] = v[i];
        MPI_Allreduce(&lres, &res, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    double lsum = 0.0, sum = 0.0;
    for (i = 1; i <= n; i++) lsum += u[i];
    MPI_Reduce(&lsum, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) printf("size=%d token=%d residual=%g checksum=%g\n", size, token, res, sum);
    free(u); free(v);
    MPI_Finalize();
    return 0;
}
