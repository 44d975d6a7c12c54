/* benchgen tracer, C bindings: the wrappers written by hand, as the signature table cannot say
 * them (every other one is generated from it: mpi-signatures.def). MPI_Init, MPI_Init_thread,
 * MPI_Finalize and MPI_Abort open, close and cut short the rank's stream (lifecycle.c), so their
 * core functions run whether the call is recorded or not (a nested or untraced call still sets up
 * or ends the stream), and MPI_Abort records nothing; wrap_f_special.c is the Fortran twin. */
#include "bgt.h"

int MPI_Init(int *argc, char ***argv) {
  ENTER;
  int rc = PMPI_Init(argc, argv);
  bgt_after_init(&c_, -1, -1);
  LEAVE;
  return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
  ENTER;
  int rc = PMPI_Init_thread(argc, argv, required, provided);
  bgt_after_init(&c_, required, *provided);
  LEAVE;
  return rc;
}

int MPI_Finalize(void) {
  ENTER;
  bgt_before_finalize(&c_);
  int rc = PMPI_Finalize();
  bgt_after_finalize(&c_);
  LEAVE;
  return rc;
}

int MPI_Abort(MPI_Comm comm, int code) {
  bgt_abort();
  return PMPI_Abort(comm, code);
}
