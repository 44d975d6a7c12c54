/* benchgen tracer, C bindings: calls that involve no other rank (rec_local.c records them);
 * wrap_f_local.c is the Fortran twin. */
#include "wrap_c.h"

int MPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype type, MPI_Op op) {
  ENTER;
  int rc = PMPI_Reduce_local(inbuf, inoutbuf, count, type, op);
  if (c_.on) bgt_rec_reduce_local(&c_, count, type, op);
  LEAVE;
  return rc;
}

int MPI_Buffer_attach(void *buffer, int size) {
  ENTER;
  int rc = PMPI_Buffer_attach(buffer, size);
  if (c_.on && rc == MPI_SUCCESS) bgt_rec_buffer(&c_, BGT_BUFFER_ATTACH, size);
  LEAVE;
  return rc;
}

int MPI_Buffer_detach(void *buffer_addr, int *size) {
  ENTER;
  int rc = PMPI_Buffer_detach(buffer_addr, size);
  if (c_.on && rc == MPI_SUCCESS) bgt_rec_buffer(&c_, BGT_BUFFER_DETACH, *size);
  LEAVE;
  return rc;
}
