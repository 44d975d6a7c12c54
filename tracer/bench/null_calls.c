/* The tracer's own cost per call, without communication: MPI calls that do (almost) nothing,
 * timed with and without the tracer (tracer/bench/overhead.sh runs it). Prints ns per call for
 * MPI_Send to MPI_PROC_NULL and for MPI_Isend to MPI_PROC_NULL + MPI_Wait.
 * Usage: null_calls [iterations] [multiple]: `multiple` initialises MPI with
 * MPI_Init_thread(MPI_THREAD_MULTIPLE), where the tracer checks the calling thread. */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int provided;
  if (argc > 2 && strcmp(argv[2], "multiple") == 0)
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  else
    MPI_Init(&argc, &argv);
  long n = argc > 1 ? atol(argv[1]) : 200000;
  int buf[8] = {0};
  double t0 = now();
  for (long i = 0; i < n; i++) MPI_Send(buf, 8, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
  double t1 = now();
  for (long i = 0; i < n; i++) {
    MPI_Request r;
    MPI_Isend(buf, 8, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  }
  double t2 = now();
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    printf("null_calls iterations=%ld send_ns_per_call=%.1f ns_per_call=%.1f\n", n,
           (t1 - t0) / n * 1e9, (t2 - t1) / (2.0 * n) * 1e9);
  MPI_Finalize();
  return 0;
}
