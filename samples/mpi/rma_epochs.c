/*
 * rma_epochs.c - one-sided communication in its three kinds of epochs (issue 46).
 *
 * Usage: rma_epochs [iterations] [count]      defaults: iterations=5, count=16
 * Any number of ranks n >= 2. A window of count doubles per rank made by MPI_Win_create and one
 * by MPI_Win_allocate (count + rank doubles: sizes differ per rank). iterations times:
 *   - a fence epoch: MPI_Put of count doubles to the next rank, MPI_Get of count/2 doubles from
 *     the previous one at displacement count/2, MPI_Accumulate (MPI_SUM) of count doubles into
 *     rank 0 (each rank adds its rank + 1), closed by MPI_Win_fence;
 *   - a passive epoch on the allocated window: MPI_Win_lock (exclusive) of rank 0, an
 *     MPI_Fetch_and_op (MPI_SUM) of one long and an MPI_Compare_and_swap of one int (Open MPI
 *     4.1's osc/rdma crashes in one of 8 bytes on one node), MPI_Win_unlock; then
 *     MPI_Win_lock_all, an MPI_Rput of count/4 doubles to the next rank completed by MPI_Wait,
 *     MPI_Win_flush of it, an MPI_Get_accumulate (MPI_NO_OP) from the previous rank,
 *     MPI_Win_unlock_all;
 *   - a PSCW epoch on the created window: the even ranks post to (expose to) the odd ones, which
 *     start, MPI_Put count doubles to the even rank below them, and complete; the even ranks wait.
 * An MPI_Barrier closes each iteration; MPI_Win_free frees both windows. The values are checked
 * after the last iteration: the program says how many were wrong.
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
    int iterations = argc > 1 ? atoi(argv[1]) : 5, count = argc > 2 ? atoi(argv[2]) : 16;
    if (n < 2 || count < 4) {
        if (r == 0) fprintf(stderr, "rma_epochs: needs 2 ranks or more and count >= 4\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int next = (r + 1) % n, prev = (r + n - 1) % n;
    double *mem = calloc((size_t) count, sizeof(double));
    double *src = malloc(sizeof(double) * (size_t) count);
    double *got = malloc(sizeof(double) * (size_t) count);
    for (int i = 0; i < count; i++) src[i] = r + 1;
    MPI_Win win, awin;
    MPI_Win_create(mem, (MPI_Aint) (sizeof(double) * (size_t) count), sizeof(double),
                   MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    double *amem;
    MPI_Win_allocate((MPI_Aint) (sizeof(double) * (size_t) (count + r)), sizeof(double),
                     MPI_INFO_NULL, MPI_COMM_WORLD, &amem, &awin);
    for (int i = 0; i < count + r; i++) amem[i] = 0;
    MPI_Group world, partners;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int partner = r % 2 == 0 ? r + 1 : r - 1;
    int has_partner = partner < n;
    MPI_Group_incl(world, has_partner ? 1 : 0, &partner, &partners);
    long one = 1, old = 0;
    int cmp = 0, swap = r, res = 0;
    double dummy[1];
    for (int it = 0; it < iterations; it++) {
        MPI_Win_fence(0, win);
        MPI_Put(src, count, MPI_DOUBLE, next, 0, count, MPI_DOUBLE, win);
        MPI_Win_fence(0, win);
        MPI_Get(got, count / 2, MPI_DOUBLE, prev, count / 2, count / 2, MPI_DOUBLE, win);
        MPI_Accumulate(src, count, MPI_DOUBLE, 0, 0, count, MPI_DOUBLE, MPI_SUM, win);
        MPI_Win_fence(0, win);

        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, awin);
        MPI_Fetch_and_op(&one, &old, MPI_LONG, 0, 0, MPI_SUM, awin);
        MPI_Compare_and_swap(&swap, &cmp, &res, MPI_INT, 0, 1, awin);
        MPI_Win_unlock(0, awin);
        MPI_Win_lock_all(0, awin);
        MPI_Request q;
        MPI_Rput(src, count / 4, MPI_DOUBLE, next, 2, count / 4, MPI_DOUBLE, awin, &q);
        MPI_Wait(&q, MPI_STATUS_IGNORE);
        MPI_Win_flush(next, awin);
        MPI_Get_accumulate(NULL, 0, MPI_DOUBLE, dummy, 1, MPI_DOUBLE, prev, 2, 1, MPI_DOUBLE,
                           MPI_NO_OP, awin);
        MPI_Win_unlock_all(awin);

        if (has_partner) {
            if (r % 2 == 0) {
                MPI_Win_post(partners, 0, win);
                MPI_Win_wait(win);
            } else {
                MPI_Win_start(partners, 0, win);
                MPI_Put(src, count, MPI_DOUBLE, partner, 0, count, MPI_DOUBLE, win);
                MPI_Win_complete(win);
            }
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    /* Rank 0's window holds the sums of the last fence epoch, unless a PSCW Put overwrote it. */
    MPI_Win_lock(MPI_LOCK_SHARED, r, 0, win);
    if (r % 2 == 1 || !has_partner) {
        double want = prev + 1;
        if (r == 0) want = (double) n * (n + 1) / 2 + prev + 1;
        for (int i = 0; i < count; i++) errors += mem[i] != want;
    } else {
        for (int i = 0; i < count; i++) errors += mem[i] != partner + 1;
    }
    MPI_Win_unlock(r, win);
    MPI_Win_free(&awin);
    MPI_Win_free(&win);
    MPI_Group_free(&partners);
    MPI_Group_free(&world);
    int all = 0;
    MPI_Reduce(&errors, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (r == 0) printf("rma_epochs: %d ranks, %d iterations, %d wrong\n", n, iterations, all);
    free(mem);
    free(src);
    free(got);
    MPI_Finalize();
    return all != 0;
}
