/*
 * amr_exchange.c - an adaptive-refinement-like halo exchange: who talks to whom, how many
 * messages and how big change with the rank and, every few iterations, with a "regrid".
 *
 * Usage: amr_exchange [iterations] [count]      defaults: iterations=24, count=32
 * Any number of ranks n. The run has epochs of 5 iterations; at the start of each, ranks
 * a < b are neighbours if b = a + 1 or h(epoch, a, b) % 3 == 0 (h: a fixed integer hash, so
 * both sides agree without talking). A pair exchanges 1 + h(epoch, a, b, 1) % 3 blocks each
 * way per iteration, block k of count * (1 + (h(epoch, a, b, 2) + k) % 4) doubles, tag k.
 * Per iteration each rank posts an MPI_Irecv per block of every neighbour (ascending), then
 * an MPI_Isend per block, then MPI_Waitall, checks what it received, computes a little, and
 * every epoch ends with an MPI_Allreduce of the number of blocks (checked against the sum
 * worked out from h).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned h(unsigned epoch, unsigned a, unsigned b, unsigned salt)
{
    unsigned x = epoch * 2654435761u ^ a * 40503u ^ b * 2246822519u ^ salt * 3266489917u;
    x ^= x >> 15;
    x *= 2246822519u;
    x ^= x >> 13;
    return x;
}

static int linked(int epoch, int a, int b)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return lo != hi && (hi == lo + 1 || h(epoch, lo, hi, 0) % 3 == 0);
}

static int blocks(int epoch, int a, int b)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return 1 + h(epoch, lo, hi, 1) % 3;
}

static int block_count(int epoch, int a, int b, int k, int count)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return count * (1 + (h(epoch, lo, hi, 2) + k) % 4);
}

int main(int argc, char **argv)
{
    int r, n, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int iterations = argc > 1 ? atoi(argv[1]) : 24, count = argc > 2 ? atoi(argv[2]) : 32;
    int most = n * 3;
    double **in = malloc(sizeof(double *) * most), **out = malloc(sizeof(double *) * most);
    MPI_Request *req = malloc(sizeof(MPI_Request) * 2 * most);
    MPI_Status *st = malloc(sizeof(MPI_Status) * 2 * most);
    for (int j = 0; j < most; j++) {
        in[j] = malloc(sizeof(double) * 4 * count);
        out[j] = malloc(sizeof(double) * 4 * count);
    }
    double work = 0;
    for (int i = 0; i < iterations; i++) {
        int epoch = i / 5, nreq = 0, slot = 0;
        for (int p = 0; p < n; p++)
            if (linked(epoch, r, p))
                for (int k = 0; k < blocks(epoch, r, p); k++)
                    MPI_Irecv(in[slot++], block_count(epoch, r, p, k, count), MPI_DOUBLE, p, k,
                              MPI_COMM_WORLD, &req[nreq++]);
        slot = 0;
        for (int p = 0; p < n; p++)
            if (linked(epoch, r, p))
                for (int k = 0; k < blocks(epoch, r, p); k++) {
                    int c = block_count(epoch, r, p, k, count);
                    for (int x = 0; x < c; x++)
                        out[slot][x] = r * 1000 + k + i;
                    MPI_Isend(out[slot++], c, MPI_DOUBLE, p, k, MPI_COMM_WORLD, &req[nreq++]);
                }
        MPI_Waitall(nreq, req, st);
        slot = 0;
        for (int p = 0; p < n; p++)
            if (linked(epoch, r, p))
                for (int k = 0; k < blocks(epoch, r, p); k++, slot++)
                    errors += in[slot][0] != p * 1000 + k + i;
        for (int x = 0; x < 20000 * (1 + r % 3); x++)
            work += x * 1e-9;
        if (i % 5 == 4 || i == iterations - 1) {
            int mine = 0, all = 0, expect = 0;
            for (int p = 0; p < n; p++)
                if (linked(epoch, r, p))
                    mine += blocks(epoch, r, p);
            for (int a = 0; a < n; a++)
                for (int b = 0; b < n; b++)
                    if (linked(epoch, a, b))
                        expect += blocks(epoch, a, b);
            MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
            errors += all != expect;
        }
    }
    if (errors)
        fprintf(stderr, "amr_exchange: rank %d: %d errors\n", r, errors);
    else if (r == 0)
        printf("amr_exchange: %d ranks, %d iterations: done (%g)\n", n, iterations, work);
    for (int j = 0; j < most; j++) {
        free(in[j]);
        free(out[j]);
    }
    free(in);
    free(out);
    free(req);
    free(st);
    MPI_Finalize();
    return errors ? 1 : 0;
}
