/*
 * persistent_bsend.c - a persistent buffered send started again and again.
 *
 * Usage: persistent_bsend [iterations] [count]      defaults: iterations=8, count=4096
 * n >= 2 ranks; ranks above 1 only take part in the closing MPI_Barrier. Rank 0 attaches a
 * buffer with room for every message (MPI_Buffer_attach) and makes MPI_Bsend_init of count MPI_INTs to rank 1 (tag 3); rank 1
 * makes MPI_Recv_init of count MPI_INTs from rank 0 (tag 3). iterations times: the values are
 * set (1000*i + k), MPI_Start, MPI_Wait, and rank 1 checks them. Then MPI_Request_free, the buffer
 * is detached, MPI_Barrier. Open MPI 4.1 gives the request a new handle at every MPI_Start from
 * the second on: the tracer lost track of it (a Wait dropped, Starts of req=NULL) and compress
 * refused the trace (found by a helper on MPICH's mt_bsendrecv_pers_huge, issue 16).
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
    int iterations = argc > 1 ? atoi(argv[1]) : 8, count = argc > 2 ? atoi(argv[2]) : 4096;
    int *buf = malloc(sizeof(int) * count);
    if (n < 2) {
        fprintf(stderr, "persistent_bsend: needs 2 ranks\n");
        MPI_Finalize();
        return 1;
    }
    if (r < 2) {
        int size;
        MPI_Pack_size(count, MPI_INT, MPI_COMM_WORLD, &size);
        size = (size + MPI_BSEND_OVERHEAD) * iterations; /* Open MPI frees a message's room late */
        void *attached = malloc(size);
        if (r == 0)
            MPI_Buffer_attach(attached, size);
        MPI_Request q;
        if (r == 0)
            MPI_Bsend_init(buf, count, MPI_INT, 1, 3, MPI_COMM_WORLD, &q);
        else
            MPI_Recv_init(buf, count, MPI_INT, 0, 3, MPI_COMM_WORLD, &q);
        for (int i = 0; i < iterations; i++) {
            for (int k = 0; k < count && r == 0; k++)
                buf[k] = 1000 * i + k;
            MPI_Start(&q);
            MPI_Wait(&q, MPI_STATUS_IGNORE);
            for (int k = 0; k < count && r == 1; k++)
                errors += buf[k] != 1000 * i + k;
        }
        MPI_Request_free(&q);
        if (r == 0)
            MPI_Buffer_detach(&attached, &size);
        free(attached);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (errors)
        fprintf(stderr, "persistent_bsend: rank %d: %d errors\n", r, errors);
    else if (r == 0)
        printf("persistent_bsend: %d ranks, %d iterations, count %d: done\n", n, iterations, count);
    MPI_Finalize();
    return errors ? 1 : 0;
}
