/* Datatype names that are not valid UTF-8 (a Latin-1 source, say), for InJobCompressionTest: the
 * tracer records them as valid UTF-8, each ill-formed sequence as U+FFFD, so that its own
 * compression and benchgen compress of its streams name them alike, and two such names stay two.
 * Run at 2 ranks: rank 0 sends 10 messages to rank 1, in the type named "t\xE9" 6 times and
 * "t\xE8\xED\xA0\x80-%=" 4 times. */
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int r, n; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &n);
  MPI_Datatype a, b; MPI_Type_contiguous(2, MPI_INT, &a); MPI_Type_contiguous(2, MPI_INT, &b);
  MPI_Type_commit(&a); MPI_Type_commit(&b);
  MPI_Type_set_name(a, "t\xE9"); MPI_Type_set_name(b, "t\xE8\xED\xA0\x80-%=");
  int buf[8] = {0};
  for (int i = 0; i < 10; i++) {
    MPI_Datatype t = i % 3 ? a : b;
    if (r == 0) MPI_Send(buf, 1, t, 1, 0, MPI_COMM_WORLD);
    if (r == 1) MPI_Recv(buf, 1, t, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
}
