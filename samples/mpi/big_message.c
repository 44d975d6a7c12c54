/*
 * big_message.c - one message larger than 2 GB.
 *
 * Usage: big_message [count]      default: count=270000000 (MPI_DOUBLEs: 2.16 GB)
 * Needs n >= 2. Rank 0 sends count MPI_DOUBLEs to rank 1 (MPI_Send, tag 7), which receives them
 * (MPI_Recv) and checks the first and last; then MPI_Barrier on MPI_COMM_WORLD. The byte count is
 * above 2^31: MPI_Get_count's int overflows, and a tracer that used it recorded the receive as
 * 0 bytes (issue 17). Ranks 0 and 1 each hold count * 8 bytes.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, size, errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int count = argc > 1 ? atoi(argv[1]) : 270000000;
    if (size < 2) {
        fprintf(stderr, "big_message: needs at least 2 ranks\n");
        MPI_Finalize();
        return 1;
    }
    if (rank < 2) {
        double *buf = calloc((size_t) count, sizeof(double));
        if (!buf) {
            fprintf(stderr, "big_message: rank %d: no memory for %d doubles\n", rank, count);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        if (rank == 0) {
            buf[0] = 1.5;
            buf[count - 1] = 2.5;
            MPI_Send(buf, count, MPI_DOUBLE, 1, 7, MPI_COMM_WORLD);
        } else {
            MPI_Recv(buf, count, MPI_DOUBLE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            errors += buf[0] != 1.5 || buf[count - 1] != 2.5;
        }
        free(buf);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (errors)
        fprintf(stderr, "big_message: rank %d: wrong data\n", rank);
    else if (rank == 0)
        printf("big_message: %d doubles (%lld bytes): done\n", count, (long long) count * 8);
    MPI_Finalize();
    return errors ? 1 : 0;
}
