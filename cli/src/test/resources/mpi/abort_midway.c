/* Test program: a ring that calls MPI_Abort on rank 1 after `iterations / 2` iterations, so that
 * every stream ends early and must say so (`# truncated`). Usage: abort_midway [iterations] */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size, iterations = argc > 1 ? atoi(argv[1]) : 10;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double out = rank, in = -1;
  for (int i = 0; i < iterations; i++) {
    if (rank == 1 && i == iterations / 2) MPI_Abort(MPI_COMM_WORLD, 3);
    MPI_Sendrecv(&out, 1, MPI_DOUBLE, (rank + 1) % size, 0, &in, 1, MPI_DOUBLE,
                 (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
