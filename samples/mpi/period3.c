/*
 * period3.c - patterns that repeat every third iteration, a first and a last iteration unlike
 * the others, and an inner loop whose trip count changes with the rank and the iteration.
 *
 * Usage: period3 [iterations] [count]      defaults: iterations=31, count=16
 * Any number of ranks n; right = (r + 1) % n, left = (r + n - 1) % n. Iteration i:
 *   i % 3 == 0: MPI_Sendrecv, count ints to right, from left, tag 1
 *   i % 3 == 1: MPI_Sendrecv, 2 * count ints to left, from right, tag 2
 *   i % 3 == 2: MPI_Sendrecv with MPI_PROC_NULL on both sides (moves nothing)
 *   then pairs (r, r ^ 1) (when both exist) exchange trips = 1 + i % 4 + (r / 2) % 2 messages
 *   of i % 5 + 1 ints each way, MPI_Send then MPI_Recv on the even rank and the reverse on the
 *   odd one;
 *   i == 0 also does an MPI_Bcast of count ints from rank 0; the last iteration an
 *   MPI_Allreduce of one int (the sum of the received values, checked).
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
    int iterations = argc > 1 ? atoi(argv[1]) : 31, count = argc > 2 ? atoi(argv[2]) : 16;
    int right = (r + 1) % n, left = (r + n - 1) % n, partner = r ^ 1;
    int *a = calloc(2 * count, sizeof(int)), *b = calloc(2 * count, sizeof(int));
    long got = 0;
    for (int i = 0; i < iterations; i++) {
        if (i == 0) {
            for (int x = 0; x < count; x++)
                a[x] = r == 0 ? x : -1;
            MPI_Bcast(a, count, MPI_INT, 0, MPI_COMM_WORLD);
            errors += a[count - 1] != count - 1;
        }
        for (int x = 0; x < 2 * count; x++)
            a[x] = r + i;
        if (i % 3 == 0) {
            MPI_Sendrecv(a, count, MPI_INT, right, 1, b, count, MPI_INT, left, 1,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            errors += b[0] != left + i;
        } else if (i % 3 == 1) {
            MPI_Sendrecv(a, 2 * count, MPI_INT, left, 2, b, 2 * count, MPI_INT, right, 2,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            errors += b[0] != right + i;
        } else {
            MPI_Sendrecv(a, count, MPI_INT, MPI_PROC_NULL, 3, b, count, MPI_INT, MPI_PROC_NULL,
                         3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        got += b[0];
        if (partner < n) {
            int trips = 1 + i % 4 + (r / 2) % 2, size = i % 5 + 1;
            for (int k = 0; k < trips; k++) {
                if (r % 2 == 0) {
                    MPI_Send(a, size, MPI_INT, partner, 4, MPI_COMM_WORLD);
                    MPI_Recv(b, size, MPI_INT, partner, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                } else {
                    MPI_Recv(b, size, MPI_INT, partner, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    MPI_Send(a, size, MPI_INT, partner, 4, MPI_COMM_WORLD);
                }
                errors += b[0] != partner + i;
            }
        }
        if (i == iterations - 1) {
            long all = 0;
            MPI_Allreduce(&got, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
            errors += all < 0;
        }
    }
    if (errors)
        fprintf(stderr, "period3: rank %d: %d errors\n", r, errors);
    else if (r == 0)
        printf("period3: %d ranks, %d iterations: done\n", n, iterations);
    free(a);
    free(b);
    MPI_Finalize();
    return errors ? 1 : 0;
}
