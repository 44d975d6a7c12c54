/*
 * prefetch.c - a receive posted ahead and completed late: the wait of a send leaves it open.
 *
 * Usage: prefetch [iterations] [count]      defaults: iterations=10, count=64
 * Even ranks n (pairs r, r + 1; a last odd rank sits out). Per iteration, rank r (even):
 *   MPI_Irecv(count ints from r + 1)  -- the reply, posted ahead
 *   MPI_Isend(count ints to r + 1); MPI_Wait on the send only
 *   MPI_Send(count ints to r + 1)
 *   MPI_Wait on the receive
 * and rank r + 1: MPI_Recv, MPI_Recv, then MPI_Send of the reply (count ints), checked.
 * The reply is sent only after the second message: a wait that completed every operation of rank
 * r, the receive included, at the first MPI_Wait would never return.
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
    int iterations = argc > 1 ? atoi(argv[1]) : 10, count = argc > 2 ? atoi(argv[2]) : 64;
    int *a = calloc(count, sizeof(int)), *b = calloc(count, sizeof(int));
    int *c = calloc(count, sizeof(int));
    for (int i = 0; i < iterations && r + 1 - r % 2 < n; i++) {
        if (r % 2 == 0) {
            MPI_Request reply, send;
            for (int x = 0; x < count; x++)
                a[x] = r + i;
            MPI_Irecv(b, count, MPI_INT, r + 1, 2, MPI_COMM_WORLD, &reply);
            MPI_Isend(a, count, MPI_INT, r + 1, 1, MPI_COMM_WORLD, &send);
            MPI_Wait(&send, MPI_STATUS_IGNORE);
            MPI_Send(a, count, MPI_INT, r + 1, 1, MPI_COMM_WORLD);
            MPI_Wait(&reply, MPI_STATUS_IGNORE);
            errors += b[0] != r + 1 + i;
        } else {
            MPI_Recv(b, count, MPI_INT, r - 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Recv(c, count, MPI_INT, r - 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            errors += b[0] != r - 1 + i || c[0] != r - 1 + i;
            for (int x = 0; x < count; x++)
                a[x] = r + i;
            MPI_Send(a, count, MPI_INT, r - 1, 2, MPI_COMM_WORLD);
        }
    }
    if (errors)
        fprintf(stderr, "prefetch: rank %d: %d errors\n", r, errors);
    else if (r == 0)
        printf("prefetch: %d ranks, %d iterations: done\n", n, iterations);
    free(a);
    free(b);
    free(c);
    MPI_Finalize();
    return errors ? 1 : 0;
}
