/* Test library, preloaded beside the tracer, that makes the tracer itself fault, to check that it
 * fails safe (issue 16: a fault inside the tracer once wrote its half-built record forever).
 *   BG_FAULT_IN_RECORD=1  PMPI_Type_size_x faults when asked about MPI_SHORT, which only the
 *                         tracer asks, while it builds the record of a call on MPI_SHORT data.
 *   BG_FAULT_IN_FINISH=1  the first rename() of a `.part` file faults: the tracer renames its
 *                         stream last when it finishes it, here in its handler of the first fault.
 * Build: mpicc -shared -fPIC -o libfault_inject.so fault_inject.c -ldl */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

static void fault(void) { *(volatile int *) 0 = 1; }

int PMPI_Type_size_x(MPI_Datatype type, MPI_Count *size) {
  static int (*real)(MPI_Datatype, MPI_Count *);
  if (!real) real = (int (*)(MPI_Datatype, MPI_Count *)) dlsym(RTLD_NEXT, "PMPI_Type_size_x");
  if (type == MPI_SHORT && getenv("BG_FAULT_IN_RECORD")) fault();
  return real(type, size);
}

int rename(const char *from, const char *to) {
  static int (*real)(const char *, const char *);
  static int faulted;
  if (!real) real = (int (*)(const char *, const char *)) dlsym(RTLD_NEXT, "rename");
  size_t n = strlen(from);
  if (!faulted && n > 5 && strcmp(from + n - 5, ".part") == 0 && getenv("BG_FAULT_IN_FINISH")) {
    faulted = 1;
    fault();
  }
  return real(from, to);
}
