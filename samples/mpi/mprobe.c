/*
 * mprobe.c - matched probes: MPI_Mprobe, MPI_Improbe, MPI_Mrecv and MPI_Imrecv.
 *
 * Usage: mprobe [iterations] [count]      defaults: iterations=10, count=32
 * Any number of ranks n; right = (r+1)%n, left = (r-1+n)%n. Per iteration i, after MPI_Isend of
 * count ints to right (tag 3), of count+1 to left (tag 5) and of count+2 to right (tag 6):
 *   1. MPI_Improbe from MPI_ANY_SOURCE, tag 3, polled until it finds the message (from left);
 *      MPI_Get_count sizes the buffer; MPI_Mrecv
 *   2. MPI_Mprobe from right, tag 5, then MPI_Mprobe from left, tag 6: two messages probed;
 *      MPI_Mrecv of the first (age 1: the older), then MPI_Imrecv of the second and MPI_Wait
 *   3. MPI_Mprobe from MPI_PROC_NULL and MPI_Mrecv of the MPI_MESSAGE_NO_PROC it gives
 *   then MPI_Waitall of the three sends.
 * Every value received is checked. The tracer records a probe as matching its message and each
 * matched receive with the age of its message among those probed (issue 17: matched probes were
 * refused).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int errors;

static void check(const int *b, int len, int from, int i, int tag) {
    for (int k = 0; k < len; k++)
        errors += b[k] != 100000 * from + 1000 * tag + 10 * i + k % 10;
}

static void fill(int *b, int len, int r, int i, int tag) {
    for (int k = 0; k < len; k++)
        b[k] = 100000 * r + 1000 * tag + 10 * i + k % 10;
}

int main(int argc, char **argv)
{
    int r, n;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int iterations = argc > 1 ? atoi(argv[1]) : 10, count = argc > 2 ? atoi(argv[2]) : 32;
    int right = (r + 1) % n, left = (r - 1 + n) % n;
    int *s3 = malloc(sizeof(int) * count), *s5 = malloc(sizeof(int) * (count + 1));
    int *s6 = malloc(sizeof(int) * (count + 2)), *in = malloc(sizeof(int) * (count + 2));
    int *in2 = malloc(sizeof(int) * (count + 2));
    for (int i = 0; i < iterations; i++) {
        MPI_Request sends[3], q;
        fill(s3, count, r, i, 3);
        fill(s5, count + 1, r, i, 5);
        fill(s6, count + 2, r, i, 6);
        MPI_Isend(s3, count, MPI_INT, right, 3, MPI_COMM_WORLD, &sends[0]);
        MPI_Isend(s5, count + 1, MPI_INT, left, 5, MPI_COMM_WORLD, &sends[1]);
        MPI_Isend(s6, count + 2, MPI_INT, right, 6, MPI_COMM_WORLD, &sends[2]);

        MPI_Message m, first, second;
        MPI_Status st;
        int flag = 0, got = 0;
        while (!flag)
            MPI_Improbe(MPI_ANY_SOURCE, 3, MPI_COMM_WORLD, &flag, &m, &st);
        MPI_Get_count(&st, MPI_INT, &got);
        errors += st.MPI_SOURCE != left || got != count;
        MPI_Mrecv(in, got, MPI_INT, &m, MPI_STATUS_IGNORE);
        check(in, count, left, i, 3);

        MPI_Mprobe(right, 5, MPI_COMM_WORLD, &first, MPI_STATUS_IGNORE);
        MPI_Mprobe(left, 6, MPI_COMM_WORLD, &second, MPI_STATUS_IGNORE);
        MPI_Mrecv(in, count + 1, MPI_INT, &first, MPI_STATUS_IGNORE);
        check(in, count + 1, right, i, 5);
        MPI_Imrecv(in2, count + 2, MPI_INT, &second, &q);
        MPI_Wait(&q, MPI_STATUS_IGNORE);
        check(in2, count + 2, left, i, 6);

        MPI_Mprobe(MPI_PROC_NULL, 7, MPI_COMM_WORLD, &m, &st);
        errors += m != MPI_MESSAGE_NO_PROC || st.MPI_SOURCE != MPI_PROC_NULL;
        MPI_Mrecv(in, 0, MPI_INT, &m, MPI_STATUS_IGNORE);
        MPI_Status done[3]; /* MPICH's MPI_STATUSES_IGNORE makes GCC 12 warn */
        MPI_Waitall(3, sends, done);
    }
    if (errors)
        fprintf(stderr, "mprobe: rank %d: %d errors\n", r, errors);
    else if (r == 0)
        printf("mprobe: %d ranks, %d iterations, count %d: done\n", n, iterations, count);
    MPI_Finalize();
    free(s3); free(s5); free(s6); free(in); free(in2);
    return errors != 0;
}
