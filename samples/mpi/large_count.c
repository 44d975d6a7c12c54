/*
 * large_count.c - MPI-4's large-count forms (MPI_Send_c, ...: counts of MPI_Count, displacements
 * of MPI_Aint), with small counts, so that it runs anywhere.
 *
 * Usage: large_count [iterations] [count]      defaults: iterations=3, count=4
 * Any number of ranks n; right = (r+1)%n, left = (r-1+n)%n. Per iteration i:
 *   MPI_Sendrecv_c of count doubles to right, from left (tag 1);
 *   MPI_Irecv_c of count ints from right and MPI_Isend_c of count ints to left (tag 2), Waitall;
 *   MPI_Bcast_c of count doubles from rank i % n;
 *   MPI_Allreduce_c of count doubles (MPI_SUM);
 *   MPI_Alltoallv_c: p+1 ints to each rank p, r+1 ints from each;
 *   MPI_Iallgatherv_c of r+1 doubles from each rank r, then MPI_Wait;
 *   MPI_Reduce_local_c of count doubles (MPI_SUM).
 * Then once: MPI_Buffer_attach_c of a buffer for one message, MPI_Bsend_c of count ints to right,
 * MPI_Recv_c of count ints from left (tag 3), MPI_Buffer_detach_c. Every result is checked.
 * Built with an MPI before 4 (Open MPI 4.1), it makes the same calls in their int forms.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#if MPI_VERSION >= 4
#define C(f) f##_c
typedef MPI_Count count_t;
typedef MPI_Aint displ_t;
#else
#define C(f) f
typedef int count_t;
typedef int displ_t;
#endif

int main(int argc, char **argv)
{
    int r, n, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int iterations = argc > 1 ? atoi(argv[1]) : 3, count = argc > 2 ? atoi(argv[2]) : 4;
    int right = (r + 1) % n, left = (r - 1 + n) % n;
    double *d = malloc(sizeof(double) * count), *e = malloc(sizeof(double) * count);
    int *a = malloc(sizeof(int) * count), *b = malloc(sizeof(int) * count);
    count_t *sc = malloc(sizeof(count_t) * n), *rc = malloc(sizeof(count_t) * n);
    displ_t *sd = malloc(sizeof(displ_t) * n), *rd = malloc(sizeof(displ_t) * n);
    int *all_out = malloc(sizeof(int) * n * (n + 1) / 2);
    int *all_in = malloc(sizeof(int) * n * (r + 1));
    double *mine = malloc(sizeof(double) * (r + 1));
    double *gathered = malloc(sizeof(double) * n * (n + 1) / 2);
    for (int p = 0, at = 0; p < n; p++) {
        sc[p] = p + 1;
        sd[p] = at;
        at += p + 1;
        rc[p] = r + 1;
        rd[p] = p * (r + 1);
    }
    for (int i = 0; i < iterations; i++) {
        for (int k = 0; k < count; k++) {
            d[k] = 1000 * r + i + k;
            a[k] = 2000 * r + i + k;
        }
        C(MPI_Sendrecv)(d, count, MPI_DOUBLE, right, 1, e, count, MPI_DOUBLE, left, 1,
                        MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int k = 0; k < count; k++)
            errors += e[k] != 1000 * left + i + k;

        MPI_Request q[2];
        MPI_Status st[2];
        C(MPI_Irecv)(b, count, MPI_INT, right, 2, MPI_COMM_WORLD, &q[0]);
        C(MPI_Isend)(a, count, MPI_INT, left, 2, MPI_COMM_WORLD, &q[1]);
        MPI_Waitall(2, q, st);
        for (int k = 0; k < count; k++)
            errors += b[k] != 2000 * right + i + k;

        int root = i % n;
        for (int k = 0; k < count; k++)
            d[k] = r == root ? 3000 * root + i + k : -1;
        C(MPI_Bcast)(d, count, MPI_DOUBLE, root, MPI_COMM_WORLD);
        for (int k = 0; k < count; k++)
            errors += d[k] != 3000 * root + i + k;

        for (int k = 0; k < count; k++)
            d[k] = r + k;
        C(MPI_Allreduce)(d, e, count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        for (int k = 0; k < count; k++)
            errors += e[k] != n * (n - 1) / 2.0 + (double) n * k;

        for (int p = 0; p < n; p++)
            for (int k = 0; k <= p; k++)
                all_out[sd[p] + k] = 100 * r + p + i;
        C(MPI_Alltoallv)(all_out, sc, sd, MPI_INT, all_in, rc, rd, MPI_INT, MPI_COMM_WORLD);
        for (int p = 0; p < n; p++)
            for (int k = 0; k <= r; k++)
                errors += all_in[rd[p] + k] != 100 * p + r + i;

        for (int k = 0; k <= r; k++)
            mine[k] = 10 * r + k + i;
        MPI_Request g;
        C(MPI_Iallgatherv)(mine, r + 1, MPI_DOUBLE, gathered, sc, sd, MPI_DOUBLE,
                           MPI_COMM_WORLD, &g);
        MPI_Wait(&g, MPI_STATUS_IGNORE);
        for (int p = 0; p < n; p++)
            for (int k = 0; k <= p; k++)
                errors += gathered[sd[p] + k] != 10 * p + k + i;

        for (int k = 0; k < count; k++) {
            d[k] = k;
            e[k] = i;
        }
        C(MPI_Reduce_local)(d, e, count, MPI_DOUBLE, MPI_SUM);
        for (int k = 0; k < count; k++)
            errors += e[k] != k + i;
    }

    int size = 0;
    MPI_Pack_size(count, MPI_INT, MPI_COMM_WORLD, &size);
    size += MPI_BSEND_OVERHEAD;
    char *buffer = malloc(size);
    C(MPI_Buffer_attach)(buffer, size);
    for (int k = 0; k < count; k++)
        a[k] = 4000 * r + k;
    C(MPI_Bsend)(a, count, MPI_INT, right, 3, MPI_COMM_WORLD);
    C(MPI_Recv)(b, count, MPI_INT, left, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int k = 0; k < count; k++)
        errors += b[k] != 4000 * left + k;
    void *detached = NULL;
    count_t detached_size = 0;
    C(MPI_Buffer_detach)(&detached, &detached_size);
    errors += detached != buffer || detached_size != size;
    free(buffer);

    free(d);
    free(e);
    free(a);
    free(b);
    free(sc);
    free(rc);
    free(sd);
    free(rd);
    free(all_out);
    free(all_in);
    free(mine);
    free(gathered);
    if (errors)
        fprintf(stderr, "large_count: rank %d: %d errors\n", r, errors);
    else if (r == 0)
        printf("large_count: %d ranks, %s forms: done\n", n, MPI_VERSION >= 4 ? "_c" : "int");
    MPI_Finalize();
    return errors != 0;
}
