/*
 * pingpong_sizes.c - a ping-pong over message sizes, to measure a network's latency and
 * bandwidth (what benchgen's LogGOP fit reads from the trace, docs/simulation.md).
 *
 * Usage: pingpong_sizes [iterations] [max_bytes] [report]
 *        defaults: iterations=100, max_bytes=1048576, no report file
 *
 * For each size s = 1, 2, 4, ... up to max_bytes, ranks 0 and 1 bounce an s-byte MPI_BYTE message
 * iterations times on MPI_COMM_WORLD, tag 0 (one warm-up round trip first, not timed); there is no
 * compute phase. Per iteration:
 *   rank 0: MPI_Send to 1, then MPI_Recv from 1
 *   rank 1: MPI_Recv from 0, then MPI_Send to 0 (first byte incremented)
 * Other ranks make no calls besides MPI_Init/Comm_rank/Comm_size/Finalize.
 * Rank 0 prints a line per size,
 *   pingpong_sizes bytes=S iterations=N ns_half_round_trip=X min=M
 * X being the wall time of the size's timed loop (clock_gettime(CLOCK_MONOTONIC), not an MPI
 * call, which a tracer would see) divided by 2N: the mean one-way time of an S-byte message;
 * M half the fastest round trip of the N. With a report file, rank 0 also writes "S X M" lines
 * there (a traced run's standard output may not be the caller's).
 * Needs at least 2 ranks.
 */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "clock.h"

/* One round trip of a count-byte message between ranks 0 and 1; 1 if it came back wrong. */
static int round_trip(int rank, unsigned char *buf, int count, long i)
{
    if (rank == 0) {
        buf[0] = (unsigned char)i;
        MPI_Send(buf, count, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(buf, count, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        return buf[0] != (unsigned char)(i + 1);
    }
    if (rank == 1) {
        MPI_Recv(buf, count, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        buf[0]++;
        MPI_Send(buf, count, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
    }
    return 0;
}

int main(int argc, char **argv)
{
    int rank, size, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long iterations = argc > 1 ? atol(argv[1]) : 100;
    long max = argc > 2 ? atol(argv[2]) : 1048576;
    if (size < 2 || iterations < 1 || max < 1 || max > (1L << 30)) {
        if (rank == 0)
            fprintf(stderr, "pingpong_sizes: needs 2 ranks, iterations >= 1, 1 <= max_bytes <= 2^30\n");
        MPI_Finalize();
        return 1;
    }
    unsigned char *buf = calloc(max, 1);

    FILE *report = rank == 0 && argc > 3 ? fopen(argv[3], "w") : NULL;
    if (rank == 0 && argc > 3 && report == NULL) {
        perror(argv[3]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (long bytes = 1; bytes <= max; bytes *= 2) {
        /* One untimed round trip first: the first message of a size may set up buffers. */
        errors += round_trip(rank, buf, (int)bytes, -1);
        double t0 = now(), fastest = 0;
        for (long i = 0; i < iterations; i++) {
            double t = now();
            errors += round_trip(rank, buf, (int)bytes, i);
            t = now() - t;
            if (i == 0 || t < fastest)
                fastest = t;
        }
        double mean = (now() - t0) * 1e9 / (2.0 * iterations);
        if (rank == 0) {
            printf("pingpong_sizes bytes=%ld iterations=%ld ns_half_round_trip=%.1f min=%.1f\n",
                   bytes, iterations, mean, fastest * 1e9 / 2);
            if (report)
                fprintf(report, "%ld %.1f %.1f\n", bytes, mean, fastest * 1e9 / 2);
        }
    }
    if (report)
        fclose(report);

    if (errors)
        fprintf(stderr, "pingpong_sizes: rank %d: %d errors\n", rank, errors);
    free(buf);
    MPI_Finalize();
    return errors ? 1 : 0;
}
