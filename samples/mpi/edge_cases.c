/*
 * edge_cases.c - point-to-point corner cases a tracer has to get right.
 *
 * Usage: edge_cases [iterations] [count]      defaults: iterations=3 (repetitions), count=8
 *
 * Needs at least 2 ranks. left = (r-1+n) % n, right = (r+1) % n. All calls use
 * MPI_COMM_WORLD; "count ints" means count MPI_INTs. Per repetition, in this order:
 *  A. all:    MPI_Send count ints to MPI_PROC_NULL (tag 1);
 *             MPI_Recv count ints from MPI_PROC_NULL (tag 1): receives nothing
 *  B. all:    MPI_Isend count ints to MPI_PROC_NULL (tag 2), twice;
 *             MPI_Waitall on both (Open MPI and MPICH both return the same handle twice)
 *  C. all:    MPI_Isend count ints to itself (tag 3); MPI_Recv them (tag 3);
 *             MPI_Waitall on the send request with MPI_STATUSES_IGNORE
 *  D. rank 0: MPI_Isend count ints to 1 (tag 9, probed below);
 *             MPI_Send 0 ints to 1 (tag 4);  MPI_Send 5 MPI_DOUBLEs to 1 (tag 5);
 *             MPI_Waitall on the Isend's request
 *     rank 1: MPI_Recv up to 10 ints from 0 (tag 4, MPI_STATUS_IGNORE): 0 bytes arrive;
 *             MPI_Recv up to 100 MPI_DOUBLEs from 0 (tag 5, MPI_STATUS_IGNORE): 40 bytes arrive;
 *             MPI_Iprobe (source 0, tag 9) in a loop until it finds the message (the
 *             message was sent before the two just received, so normally the first
 *             call finds it); MPI_Probe (source 0, tag 9); MPI_Recv count ints (tag 9)
 *     others: nothing
 *  E. all:    MPI_Sendrecv: count ints to right, count ints from left (tag 6)
 *  F. all:    MPI_Sendrecv_replace: count ints to right, from left (tag 7)
 *  G. all:    MPI_Send_init count ints to right (tag 8); MPI_Recv_init count ints
 *             from left (tag 8); twice { MPI_Startall on both; MPI_Waitall on both };
 *             MPI_Request_free on both
 * Every received message is checked.
 */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

/* GCC >= 11 mistakes MPICH's MPI_STATUSES_IGNORE (a constant pointer) for an empty array. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif

#include "clock.h"

static int errors = 0;

/* Fill buf with count values that identify the sender and the step. */
static void fill(int *buf, int count, int sender, int step)
{
    for (int k = 0; k < count; k++)
        buf[k] = sender * 1000 + step * 100 + k;
}

static void check(const int *buf, int count, int sender, int step)
{
    for (int k = 0; k < count; k++)
        errors += buf[k] != sender * 1000 + step * 100 + k;
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iterations = argc > 1 ? atoi(argv[1]) : 3;
    int count = argc > 2 ? atoi(argv[2]) : 8;
    if (size < 2) {
        fprintf(stderr, "edge_cases: needs at least 2 ranks\n");
        MPI_Finalize();
        return 1;
    }
    MPI_Comm world = MPI_COMM_WORLD;
    int left = (rank - 1 + size) % size, right = (rank + 1) % size;
    int *sbuf = malloc(sizeof(int) * (count + 10));
    int *rbuf = malloc(sizeof(int) * (count + 10));
    double dbuf[100];
    MPI_Request req[2];
    MPI_Status status, statuses[2];

    for (int i = 0; i < iterations; i++) {
        compute(compute_us);

        /* A. MPI_PROC_NULL peers: complete at once, move nothing */
        fill(sbuf, count, rank, 1);
        MPI_Send(sbuf, count, MPI_INT, MPI_PROC_NULL, 1, world);
        MPI_Recv(rbuf, count, MPI_INT, MPI_PROC_NULL, 1, world, &status);
        errors += status.MPI_SOURCE != MPI_PROC_NULL || status.MPI_TAG != MPI_ANY_TAG;

        /* B. two nonblocking sends to MPI_PROC_NULL */
        MPI_Isend(sbuf, count, MPI_INT, MPI_PROC_NULL, 2, world, &req[0]);
        MPI_Isend(sbuf, count, MPI_INT, MPI_PROC_NULL, 2, world, &req[1]);
        MPI_Waitall(2, req, statuses);

        /* C. a message to myself */
        fill(sbuf, count, rank, 3);
        MPI_Isend(sbuf, count, MPI_INT, rank, 3, world, &req[0]);
        MPI_Recv(rbuf, count, MPI_INT, rank, 3, world, &status);
        MPI_Waitall(1, req, MPI_STATUSES_IGNORE);
        check(rbuf, count, rank, 3);

        /* D. receives posted larger than the message, and probing (ranks 0 and 1) */
        if (rank == 0) {
            fill(sbuf, count, 0, 9);
            MPI_Isend(sbuf, count, MPI_INT, 1, 9, world, &req[0]);
            MPI_Send(sbuf, 0, MPI_INT, 1, 4, world);
            for (int k = 0; k < 5; k++)
                dbuf[k] = k + 0.5;
            MPI_Send(dbuf, 5, MPI_DOUBLE, 1, 5, world);
            MPI_Waitall(1, req, statuses);
        } else if (rank == 1) {
            MPI_Recv(rbuf, 10, MPI_INT, 0, 4, world, MPI_STATUS_IGNORE);
            MPI_Recv(dbuf, 100, MPI_DOUBLE, 0, 5, world, MPI_STATUS_IGNORE);
            for (int k = 0; k < 5; k++)
                errors += dbuf[k] != k + 0.5;
            int flag = 0;
            while (!flag)
                MPI_Iprobe(0, 9, world, &flag, &status);
            MPI_Probe(0, 9, world, &status);
            errors += status.MPI_SOURCE != 0 || status.MPI_TAG != 9;
            MPI_Recv(rbuf, count, MPI_INT, 0, 9, world, &status);
            check(rbuf, count, 0, 9);
        }

        /* E. Sendrecv around the ring */
        fill(sbuf, count, rank, 6);
        MPI_Sendrecv(sbuf, count, MPI_INT, right, 6, rbuf, count, MPI_INT, left, 6, world, &status);
        check(rbuf, count, left, 6);

        /* F. Sendrecv_replace around the ring */
        fill(rbuf, count, rank, 7);
        MPI_Sendrecv_replace(rbuf, count, MPI_INT, right, 7, left, 7, world, &status);
        check(rbuf, count, left, 7);

        /* G. persistent requests, started twice */
        MPI_Send_init(sbuf, count, MPI_INT, right, 8, world, &req[0]);
        MPI_Recv_init(rbuf, count, MPI_INT, left, 8, world, &req[1]);
        for (int s = 0; s < 2; s++) {
            fill(sbuf, count, rank, 8);
            MPI_Startall(2, req);
            MPI_Waitall(2, req, statuses);
            check(rbuf, count, left, 8);
        }
        MPI_Request_free(&req[0]);
        MPI_Request_free(&req[1]);
    }

    if (errors)
        fprintf(stderr, "edge_cases: rank %d: %d errors\n", rank, errors);
    else if (rank == 0)
        printf("edge_cases: %d ranks, %d repetitions, count %d: done\n", size, iterations, count);
    free(sbuf);
    free(rbuf);
    MPI_Finalize();
    return errors ? 1 : 0;
}
