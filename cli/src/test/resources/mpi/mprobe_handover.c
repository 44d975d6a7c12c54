/* Rank 1's main thread matches a message with MPI_Mprobe and hands it to a second thread, which
 * receives it (mrecv_delay.c makes that first MPI_Mrecv return 400 ms late, after MPI has freed
 * the handle); meanwhile the main thread matches a second message, gets the freed handle again,
 * and receives it, its receive recorded first. Two probed messages of the main thread then share
 * one handle value: only the receive's claim before the call tells which is whose. Exits 3 if
 * MPI did not reuse the handle (the case under test did not happen). */
#include <mpi.h>
#include <pthread.h>
#include <time.h>

static MPI_Message handed;
static int reused;

static void *receive(void *arg) {
  (void) arg;
  int v;
  MPI_Mrecv(&v, 1, MPI_INT, &handed, MPI_STATUS_IGNORE);
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
    MPI_Mprobe(0, 1, MPI_COMM_WORLD, &handed, &st);
    MPI_Message first = handed, second;
    pthread_t t;
    pthread_create(&t, NULL, receive, NULL);
    struct timespec d = {0, 150 * 1000 * 1000};
    nanosleep(&d, NULL); /* the other thread is in its MPI_Mrecv by now */
    MPI_Mprobe(0, 2, MPI_COMM_WORLD, &second, &st);
    reused = second == first;
    MPI_Mrecv(&v[1], 1, MPI_INT, &second, &st);
    pthread_join(t, NULL);
  }
  MPI_Finalize();
  return reused ? 0 : 3;
}
