/* benchgen tracer, Fortran bindings: point-to-point calls (persistent ones included) and probes;
 * the twin of wrap_c_p2p.c, handing the same helpers of rec_p2p.c the arguments in C. */
#include "wrap_f.h"

#define SEND_LIKE(name, NAME)                                                                      \
  void mpi_##name##_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,         \
                     fint *ierr) {                                                                 \
    ENTER;                                                                                         \
    CALL(name, buf, count, type, dest, tag, comm, ierr);                                           \
    if (c_.on) bgt_rec_send(&c_, BGT_##NAME, *count, TYPE(type), *dest, *tag, COMM(comm));         \
    LEAVE;                                                                                         \
  }                                                                                                \
  ALIASES(name, NAME)
SEND_LIKE(send, SEND)
SEND_LIKE(ssend, SSEND)
SEND_LIKE(bsend, BSEND)
SEND_LIKE(rsend, RSEND)

#define ISEND_LIKE(name, NAME)                                                                     \
  void mpi_##name##_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,         \
                     fint *req, fint *ierr) {                                                      \
    ENTER;                                                                                         \
    CALL(name, buf, count, type, dest, tag, comm, req, ierr);                                      \
    if (c_.on)                                                                                     \
      bgt_rec_isend(&c_, BGT_##NAME, *count, TYPE(type), *dest, *tag, COMM(comm), REQ(req));       \
    LEAVE;                                                                                         \
  }                                                                                                \
  ALIASES(name, NAME)
ISEND_LIKE(isend, ISEND)
ISEND_LIKE(issend, ISSEND)
ISEND_LIKE(irsend, IRSEND)
ISEND_LIKE(ibsend, IBSEND)
ISEND_LIKE(send_init, SEND_INIT)
ISEND_LIKE(ssend_init, SSEND_INIT)
ISEND_LIKE(bsend_init, BSEND_INIT)
ISEND_LIKE(rsend_init, RSEND_INIT)

#define IRECV_LIKE(name, NAME)                                                                     \
  void mpi_##name##_(void *buf, fint *count, fint *type, fint *src, fint *tag, fint *comm,          \
                     fint *req, fint *ierr) {                                                      \
    ENTER;                                                                                         \
    CALL(name, buf, count, type, src, tag, comm, req, ierr);                                       \
    if (c_.on)                                                                                     \
      bgt_rec_irecv(&c_, BGT_##NAME, *count, TYPE(type), *src, *tag, COMM(comm), REQ(req));        \
    LEAVE;                                                                                         \
  }                                                                                                \
  ALIASES(name, NAME)
IRECV_LIKE(irecv, IRECV)
IRECV_LIKE(recv_init, RECV_INIT)

void mpi_recv_(void *buf, fint *count, fint *type, fint *src, fint *tag, fint *comm, fint *st,
               fint *ierr) {
  ENTER;
  FSTATUS(st);
  CALL(recv, buf, count, type, src, tag, comm, fsp_, ierr);
  if (c_.on) bgt_rec_recv(&c_, *count, TYPE(type), *src, *tag, COMM(comm), CSTATUS);
  LEAVE;
}
ALIASES(recv, RECV)

void mpi_sendrecv_(void *sbuf, fint *count, fint *type, fint *dest, fint *tag, void *rbuf,
                   fint *rcount, fint *rtype, fint *src, fint *rtag, fint *comm, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  CALL(sendrecv, sbuf, count, type, dest, tag, rbuf, rcount, rtype, src, rtag, comm, fsp_, ierr);
  if (c_.on)
    bgt_rec_sendrecv(&c_, *count, TYPE(type), *dest, *tag, *rcount, TYPE(rtype), *src, *rtag,
                     COMM(comm), CSTATUS);
  LEAVE;
}
ALIASES(sendrecv, SENDRECV)

void mpi_sendrecv_replace_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *src,
                           fint *rtag, fint *comm, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  CALL(sendrecv_replace, buf, count, type, dest, tag, src, rtag, comm, fsp_, ierr);
  if (c_.on)
    bgt_rec_sendrecv_replace(&c_, *count, TYPE(type), *dest, *tag, *src, *rtag, COMM(comm), CSTATUS);
  LEAVE;
}
ALIASES(sendrecv_replace, SENDRECV_REPLACE)

void mpi_probe_(fint *src, fint *tag, fint *comm, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  CALL(probe, src, tag, comm, fsp_, ierr);
  if (c_.on) bgt_rec_probe(&c_, BGT_PROBE, *src, *tag, COMM(comm), 1, CSTATUS);
  LEAVE;
}
ALIASES(probe, PROBE)

void mpi_iprobe_(fint *src, fint *tag, fint *comm, fint *flag, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  CALL(iprobe, src, tag, comm, flag, fsp_, ierr);
  if (c_.on) bgt_rec_probe(&c_, BGT_IPROBE, *src, *tag, COMM(comm), *flag != 0, CSTATUS);
  LEAVE;
}
ALIASES(iprobe, IPROBE)

/* Matched probes (wrap_c_p2p.c): the message's handle is taken before a receive resets it. */
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

#if MPI_VERSION >= 4
/* MPI-4's nonblocking send-receives (wrap_c_p2p.c). */
void mpi_isendrecv_(void *sbuf, fint *count, fint *type, fint *dest, fint *tag, void *rbuf,
                    fint *rcount, fint *rtype, fint *src, fint *rtag, fint *comm, fint *req,
                    fint *ierr) {
  ENTER;
  CALL(isendrecv, sbuf, count, type, dest, tag, rbuf, rcount, rtype, src, rtag, comm, req, ierr);
  if (c_.on)
    bgt_rec_isendrecv(&c_, BGT_ISENDRECV, *count, TYPE(type), *dest, *tag, *rcount, TYPE(rtype),
                      *src, *rtag, COMM(comm), REQ(req));
  LEAVE;
}
ALIASES(isendrecv, ISENDRECV)

void mpi_isendrecv_replace_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *src,
                            fint *rtag, fint *comm, fint *req, fint *ierr) {
  ENTER;
  CALL(isendrecv_replace, buf, count, type, dest, tag, src, rtag, comm, req, ierr);
  if (c_.on)
    bgt_rec_isendrecv(&c_, BGT_ISENDRECV_REPLACE, *count, TYPE(type), *dest, *tag, 0,
                      MPI_DATATYPE_NULL, *src, *rtag, COMM(comm), REQ(req));
  LEAVE;
}
ALIASES(isendrecv_replace, ISENDRECV_REPLACE)
#endif
