/*
 * pingpong.c - measures the cost of one MPI call (e.g. with and without a tracer).
 *
 * Usage: pingpong [iterations] [count]      defaults: iterations=100000, count=8
 *
 * Ranks 0 and 1 bounce a count-byte MPI_BYTE message iterations times on
 * MPI_COMM_WORLD, tag 0; there is no compute phase. Per iteration:
 *   rank 0: MPI_Send to 1, then MPI_Recv from 1
 *   rank 1: MPI_Recv from 0, then MPI_Send to 0 (first byte incremented)
 * Other ranks make no calls besides MPI_Init/Comm_rank/Comm_size/Finalize.
 * Rank 0 prints
 *   pingpong iterations=N seconds=S ns_per_call=X
 * where S is the wall time of its loop (clock_gettime(CLOCK_MONOTONIC)) and
 * X = S / (2 * N) in nanoseconds: the time per MPI call rank 0 makes.
 * Needs at least 2 ranks.
 */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "clock.h"

int main(int argc, char **argv)
{
    int rank, size, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long iterations = argc > 1 ? atol(argv[1]) : 100000;
    int count = argc > 2 ? atoi(argv[2]) : 8;
    if (size < 2) {
        fprintf(stderr, "pingpong: needs at least 2 ranks\n");
        MPI_Finalize();
        return 1;
    }
    unsigned char *buf = calloc(count + 1, 1);

    if (rank == 0) {
        double t0 = now();
        for (long i = 0; i < iterations; i++) {
            buf[0] = (unsigned char)i;
            MPI_Send(buf, count, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(buf, count, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (count > 0 && buf[0] != (unsigned char)(i + 1))
                errors++;
        }
        double seconds = now() - t0;
        printf("pingpong iterations=%ld seconds=%.6f ns_per_call=%.1f\n", iterations, seconds,
               iterations > 0 ? seconds * 1e9 / (2.0 * iterations) : 0.0);
    } else if (rank == 1) {
        for (long i = 0; i < iterations; i++) {
            MPI_Recv(buf, count, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            buf[0]++;
            MPI_Send(buf, count, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
        }
    }

    if (errors)
        fprintf(stderr, "pingpong: rank %d: %d errors\n", rank, errors);
    free(buf);
    MPI_Finalize();
    return errors ? 1 : 0;
}
