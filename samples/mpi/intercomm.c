/*
 * intercomm.c - an intercommunicator between the even and the odd ranks: point-to-point,
 * collectives, a duplicate and a merge.
 *
 * Usage: intercomm [iterations] [count]      defaults: iterations=10, count=64
 * Any number of ranks n >= 2. MPI_Comm_split(MPI_COMM_WORLD, r % 2) -> local (the evens, group
 * A, and the odds, group B); MPI_Intercomm_create(local, leader 0, MPI_COMM_WORLD, remote leader
 * 1 for A and 0 for B, tag 7) -> inter. Then iterations times, on inter: each rank of A sends
 * count doubles to B's rank (its rank mod |B|) by MPI_Send, B's ranks receive them by MPI_Recv
 * and answer each by MPI_Isend to the sender, which receives by MPI_Irecv + MPI_Wait; an
 * MPI_Bcast of count doubles from A's rank 0 (MPI_ROOT there, MPI_PROC_NULL on A's other ranks,
 * root 0 on B's); an MPI_Allreduce of one double (each group gets the other's sum); an
 * MPI_Allgather of one int; an MPI_Reduce of one double to B's rank 0 (MPI_ROOT) from A; an
 * MPI_Barrier. Then MPI_Comm_dup(inter) -> dup and an MPI_Barrier on it;
 * MPI_Intercomm_merge(inter, high = r % 2) -> merged (A's ranks first), an MPI_Allreduce and a
 * ring of MPI_Sendrecv on it; MPI_Comm_create(inter, the group of each side's local rank 0)
 * -> sub (MPI_COMM_NULL on the other ranks, which pass the same group, as MPI requires), an
 * MPI_Allreduce of one int on sub; MPI_Comm_free of sub, merged, dup, inter and local. The received
 * values are checked: the program says how many were wrong. Issue 16: intercommunicators were
 * refused by the tracer, and a create on an intercommunicator hung the benchmark (the ranks
 * left out passed the empty group).
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
    if (n < 2) {
        fprintf(stderr, "intercomm: needs at least 2 ranks\n");
        MPI_Finalize();
        return 1;
    }
    int in_a = r % 2 == 0;
    MPI_Comm local, inter, dup, merged;
    MPI_Comm_split(MPI_COMM_WORLD, r % 2, r, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, in_a ? 1 : 0, 7, &inter);
    int me, size, rsize;
    MPI_Comm_rank(inter, &me);
    MPI_Comm_size(inter, &size);
    MPI_Comm_remote_size(inter, &rsize);
    double *buf = malloc(count * sizeof *buf);
    for (int i = 0; i < iterations; i++) {
        if (in_a) {
            for (int x = 0; x < count; x++)
                buf[x] = me + i;
            MPI_Send(buf, count, MPI_DOUBLE, me % rsize, i, inter);
            MPI_Request q;
            MPI_Irecv(buf, count, MPI_DOUBLE, me % rsize, i, inter, &q);
            MPI_Wait(&q, MPI_STATUS_IGNORE);
            errors += buf[count - 1] != -(me + i);
        } else {
            for (int from = me; from < rsize; from += size) {
                MPI_Recv(buf, count, MPI_DOUBLE, from, i, inter, MPI_STATUS_IGNORE);
                errors += buf[count - 1] != from + i;
                for (int x = 0; x < count; x++)
                    buf[x] = -buf[x];
                MPI_Request q;
                MPI_Isend(buf, count, MPI_DOUBLE, from, i, inter, &q);
                MPI_Wait(&q, MPI_STATUS_IGNORE);
            }
        }
        for (int x = 0; x < count; x++)
            buf[x] = in_a ? i : -1;
        MPI_Bcast(buf, count, MPI_DOUBLE, in_a ? (me == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0, inter);
        errors += buf[count - 1] != (in_a ? i : i);
        double one = 1, sum = 0;
        MPI_Allreduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, inter);
        errors += sum != rsize;
        int *all = malloc(rsize * sizeof *all), mine = r;
        MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, inter);
        errors += all[0] != (in_a ? 1 : 0);
        free(all);
        double got = 0;
        MPI_Reduce(&one, &got, 1, MPI_DOUBLE, MPI_SUM, in_a ? 0 : (me == 0 ? MPI_ROOT : MPI_PROC_NULL),
                   inter);
        errors += !in_a && me == 0 && got != rsize;
        MPI_Barrier(inter);
    }
    MPI_Comm_dup(inter, &dup);
    MPI_Barrier(dup);
    MPI_Intercomm_merge(inter, r % 2, &merged);
    int mr, mn;
    MPI_Comm_rank(merged, &mr);
    MPI_Comm_size(merged, &mn);
    double one = 1, sum = 0;
    MPI_Allreduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, merged);
    errors += sum != n;
    double out = mr, in = -1;
    MPI_Sendrecv(&out, 1, MPI_DOUBLE, (mr + 1) % mn, 3, &in, 1, MPI_DOUBLE, (mr + mn - 1) % mn, 3,
                 merged, MPI_STATUS_IGNORE);
    errors += in != (mr + mn - 1) % mn;
    MPI_Group whole, first;
    MPI_Comm_group(inter, &whole);
    int zero = 0;
    MPI_Group_incl(whole, 1, &zero, &first);
    MPI_Comm sub;
    MPI_Comm_create(inter, first, &sub);
    errors += (sub != MPI_COMM_NULL) != (me == 0);
    if (sub != MPI_COMM_NULL) {
        int mine = 1, theirs = 0;
        MPI_Allreduce(&mine, &theirs, 1, MPI_INT, MPI_SUM, sub);
        errors += theirs != 1;
        MPI_Comm_free(&sub);
    }
    MPI_Group_free(&first);
    MPI_Group_free(&whole);
    MPI_Comm_free(&merged);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&local);
    free(buf);
    if (errors)
        printf("intercomm: rank %d: %d wrong values\n", r, errors);
    MPI_Finalize();
    return errors != 0;
}
