/*
 * random_exchange.c - an exchange that follows no pattern: a trace that no loop folds, which
 * benchgen generates as an irregular section (data tables in C, a data file in coNCePTuaL).
 *
 * Usage: random_exchange [steps] [seed]      defaults: steps=400, seed=7
 * Any number of ranks n >= 2. Every rank draws the same random numbers (one seed), so all know
 * each step's pair without talking. Step s: a random rank a and another b; a message of
 * 8 << (0..3) doubles with tag 0..3, as one of
 *   - MPI_Send from a, MPI_Recv on b;
 *   - MPI_Irecv on b, MPI_Isend from a, MPI_Wait on both;
 *   - MPI_Sendrecv between a and b (each sends to the other);
 * then every 17th step an MPI_Allreduce of one double on MPI_COMM_WORLD, and every 29th an
 * MPI_Bcast of s % 7 + 1 doubles in the halves of an MPI_Comm_split (even and odd ranks, made
 * before the first step), rooted at the half's rank (s / 29) % its size. The received values
 * are checked: the program says how many were wrong.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_COUNT (8 << 3)

/* The shared random numbers: a 64-bit linear congruential generator. */
static unsigned long long state;

static int draw(int bound)
{
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int) ((state >> 33) % (unsigned long long) bound);
}

int main(int argc, char **argv)
{
    int r, n, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int steps = argc > 1 ? atoi(argv[1]) : 400;
    state = argc > 2 ? strtoull(argv[2], NULL, 10) : 7;
    if (n < 2) {
        if (r == 0)
            fprintf(stderr, "random_exchange: needs at least 2 ranks\n");
        MPI_Finalize();
        return 1;
    }
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, r % 2, r, &half);
    int hr, hn;
    MPI_Comm_rank(half, &hr);
    MPI_Comm_size(half, &hn);
    double out[MAX_COUNT], in[MAX_COUNT];
    for (int s = 0; s < steps; s++) {
        int a = draw(n), b = (a + 1 + draw(n - 1)) % n;
        int count = 8 << draw(4), tag = draw(4), kind = draw(3);
        for (int x = 0; x < count; x++)
            out[x] = s + r;
        if (r == a || r == b) {
            int other = r == a ? b : a;
            MPI_Request q;
            if (kind == 0 && r == a)
                MPI_Send(out, count, MPI_DOUBLE, b, tag, MPI_COMM_WORLD);
            else if (kind == 0)
                MPI_Recv(in, count, MPI_DOUBLE, a, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            else if (kind == 1 && r == a)
                MPI_Isend(out, count, MPI_DOUBLE, b, tag, MPI_COMM_WORLD, &q);
            else if (kind == 1)
                MPI_Irecv(in, count, MPI_DOUBLE, a, tag, MPI_COMM_WORLD, &q);
            else
                MPI_Sendrecv(out, count, MPI_DOUBLE, other, tag, in, count, MPI_DOUBLE, other,
                             tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (kind == 1)
                MPI_Wait(&q, MPI_STATUS_IGNORE);
            if (r == b || kind == 2)
                errors += in[count - 1] != s + other;
        }
        if (s % 17 == 16) {
            double one = 1, sum = 0;
            MPI_Allreduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
            errors += sum != n;
        }
        if (s % 29 == 28) {
            int root = (s / 29) % hn, len = s % 7 + 1;
            for (int x = 0; x < len; x++)
                in[x] = hr == root ? s : -1;
            MPI_Bcast(in, len, MPI_DOUBLE, root, half);
            errors += in[len - 1] != s;
        }
    }
    MPI_Comm_free(&half);
    if (errors)
        printf("random_exchange: rank %d: %d wrong values\n", r, errors);
    MPI_Finalize();
    return errors != 0;
}
