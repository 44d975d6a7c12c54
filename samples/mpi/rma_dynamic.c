/*
 * rma_dynamic.c - one-sided operations on a window of MPI_Win_create_dynamic (issue 46), whose
 * target displacements are addresses in the target's memory, and a PSCW epoch polled by
 * MPI_Win_test.
 *
 * Usage: rma_dynamic [iterations] [count]      defaults: iterations=5, count=16
 * Any number of ranks n >= 2. Each rank attaches two regions to a dynamic window, count doubles
 * and one long, and the ranks exchange their addresses (MPI_Get_address, MPI_Allgather); a window
 * of MPI_Win_allocate of count doubles beside it. iterations times:
 *   - a passive epoch on the dynamic window (MPI_Win_lock_all): MPI_Put of count doubles to the
 *     next rank's region, MPI_Win_flush of it, MPI_Get of count/2 doubles from the second half of
 *     the previous rank's, MPI_Fetch_and_op (MPI_SUM) of one long into rank 0's counter,
 *     MPI_Win_unlock_all;
 *   - a fence epoch on the allocated window: MPI_Accumulate (MPI_SUM) of count doubles into the
 *     next rank at displacement 0, between two fences;
 *   - a PSCW epoch on the allocated window: the even ranks post to the odd one above them and
 *     poll with MPI_Win_test until it is done (as many tests as it takes), the odd ones start,
 *     MPI_Put count doubles and complete.
 * An MPI_Barrier follows; the regions are detached (the long first) and both windows freed. Rank
 * 0's counter must be n x iterations and each region hold the previous rank's values: the
 * program says how many were wrong.
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
    if (n < 2 || count < 2) {
        if (r == 0) fprintf(stderr, "rma_dynamic: needs 2 ranks or more and count >= 2\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int next = (r + 1) % n, prev = (r + n - 1) % n;
    double *region = calloc((size_t) count, sizeof(double));
    double *src = malloc(sizeof(double) * (size_t) count);
    double *got = malloc(sizeof(double) * (size_t) count);
    long *counter = calloc(1, sizeof(long));
    MPI_Aint *addr = malloc(sizeof(MPI_Aint) * 2 * (size_t) n);
    for (int i = 0; i < count; i++) src[i] = r + 1;

    MPI_Win dyn, awin;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &dyn);
    MPI_Win_attach(dyn, region, (MPI_Aint) (sizeof(double) * (size_t) count));
    MPI_Win_attach(dyn, counter, sizeof(long));
    MPI_Aint mine[2];
    MPI_Get_address(region, &mine[0]);
    MPI_Get_address(counter, &mine[1]);
    MPI_Allgather(mine, 2, MPI_AINT, addr, 2, MPI_AINT, MPI_COMM_WORLD);
    double *amem;
    MPI_Win_allocate((MPI_Aint) (sizeof(double) * (size_t) count), sizeof(double),
                     MPI_INFO_NULL, MPI_COMM_WORLD, &amem, &awin);
    for (int i = 0; i < count; i++) amem[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Group world, partners;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int partner = r % 2 == 0 ? r + 1 : r - 1;
    int has_partner = partner < n;
    MPI_Group_incl(world, has_partner ? 1 : 0, &partner, &partners);
    long one = 1, old = 0;
    for (int it = 0; it < iterations; it++) {
        MPI_Win_lock_all(0, dyn);
        MPI_Put(src, count, MPI_DOUBLE, next, addr[2 * next], count, MPI_DOUBLE, dyn);
        MPI_Win_flush(next, dyn);
        MPI_Get(got, count / 2, MPI_DOUBLE, prev,
                MPI_Aint_add(addr[2 * prev], (MPI_Aint) (sizeof(double) * (size_t) (count / 2))),
                count / 2, MPI_DOUBLE, dyn);
        MPI_Fetch_and_op(&one, &old, MPI_LONG, 0, addr[1], MPI_SUM, dyn);
        MPI_Win_unlock_all(dyn);

        MPI_Win_fence(0, awin);
        MPI_Accumulate(src, count, MPI_DOUBLE, next, 0, count, MPI_DOUBLE, MPI_SUM, awin);
        MPI_Win_fence(0, awin);

        if (has_partner && r % 2 == 0) {
            int done = 0;
            MPI_Win_post(partners, 0, awin);
            while (!done) MPI_Win_test(awin, &done);
        } else if (has_partner) {
            MPI_Win_start(partners, 0, awin);
            MPI_Put(src, count, MPI_DOUBLE, partner, 0, count, MPI_DOUBLE, awin);
            MPI_Win_complete(awin);
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    if (iterations > 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, r, 0, dyn);
        for (int i = 0; i < count; i++) errors += region[i] != prev + 1;
        if (r == 0) errors += *counter != (long) n * iterations;
        MPI_Win_unlock(r, dyn);
        /* The last PSCW Put overwrote an even rank's sums. */
        double want = has_partner && r % 2 == 0 ? partner + 1 : (double) iterations * (prev + 1);
        for (int i = 0; i < count; i++) errors += amem[i] != want;
    }
    MPI_Win_detach(dyn, counter);
    MPI_Win_detach(dyn, region);
    MPI_Win_free(&awin);
    MPI_Win_free(&dyn);
    MPI_Group_free(&partners);
    MPI_Group_free(&world);
    int all = 0;
    MPI_Reduce(&errors, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (r == 0) printf("rma_dynamic: %d ranks, %d iterations, %d wrong\n", n, iterations, all);
    free(region);
    free(src);
    free(got);
    free(counter);
    free(addr);
    MPI_Finalize();
    return all != 0;
}
