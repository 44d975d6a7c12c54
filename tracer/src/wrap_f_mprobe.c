/* benchgen tracer, Fortran bindings: matched probes and receives; the twin of wrap_c_mprobe.c
 * (the generated gen_f_calls.c has the other point-to-point calls). */
#include "wrap_f.h"

/* Matched probes (wrap_c_mprobe.c): the message's handle is taken before a receive resets it. */
void mpi_mprobe_(fint *src, fint *tag, fint *comm, fint *msg, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  CALL(mprobe, src, tag, comm, msg, fsp_, ierr);
  if (c_.on)
    bgt_rec_mprobe(&c_, BGT_MPROBE, *src, *tag, COMM(comm), 1, PMPI_Message_f2c(*msg), CSTATUS);
  LEAVE;
}
ALIASES(mprobe, MPROBE)

void mpi_improbe_(fint *src, fint *tag, fint *comm, fint *flag, fint *msg, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  CALL(improbe, src, tag, comm, flag, msg, fsp_, ierr);
  if (c_.on)
    bgt_rec_mprobe(&c_, BGT_IMPROBE, *src, *tag, COMM(comm), *flag != 0, PMPI_Message_f2c(*msg),
                   CSTATUS);
  LEAVE;
}
ALIASES(improbe, IMPROBE)

void mpi_mrecv_(void *buf, fint *count, fint *type, fint *msg, fint *st, fint *ierr) {
  ENTER;
  MPI_Message m = PMPI_Message_f2c(*msg);
  CALL(mrecv, buf, count, type, msg, st, ierr);
  if (c_.on) bgt_rec_mrecv(&c_, BGT_MRECV, *count, TYPE(type), m, MPI_REQUEST_NULL);
  LEAVE;
}
ALIASES(mrecv, MRECV)

void mpi_imrecv_(void *buf, fint *count, fint *type, fint *msg, fint *req, fint *ierr) {
  ENTER;
  MPI_Message m = PMPI_Message_f2c(*msg);
  CALL(imrecv, buf, count, type, msg, req, ierr);
  if (c_.on) bgt_rec_mrecv(&c_, BGT_IMRECV, *count, TYPE(type), m, REQ(req));
  LEAVE;
}
ALIASES(imrecv, IMRECV)
