/* benchgen tracer, C bindings: matched probes and receives, the point-to-point calls whose
 * wrappers the signature table cannot say (the message's handle is read before the call that
 * consumes it, or after the one that makes it); the generated gen_c_calls.c has the others. Each
 * hands its arguments to one helper of rec_mprobe.c, as wrap_f_mprobe.c, the Fortran twin, does. */
#include "wrap_c.h"

/* Matched probes: the message's handle is taken before a receive, which resets it. */
int MPI_Mprobe(int src, int tag, MPI_Comm comm, MPI_Message *msg, MPI_Status *st) {
  ENTER;
  STATUS(st);
  int rc = PMPI_Mprobe(src, tag, comm, msg, sp_);
  bgt_rec_mprobe(&c_, BGT_MPROBE, src, tag, comm, 1, *msg, sp_);
  LEAVE;
  return rc;
}

int MPI_Improbe(int src, int tag, MPI_Comm comm, int *flag, MPI_Message *msg, MPI_Status *st) {
  ENTER;
  STATUS(st);
  int rc = PMPI_Improbe(src, tag, comm, flag, msg, sp_);
  bgt_rec_mprobe(&c_, BGT_IMPROBE, src, tag, comm, *flag, *msg, sp_);
  LEAVE;
  return rc;
}

int MPI_Mrecv(void *buf, int count, MPI_Datatype type, MPI_Message *msg, MPI_Status *st) {
  ENTER;
  MPI_Message m = *msg;
  int rc = PMPI_Mrecv(buf, count, type, msg, st);
  bgt_rec_mrecv(&c_, BGT_MRECV, count, type, m, MPI_REQUEST_NULL);
  LEAVE;
  return rc;
}

int MPI_Imrecv(void *buf, int count, MPI_Datatype type, MPI_Message *msg, MPI_Request *req) {
  ENTER;
  MPI_Message m = *msg;
  int rc = PMPI_Imrecv(buf, count, type, msg, req);
  bgt_rec_mrecv(&c_, BGT_IMRECV, count, type, m, *req);
  LEAVE;
  return rc;
}
