/*
 * refused_calls.c - calls that benchgen's tracer did not record, each of which made `benchgen
 * trace` exit 1 naming it rather than write a trace that lacks it (issue 16); rma and rma_c are
 * recorded since issue 46.
 *
 * Usage: refused_calls partitioned|rma|rma_c      2 ranks or more
 *   partitioned MPI-4 only (MPICH 4): MPI_Psend_init of one int in one partition to the next
 *               rank, MPI_Precv_init from the previous one, MPI_Startall, MPI_Pready,
 *               MPI_Waitall, twice, then MPI_Request_free of both; elsewhere the program says
 *               it is not built for it (persistent collectives, refused here before, are traced)
 *   rma         MPI_Win_create over one int per rank, MPI_Win_fence, MPI_Put of the rank into
 *               the next rank's window, MPI_Win_fence, MPI_Win_free
 *   rma_c       the same, the window made by MPI-4's MPI_Win_create_c (by MPI_Win_create before
 *               MPI 4)
 * Then an MPI_Barrier. Every result is checked.
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int r, n, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    const char *what = argc > 1 ? argv[1] : "";
    if (strcmp(what, "partitioned") == 0) {
#if MPI_VERSION >= 4
        int out = r, in = -1;
        MPI_Request q[2];
        MPI_Status st[2];
        MPI_Psend_init(&out, 1, 1, MPI_INT, (r + 1) % n, 5, MPI_COMM_WORLD, MPI_INFO_NULL, &q[0]);
        MPI_Precv_init(&in, 1, 1, MPI_INT, (r - 1 + n) % n, 5, MPI_COMM_WORLD, MPI_INFO_NULL,
                       &q[1]);
        for (int i = 0; i < 2; i++) {
            MPI_Startall(2, q);
            MPI_Pready(0, q[0]);
            MPI_Waitall(2, q, st);
            errors += in != (r - 1 + n) % n;
        }
        MPI_Request_free(&q[0]);
        MPI_Request_free(&q[1]);
#else
        if (r == 0)
            fprintf(stderr, "refused_calls: partitioned communication needs MPI 4\n");
        errors = 1;
#endif
    } else if (strcmp(what, "rma") == 0 || strcmp(what, "rma_c") == 0) {
        /* Window and origin from MPI_Alloc_mem: MPICH 4.0 with UCX wrote a Put to a window
         * on the stack elsewhere on the stack. */
        int *cell, *mine;
        MPI_Alloc_mem(sizeof(int), MPI_INFO_NULL, &cell);
        MPI_Alloc_mem(sizeof(int), MPI_INFO_NULL, &mine);
        *cell = -1;
        *mine = r;
        MPI_Win win;
#if MPI_VERSION >= 4
        if (strcmp(what, "rma_c") == 0)
            MPI_Win_create_c(cell, sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
        else
#endif
            MPI_Win_create(cell, sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
        MPI_Win_fence(0, win);
        MPI_Put(mine, 1, MPI_INT, (r + 1) % n, 0, 1, MPI_INT, win);
        MPI_Win_fence(0, win);
        errors += *cell != (r - 1 + n) % n;
        MPI_Win_free(&win);
        MPI_Free_mem(cell);
        MPI_Free_mem(mine);
    } else {
        if (r == 0)
            fprintf(stderr, "usage: refused_calls partitioned|rma|rma_c (2 ranks)\n");
        errors = 1;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (errors)
        fprintf(stderr, "refused_calls: rank %d: %d errors\n", r, errors);
    else if (r == 0)
        printf("refused_calls %s: %d ranks: done\n", what, n);
    MPI_Finalize();
    return errors ? 1 : 0;
}
