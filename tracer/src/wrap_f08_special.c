/* benchgen tracer, mpi_f08 bindings: the wrappers written by hand, MPI_Init, MPI_Init_thread,
 * MPI_Finalize and MPI_Abort; the twin of wrap_f_special.c, which says why the first three call
 * the C PMPI_ functions themselves (both libraries' f08 layers do the same, plus nothing). */
#include "wrap_f08.h"

void mpi_init_f08_(fint *ierror) {
  ENTER;
  F08_IERR;
  fortran_layer_init();
  *ierr = PMPI_Init(NULL, NULL);
  bgt_after_init(&c_, -1, -1);
  LEAVE;
}

void mpi_init_thread_f08_(fint *required, fint *provided, fint *ierror) {
  ENTER;
  F08_IERR;
  fortran_layer_init();
  int prov = MPI_THREAD_SINGLE;
  *ierr = PMPI_Init_thread(NULL, NULL, *required, &prov);
  *provided = prov;
  bgt_after_init(&c_, *required, prov);
  LEAVE;
}

void mpi_finalize_f08_(fint *ierror) {
  ENTER;
  F08_IERR;
  bgt_before_finalize(&c_);
  *ierr = PMPI_Finalize();
  bgt_after_finalize(&c_);
  LEAVE;
}

void mpi_abort_f08_(fint *comm, fint *code, fint *ierror) {
  bgt_abort();
  CALL08(mpi_abort_f08_, comm, code, ierror);
}
