/* benchgen tracer, C bindings: point-to-point calls (persistent ones included) and probes. Each
 * wrapper hands its arguments to one helper of rec_p2p.c, which decides what the trace records, so
 * that wrap_f_p2p.c, the Fortran twin, cannot record them differently. */
#include "wrap_c.h"

#define SEND_LIKE(NAME, OP)                                                                        \
  int MPI_##NAME(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {  \
    ENTER;                                                                                         \
    int rc = PMPI_##NAME(buf, count, type, dest, tag, comm);                                       \
    bgt_rec_send(&c_, OP, count, type, dest, tag, comm);                                           \
    LEAVE;                                                                                         \
    return rc;                                                                                     \
  }
SEND_LIKE(Send, BGT_SEND)
SEND_LIKE(Ssend, BGT_SSEND)
SEND_LIKE(Bsend, BGT_BSEND)
SEND_LIKE(Rsend, BGT_RSEND)

#define ISEND_LIKE(NAME, OP)                                                                       \
  int MPI_##NAME(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,   \
                 MPI_Request *req) {                                                               \
    ENTER;                                                                                         \
    int rc = PMPI_##NAME(buf, count, type, dest, tag, comm, req);                                  \
    bgt_rec_isend(&c_, OP, count, type, dest, tag, comm, *req);                                    \
    LEAVE;                                                                                         \
    return rc;                                                                                     \
  }
ISEND_LIKE(Isend, BGT_ISEND)
ISEND_LIKE(Issend, BGT_ISSEND)
ISEND_LIKE(Irsend, BGT_IRSEND)
ISEND_LIKE(Ibsend, BGT_IBSEND)
ISEND_LIKE(Send_init, BGT_SEND_INIT)
ISEND_LIKE(Ssend_init, BGT_SSEND_INIT)
ISEND_LIKE(Bsend_init, BGT_BSEND_INIT)
ISEND_LIKE(Rsend_init, BGT_RSEND_INIT)

int MPI_Recv(void *buf, int count, MPI_Datatype type, int src, int tag, MPI_Comm comm, MPI_Status *st) {
  ENTER;
  STATUS(st);
  int rc = PMPI_Recv(buf, count, type, src, tag, comm, sp_);
  bgt_rec_recv(&c_, count, type, src, tag, comm, sp_);
  LEAVE;
  return rc;
}

int MPI_Irecv(void *buf, int count, MPI_Datatype type, int src, int tag, MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Irecv(buf, count, type, src, tag, comm, req);
  bgt_rec_irecv(&c_, BGT_IRECV, count, type, src, tag, comm, *req);
  LEAVE;
  return rc;
}

int MPI_Recv_init(void *buf, int count, MPI_Datatype type, int src, int tag, MPI_Comm comm,
                  MPI_Request *req) {
  ENTER;
  int rc = PMPI_Recv_init(buf, count, type, src, tag, comm, req);
  bgt_rec_irecv(&c_, BGT_RECV_INIT, count, type, src, tag, comm, *req);
  LEAVE;
  return rc;
}

int MPI_Sendrecv(const void *sbuf, int count, MPI_Datatype type, int dest, int tag, void *rbuf, int rcount,
                 MPI_Datatype rtype, int src, int rtag, MPI_Comm comm, MPI_Status *st) {
  ENTER;
  STATUS(st);
  int rc = PMPI_Sendrecv(sbuf, count, type, dest, tag, rbuf, rcount, rtype, src, rtag, comm, sp_);
  bgt_rec_sendrecv(&c_, count, type, dest, tag, rcount, rtype, src, rtag, comm, sp_);
  LEAVE;
  return rc;
}

int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype type, int dest, int tag, int src, int rtag,
                         MPI_Comm comm, MPI_Status *st) {
  ENTER;
  STATUS(st);
  int rc = PMPI_Sendrecv_replace(buf, count, type, dest, tag, src, rtag, comm, sp_);
  bgt_rec_sendrecv_replace(&c_, count, type, dest, tag, src, rtag, comm, sp_);
  LEAVE;
  return rc;
}

int MPI_Probe(int src, int tag, MPI_Comm comm, MPI_Status *st) {
  ENTER;
  STATUS(st);
  int rc = PMPI_Probe(src, tag, comm, sp_);
  bgt_rec_probe(&c_, BGT_PROBE, src, tag, comm, 1, sp_);
  LEAVE;
  return rc;
}

int MPI_Iprobe(int src, int tag, MPI_Comm comm, int *flag, MPI_Status *st) {
  ENTER;
  STATUS(st);
  int rc = PMPI_Iprobe(src, tag, comm, flag, sp_);
  bgt_rec_probe(&c_, BGT_IPROBE, src, tag, comm, *flag, sp_);
  LEAVE;
  return rc;
}

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

#if MPI_VERSION >= 4
/* MPI-4's nonblocking send-receives (MPICH 4; Open MPI 4.1 has none). */
int MPI_Isendrecv(const void *sbuf, int count, MPI_Datatype type, int dest, int tag, void *rbuf,
                  int rcount, MPI_Datatype rtype, int src, int rtag, MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Isendrecv(sbuf, count, type, dest, tag, rbuf, rcount, rtype, src, rtag, comm, req);
  bgt_rec_isendrecv(&c_, BGT_ISENDRECV, count, type, dest, tag, rcount, rtype, src, rtag, comm, *req);
  LEAVE;
  return rc;
}

int MPI_Isendrecv_replace(void *buf, int count, MPI_Datatype type, int dest, int tag, int src,
                          int rtag, MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Isendrecv_replace(buf, count, type, dest, tag, src, rtag, comm, req);
  bgt_rec_isendrecv(&c_, BGT_ISENDRECV_REPLACE, count, type, dest, tag, 0, MPI_DATATYPE_NULL, src,
                    rtag, comm, *req);
  LEAVE;
  return rc;
}
#endif
