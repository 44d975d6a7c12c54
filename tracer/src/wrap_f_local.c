/* benchgen tracer, Fortran bindings: calls that involve no other rank; the twin of
 * wrap_c_local.c. */
#include "wrap_f.h"

void mpi_reduce_local_(void *inbuf, void *inoutbuf, fint *count, fint *type, fint *op, fint *ierr) {
  ENTER;
  CALL(reduce_local, inbuf, inoutbuf, count, type, op, ierr);
  if (c_.on) bgt_rec_reduce_local(&c_, *count, TYPE(type), OPH(op));
  LEAVE;
}
ALIASES(reduce_local, REDUCE_LOCAL)

void mpi_buffer_attach_(void *buffer, fint *size, fint *ierr) {
  ENTER;
  CALL(buffer_attach, buffer, size, ierr);
  if (c_.on && *ierr == MPI_SUCCESS) bgt_rec_buffer(&c_, BGT_BUFFER_ATTACH, *size);
  LEAVE;
}
ALIASES(buffer_attach, BUFFER_ATTACH)

/* The buffer's address comes back as an address-sized integer, never read here. */
void mpi_buffer_detach_(void *buffer_addr, fint *size, fint *ierr) {
  ENTER;
  CALL(buffer_detach, buffer_addr, size, ierr);
  if (c_.on && *ierr == MPI_SUCCESS) bgt_rec_buffer(&c_, BGT_BUFFER_DETACH, *size);
  LEAVE;
}
ALIASES(buffer_detach, BUFFER_DETACH)
