/* A shim for TracerFailSafeTest, preloaded with the tracer: the first PMPI_Mrecv of the process
 * returns 400 ms late, after MPI has freed its message handle, so that another thread probes and
 * receives meanwhile (mprobe_threads.c). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <time.h>

static int calls;

int PMPI_Mrecv(void *buf, int count, MPI_Datatype type, MPI_Message *msg, MPI_Status *st) {
  static int (*real)(void *, int, MPI_Datatype, MPI_Message *, MPI_Status *);
  if (!real) {
    real = (int (*)(void *, int, MPI_Datatype, MPI_Message *, MPI_Status *)) dlsym(RTLD_NEXT,
        "PMPI_Mrecv");
  }
  int rc = real(buf, count, type, msg, st);
  if (__atomic_fetch_add(&calls, 1, __ATOMIC_SEQ_CST) == 0) {
    struct timespec t = {0, 400 * 1000 * 1000};
    nanosleep(&t, NULL);
  }
  return rc;
}
