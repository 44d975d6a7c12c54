/*
 * alltoallw.c - MPI_Alltoallw and MPI_Ialltoallw: a datatype per peer.
 *
 * Usage: alltoallw [iterations]      default: iterations=10
 * Any number of ranks n. The datatype of the messages to rank j is T(j): MPI_INT for j%3 == 0,
 * MPI_DOUBLE for j%3 == 1, and triple = MPI_Type_contiguous(3, MPI_SHORT) (6 bytes) for j%3 == 2.
 * Rank r sends c(r,j) = (r+j)%3 + 1 elements of T(j) to each j (itself too), at byte displacements.
 * Per iteration, on MPI_COMM_WORLD:
 *   MPI_Alltoallw             as above
 *   MPI_Ialltoallw + MPI_Wait the same, nonblocking
 *   MPI_Alltoallw in place    c(r,j) MPI_INTs with each j, symmetric as MPI_IN_PLACE requires
 * Every received byte is checked. A benchmark sends each peer's bytes as MPI_BYTE: its counts are
 * recorded in bytes (issue 17: MPI_Alltoallw was not traced at all).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int c(int r, int j) { return (r + j) % 3 + 1; }

/* The byte k of the message from s to d in iteration i. */
static unsigned char byte(int s, int d, int i, int k) { return (unsigned char) (s * 31 + d * 7 + i + k); }

int main(int argc, char **argv)
{
    int r, n, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int iterations = argc > 1 ? atoi(argv[1]) : 10;
    MPI_Datatype triple, kinds[3] = {MPI_INT, MPI_DOUBLE, MPI_DATATYPE_NULL};
    MPI_Type_contiguous(3, MPI_SHORT, &triple);
    MPI_Type_commit(&triple);
    kinds[2] = triple;
    int sizes[3] = {(int) sizeof(int), (int) sizeof(double), 6};
    MPI_Datatype *st = malloc(sizeof *st * n), *rt = malloc(sizeof *rt * n);
    MPI_Datatype *it = malloc(sizeof *it * n);
    int *sc = malloc(sizeof(int) * n), *sd = malloc(sizeof(int) * n);
    int *rc = malloc(sizeof(int) * n), *rd = malloc(sizeof(int) * n);
    int *ic = malloc(sizeof(int) * n), *id = malloc(sizeof(int) * n);
    int stotal = 0, rtotal = 0, itotal = 0;
    for (int j = 0; j < n; j++) {
        st[j] = kinds[j % 3];
        sc[j] = c(r, j);
        sd[j] = stotal;
        stotal += sc[j] * sizes[j % 3];
        rt[j] = kinds[r % 3]; /* what j sends to r: T(r) */
        rc[j] = c(j, r);
        rd[j] = rtotal;
        rtotal += rc[j] * sizes[r % 3];
        it[j] = MPI_INT;
        ic[j] = c(r, j);
        id[j] = itotal;
        itotal += ic[j] * (int) sizeof(int);
    }
    unsigned char *sbuf = malloc(stotal), *rbuf = malloc(rtotal), *ibuf = malloc(itotal);
    for (int i = 0; i < iterations; i++) {
        for (int nb = 0; nb < 2; nb++) {
            for (int j = 0; j < n; j++)
                for (int k = 0; k < sc[j] * sizes[j % 3]; k++)
                    sbuf[sd[j] + k] = byte(r, j, i + nb, k);
            if (nb) {
                MPI_Request req;
                MPI_Ialltoallw(sbuf, sc, sd, st, rbuf, rc, rd, rt, MPI_COMM_WORLD, &req);
                MPI_Wait(&req, MPI_STATUS_IGNORE);
            } else {
                MPI_Alltoallw(sbuf, sc, sd, st, rbuf, rc, rd, rt, MPI_COMM_WORLD);
            }
            for (int j = 0; j < n; j++)
                for (int k = 0; k < rc[j] * sizes[r % 3]; k++)
                    errors += rbuf[rd[j] + k] != byte(j, r, i + nb, k);
        }
        for (int j = 0; j < n; j++)
            for (int k = 0; k < ic[j] * (int) sizeof(int); k++)
                ibuf[id[j] + k] = byte(r, j, i, k);
        MPI_Alltoallw(MPI_IN_PLACE, NULL, NULL, NULL, ibuf, ic, id, it, MPI_COMM_WORLD);
        for (int j = 0; j < n; j++)
            for (int k = 0; k < ic[j] * (int) sizeof(int); k++)
                errors += ibuf[id[j] + k] != byte(j, r, i, k);
    }
    MPI_Type_free(&triple);
    if (errors)
        fprintf(stderr, "alltoallw: rank %d: %d errors\n", r, errors);
    else if (r == 0)
        printf("alltoallw: %d ranks, %d iterations: done\n", n, iterations);
    MPI_Finalize();
    free(st); free(rt); free(it); free(sc); free(sd); free(rc); free(rd); free(ic); free(id);
    free(sbuf); free(rbuf); free(ibuf);
    return errors != 0;
}
