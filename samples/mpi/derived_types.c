/*
 * derived_types.c - derived datatypes in point-to-point calls and v-collectives.
 *
 * Usage: derived_types [iterations] [count]      defaults: iterations=10, count=64
 * Any number of ranks n. Types: triple = MPI_Type_contiguous(3, MPI_INT) (12 bytes), pair =
 * MPI_Type_contiguous(2, MPI_INT) (8 bytes), and
 * column = MPI_Type_vector(count, 1, 4, MPI_DOUBLE) (count doubles, every 4th: 8*count bytes of
 * data in an extent of 8*(4*(count-1)+1)). Per iteration, on MPI_COMM_WORLD, with root 0:
 *   MPI_Scatterv  the root sends j+1 triples to each rank j; r receives r+1 triples
 *   MPI_Gatherv   r sends r+1 triples; the root receives j+1 from each j
 *   MPI_Alltoallv r sends j+1 elements to each j and receives r+1 from each: triples in even
 *                 iterations, pairs in odd ones (one call site whose type size changes)
 *   MPI_Sendrecv  one column to (r+1)%n, one column from (r-1+n)%n, received as framed =
 *                 MPI_Type_create_resized(column, -8, extent + 16): the same data, a lower
 *                 bound of -8 and an extent 16 bytes larger (which the trace records)
 *   MPI_Reduce_scatter  of triples with a user operation (sum): rank j gets j+1 triples
 * Values are checked. Benchmarks send a derived type as bytes: every count, the per-rank lists
 * of the v-collectives too, is scaled by the type's size (issue 17: the lists were not, and
 * MPI_Scatterv failed with MPI_ERR_TRUNCATE; MPI_Reduce_scatter's were not either, and MPICH's
 * nonblocking2 sent a quarter of its bytes).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

/* A sum of triples of ints, as a user operation (MPI defines MPI_SUM on predefined types only). */
static void sum3(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void) type;
    for (int i = 0; i < 3 * *len; i++)
        ((int *) inout)[i] += ((int *) in)[i];
}

int main(int argc, char **argv)
{
    int r, n, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int iterations = argc > 1 ? atoi(argv[1]) : 10, count = argc > 2 ? atoi(argv[2]) : 64;
    MPI_Datatype triple, pair, column;
    MPI_Type_contiguous(3, MPI_INT, &triple);
    MPI_Type_commit(&triple);
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    MPI_Type_vector(count, 1, 4, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    MPI_Aint lb, extent;
    MPI_Type_get_extent(column, &lb, &extent);
    MPI_Datatype framed;
    MPI_Type_create_resized(column, -8, extent + 16, &framed);
    MPI_Type_commit(&framed);
    MPI_Op sum;
    MPI_Op_create(sum3, 1, &sum);
    int *cnt = malloc(sizeof(int) * n), *displ = malloc(sizeof(int) * n), total = 0;
    int *rcnt = malloc(sizeof(int) * n), *rdispl = malloc(sizeof(int) * n);
    for (int j = 0; j < n; j++) {
        cnt[j] = j + 1;
        displ[j] = total;
        total += cnt[j];
        rcnt[j] = r + 1;
        rdispl[j] = j * (r + 1);
    }
    int *all = malloc(sizeof(int) * 3 * total), *mine = malloc(sizeof(int) * 3 * n);
    int *a2a = malloc(sizeof(int) * 3 * total), *back = malloc(sizeof(int) * 3 * n * (r + 1));
    double *grid = malloc(sizeof(double) * 4 * count), *got = malloc(sizeof(double) * 4 * count);
    for (int i = 0; i < iterations; i++) {
        for (int k = 0; k < 3 * total; k++)
            all[k] = 1000 * i + k;
        MPI_Scatterv(all, cnt, displ, triple, mine, r + 1, triple, 0, MPI_COMM_WORLD);
        for (int k = 0; k < 3 * (r + 1); k++)
            errors += mine[k] != 1000 * i + 3 * displ[r] + k;
        MPI_Gatherv(mine, r + 1, triple, all, cnt, displ, triple, 0, MPI_COMM_WORLD);
        if (r == 0)
            for (int k = 0; k < 3 * total; k++)
                errors += all[k] != 1000 * i + k;
        int w = i % 2 ? 2 : 3;
        MPI_Datatype t = i % 2 ? pair : triple;
        for (int k = 0; k < 3 * total; k++)
            a2a[k] = 100000 * r + k;
        MPI_Alltoallv(a2a, cnt, displ, t, back, rcnt, rdispl, t, MPI_COMM_WORLD);
        for (int j = 0; j < n; j++)
            for (int k = 0; k < w * (r + 1); k++)
                errors += back[w * rdispl[j] + k] != 100000 * j + w * displ[r] + k;
        for (int k = 0; k < 4 * count; k++)
            grid[k] = r + 0.5 * k + i;
        MPI_Sendrecv(grid, 1, column, (r + 1) % n, 0, got, 1, framed, (r - 1 + n) % n, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int k = 0; k < count; k++)
            errors += got[4 * k] != (r - 1 + n) % n + 0.5 * 4 * k + i;
        for (int k = 0; k < 3 * total; k++)
            a2a[k] = r + k + i;
        MPI_Reduce_scatter(a2a, mine, cnt, triple, sum, MPI_COMM_WORLD);
        for (int k = 0; k < 3 * (r + 1); k++)
            errors += mine[k] != n * (n - 1) / 2 + n * (3 * displ[r] + k + i);
    }
    MPI_Type_free(&triple);
    MPI_Type_free(&pair);
    MPI_Type_free(&column);
    MPI_Type_free(&framed);
    MPI_Op_free(&sum);
    if (errors)
        fprintf(stderr, "derived_types: rank %d: %d errors\n", r, errors);
    else if (r == 0)
        printf("derived_types: %d ranks, %d iterations, count %d: done\n", n, iterations, count);
    MPI_Finalize();
    return errors ? 1 : 0;
}
