/*
 * pair_types.c - MPI's pair types, whose extent is larger than their size.
 *
 * Usage: pair_types [iterations] [count]      defaults: iterations=20, count=1000
 * Any number of ranks n. Per iteration, on MPI_COMM_WORLD:
 *   MPI_Allreduce of count MPI_DOUBLE_INT with MPI_MAXLOC (12 bytes of data in 16 of memory)
 *   MPI_Allreduce of count MPI_LONG_DOUBLE_INT with MPI_MINLOC (20 in 32 on x86-64)
 *   MPI_Sendrecv of count MPI_SHORT_INT to (r+1)%n from (r-1+n)%n (6 in 8)
 * Element k of rank r holds value 1000*r + k (index r); the results are checked.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

struct di { double v; int i; };
struct ldi { long double v; int i; };
struct si { short v; int i; };

int main(int argc, char **argv)
{
    int r, n, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int iterations = argc > 1 ? atoi(argv[1]) : 20, count = argc > 2 ? atoi(argv[2]) : 1000;
    struct di *a = malloc(sizeof *a * count), *b = malloc(sizeof *b * count);
    struct ldi *c = malloc(sizeof *c * count), *d = malloc(sizeof *d * count);
    struct si *s = malloc(sizeof *s * count), *t = malloc(sizeof *t * count);
    for (int it = 0; it < iterations; it++) {
        for (int k = 0; k < count; k++) {
            a[k].v = 1000.0 * r + k; a[k].i = r;
            c[k].v = 1000.0L * r + k; c[k].i = r;
            s[k].v = (short) (r + k % 100); s[k].i = r;
        }
        MPI_Allreduce(a, b, count, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
        MPI_Allreduce(c, d, count, MPI_LONG_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD);
        MPI_Sendrecv(s, count, MPI_SHORT_INT, (r + 1) % n, 0, t, count, MPI_SHORT_INT,
                     (r - 1 + n) % n, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int k = 0; k < count; k++) {
            errors += b[k].v != 1000.0 * (n - 1) + k || b[k].i != n - 1;
            errors += d[k].v != (long double) k || d[k].i != 0;
            errors += t[k].i != (r - 1 + n) % n;
        }
    }
    if (errors)
        fprintf(stderr, "pair_types: rank %d: %d errors\n", r, errors);
    else if (r == 0)
        printf("pair_types: %d ranks, %d iterations, count %d: done\n", n, iterations, count);
    MPI_Finalize();
    return errors ? 1 : 0;
}
