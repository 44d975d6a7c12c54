/* collectives.c - small MPI test program exercising rooted and non-rooted
 * collectives, a sub-communicator (MPI_Comm_split), MPI_Sendrecv and a
 * non-blocking receive completed with MPI_Test/MPI_Wait. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, size, i;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int *sbuf = malloc(size * 64 * sizeof(int)), *rbuf = malloc(size * 64 * sizeof(int));
    for (i = 0; i < size * 64; i++) sbuf[i] = rank * 1000 + i;

    MPI_Bcast(sbuf, 64, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Scatter(sbuf, 16, MPI_INT, rbuf, 16, MPI_INT, 1 % size, MPI_COMM_WORLD);
    MPI_Gather(sbuf, 16, MPI_INT, rbuf, 16, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Allgather(sbuf, 8, MPI_INT, rbuf, 8, MPI_INT, MPI_COMM_WORLD);
    MPI_Alltoall(sbuf, 32, MPI_INT, rbuf, 32, MPI_INT, MPI_COMM_WORLD);
    int s = rank, r = 0;
    MPI_Reduce(&s, &r, 1, MPI_INT, MPI_MAX, size - 1, MPI_COMM_WORLD);
    MPI_Allreduce(&s, &r, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Scan(&s, &r, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);

    /* even/odd sub-communicators */
    MPI_Comm sub;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &sub);
    int subrank, subsum = 0;
    MPI_Comm_rank(sub, &subrank);
    MPI_Allreduce(&rank, &subsum, 1, MPI_INT, MPI_SUM, sub);
    MPI_Bcast(&subsum, 1, MPI_INT, 0, sub);

    /* pairwise exchange with Sendrecv (partner = rank xor 1) */
    int partner = rank ^ 1;
    if (partner < size)
        MPI_Sendrecv(sbuf, 128, MPI_INT, partner, 5, rbuf, 128, MPI_INT, partner, 5,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    /* Irecv completed by Test loop + Wait; matched by a Ssend from the left neighbour */
    MPI_Request req;
    int flag = 0, val = -1, left = (rank - 1 + size) % size, right = (rank + 1) % size;
    MPI_Irecv(&val, 1, MPI_INT, left, 9, MPI_COMM_WORLD, &req);
    MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    MPI_Ssend(&rank, 1, MPI_INT, right, 9, MPI_COMM_WORLD);
    if (!flag) MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) printf("size=%d scan=%d subsum=%d val=%d\n", size, r, subsum, val);
    MPI_Comm_free(&sub);
    free(sbuf); free(rbuf);
    MPI_Finalize();
    return 0;
}
