/* benchgen tracer, C bindings: MPI-4's large-count forms (counts of MPI_Count) of the matched
 * receives and the local calls (MPI_Mrecv_c, MPI_Buffer_attach_c, ...), where the library has them
 * (MPICH 4; Open MPI 4.1 has none). Each records what its int form records (rec_mprobe.c, ...), and
 * `large=1`; the generated gen_c_calls.c and gen_c_coll.c have the other calls' forms. The
 * prototypes are MPICH 4.0's (mpi_proto.h), which the compiler checks against the library's. */
#include "wrap_c.h"

#if MPI_VERSION >= 4

/* Matched receives: the message's handle is read before MPI nulls it. */
int MPI_Mrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message,
                MPI_Status *status) {
  ENTER;
  c_.large = 1;
  MPI_Message m = *message;
  int rc = PMPI_Mrecv_c(buf, count, datatype, message, status);
  bgt_rec_mrecv(&c_, BGT_MRECV, count, datatype, m, MPI_REQUEST_NULL);
  LEAVE;
  return rc;
}

int MPI_Imrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message,
                 MPI_Request *request) {
  ENTER;
  c_.large = 1;
  MPI_Message m = *message;
  int rc = PMPI_Imrecv_c(buf, count, datatype, message, request);
  bgt_rec_mrecv(&c_, BGT_IMRECV, count, datatype, m, *request);
  LEAVE;
  return rc;
}

LARGE(Reduce_local_c,
      (const void *inbuf, void *inoutbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op),
      (inbuf, inoutbuf, count, datatype, op),
      if (c_.on) bgt_rec_reduce_local(&c_, count, datatype, op))

LARGE(Buffer_attach_c, (void *buffer, MPI_Count size), (buffer, size),
      if (c_.on && rc == MPI_SUCCESS) bgt_rec_buffer(&c_, BGT_BUFFER_ATTACH, size))

LARGE(Buffer_detach_c, (void *buffer_addr, MPI_Count *size), (buffer_addr, size),
      if (c_.on && rc == MPI_SUCCESS) bgt_rec_buffer(&c_, BGT_BUFFER_DETACH, *size))

#endif
