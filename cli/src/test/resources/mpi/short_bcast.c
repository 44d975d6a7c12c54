/* Test program for fault_inject.c: `iterations` Sendrecv of one double on a ring, then one
 * MPI_Bcast of MPI_SHORT data from rank 0, the call during whose recording the tracer is made to
 * fault.
 * Usage: short_bcast [iterations] */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size, iterations = argc > 1 ? atoi(argv[1]) : 10;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double out = rank, in = -1;
  for (int i = 0; i < iterations; i++)
    MPI_Sendrecv(&out, 1, MPI_DOUBLE, (rank + 1) % size, 0, &in, 1, MPI_DOUBLE,
                 (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  short s[4] = {1, 2, 3, 4};
  MPI_Bcast(s, 4, MPI_SHORT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
