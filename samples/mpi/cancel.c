/*
 * cancel.c - receives cancelled with MPI_Cancel: one that succeeds, one that comes too late.
 *
 * Usage: cancel [iterations] [count]      defaults: iterations=10, count=64
 * Any number of ranks n. Per iteration:
 *   1. MPI_Irecv of count ints from (r+1)%n, tag 99 (never sent), MPI_Test (not done),
 *      MPI_Cancel, MPI_Wait: MPI_Test_cancelled says it was cancelled
 *   2. MPI_Irecv of count ints from (r-1+n)%n, tag 5; MPI_Ssend of count ints to (r+1)%n, tag 5
 *      (it returns once its receive has matched it); MPI_Barrier; MPI_Cancel of the receive,
 *      already matched: MPI_Wait completes it with the data, not cancelled
 *   3. MPI_Irecv of count ints from MPI_ANY_SOURCE, tag 7, MPI_Cancel, MPI_Wait: cancelled;
 *      MPI_Barrier; MPI_Sendrecv of count ints to (r+1)%n and from MPI_ANY_SOURCE, tag 7 (the
 *      message a simulation would have given the cancelled receive, had it not known)
 * Both outcomes and the data are checked. The tracer records each MPI_Cancel with the cancelled
 * flag of the status that completed its request; the benchmark cancels the same receives (issue
 * 17: MPI_Cancel was refused).
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
    int *in = malloc(sizeof(int) * count), *out = malloc(sizeof(int) * count);
    int right = (r + 1) % n, left = (r - 1 + n) % n;
    for (int i = 0; i < iterations; i++) {
        MPI_Request q;
        MPI_Status st;
        int flag = 0, cancelled = 0;
        MPI_Irecv(in, count, MPI_INT, right, 99, MPI_COMM_WORLD, &q);
        MPI_Test(&q, &flag, MPI_STATUS_IGNORE);
        errors += flag;
        MPI_Cancel(&q);
        MPI_Wait(&q, &st);
        MPI_Test_cancelled(&st, &cancelled);
        errors += !cancelled;

        for (int k = 0; k < count; k++)
            out[k] = 1000 * r + i + k;
        MPI_Irecv(in, count, MPI_INT, left, 5, MPI_COMM_WORLD, &q);
        MPI_Ssend(out, count, MPI_INT, right, 5, MPI_COMM_WORLD);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Cancel(&q);
        MPI_Wait(&q, &st);
        MPI_Test_cancelled(&st, &cancelled);
        errors += cancelled;
        for (int k = 0; k < count; k++)
            errors += in[k] != 1000 * left + i + k;

        MPI_Irecv(in, count, MPI_INT, MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &q);
        MPI_Cancel(&q);
        MPI_Wait(&q, &st);
        MPI_Test_cancelled(&st, &cancelled);
        errors += !cancelled;
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Sendrecv(out, count, MPI_INT, right, 7, in, count, MPI_INT, MPI_ANY_SOURCE, 7,
                     MPI_COMM_WORLD, &st);
        errors += st.MPI_SOURCE != left;
        for (int k = 0; k < count; k++)
            errors += in[k] != 1000 * left + i + k;
    }
    if (errors)
        fprintf(stderr, "cancel: rank %d: %d errors\n", r, errors);
    else if (r == 0)
        printf("cancel: %d ranks, %d iterations, count %d: done\n", n, iterations, count);
    MPI_Finalize();
    free(in);
    free(out);
    return errors != 0;
}
