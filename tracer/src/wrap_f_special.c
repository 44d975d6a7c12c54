/* benchgen tracer, Fortran bindings: the wrappers written by hand, MPI_INIT, MPI_INIT_THREAD,
 * MPI_FINALIZE and MPI_ABORT; the twin of wrap_c_special.c.
 *
 * MPI_INIT, MPI_INIT_THREAD and MPI_FINALIZE are the exception to calling the library's Fortran
 * layer: they call the C PMPI_Init, PMPI_Init_thread and PMPI_Finalize themselves, so the stream is
 * set up and closed by exactly one wrapper. Both libraries' Fortran INIT/FINALIZE do nothing else
 * than the C call (with argc = 0, argv = NULL) plus, in MPICH, the lazy set-up of the Fortran
 * constants, which fortran_layer_init() triggers through the library's own MPI_INITIALIZED. */
#include "wrap_f.h"

void mpi_init_(fint *ierr) {
  ENTER;
  fortran_layer_init();
  *ierr = PMPI_Init(NULL, NULL);
  bgt_after_init(&c_, -1, -1);
  LEAVE;
}
ALIASES(init, INIT)

void mpi_init_thread_(fint *required, fint *provided, fint *ierr) {
  ENTER;
  fortran_layer_init();
  int prov = MPI_THREAD_SINGLE;
  *ierr = PMPI_Init_thread(NULL, NULL, *required, &prov);
  *provided = prov;
  bgt_after_init(&c_, *required, prov);
  LEAVE;
}
ALIASES(init_thread, INIT_THREAD)

void mpi_finalize_(fint *ierr) {
  ENTER;
  bgt_before_finalize(&c_);
  *ierr = PMPI_Finalize();
  bgt_after_finalize(&c_);
  LEAVE;
}
ALIASES(finalize, FINALIZE)

void mpi_abort_(fint *comm, fint *code, fint *ierr) {
  bgt_abort();
  CALL(abort, comm, code, ierr);
}
ALIASES(abort, ABORT)
