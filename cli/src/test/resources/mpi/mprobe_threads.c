/* Two threads of rank 1 each match a message with MPI_Mprobe and receive it with MPI_Mrecv; the
 * second probes and receives while the first's MPI_Mrecv is still returning (mrecv_delay.c makes
 * it return 400 ms late), so MPI gives the second probe the first message's freed handle and the
 * second receive is recorded first. Exits 3 if MPI did not reuse the handle (the case under test
 * did not happen). */
#include <mpi.h>
#include <pthread.h>
#include <time.h>

static MPI_Message first_msg, first_saved;
static int reused;

static void *second(void *arg) {
  (void) arg;
  struct timespec t = {0, 150 * 1000 * 1000};
  nanosleep(&t, NULL); /* the first thread is in its MPI_Mrecv by now */
  MPI_Message m;
  MPI_Status st;
  int v;
  MPI_Mprobe(0, 2, MPI_COMM_WORLD, &m, &st);
  reused = m == first_saved;
  MPI_Mrecv(&v, 1, MPI_INT, &m, &st);
  return NULL;
}

int main(int argc, char **argv) {
  int provided, rank, v[2] = {1, 2};
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Send(&v[0], 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    MPI_Send(&v[1], 1, MPI_INT, 1, 2, MPI_COMM_WORLD);
    reused = 1;
  } else {
    MPI_Status st;
    MPI_Mprobe(0, 1, MPI_COMM_WORLD, &first_msg, &st);
    MPI_Probe(0, 2, MPI_COMM_WORLD, &st); /* both messages are here before either is received */
    first_saved = first_msg;
    pthread_t t;
    pthread_create(&t, NULL, second, NULL);
    MPI_Mrecv(&v[0], 1, MPI_INT, &first_msg, &st);
    pthread_join(t, NULL);
  }
  MPI_Finalize();
  return reused ? 0 : 3;
}
