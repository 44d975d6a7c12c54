/* benchgen tracer, C bindings: MPI-4's large-count forms (counts of MPI_Count) of the
 * point-to-point and local calls (MPI_Send_c, MPI_Recv_c, MPI_Buffer_attach_c, ...), where the
 * library has them (MPICH 4; Open MPI 4.1 has none). Each records what its int form records
 * (rec_p2p.c, ...), and `large=1`; wrap_c_large_coll.c has the collectives. The prototypes are
 * MPICH 4.0's (mpi_proto.h), which the compiler checks against the library's. */
#include "wrap_c.h"

#if MPI_VERSION >= 4

#define SEND_C(NAME, OP)                                                                           \
  LARGE(NAME##_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,     \
                   MPI_Comm comm),                                                                 \
        (buf, count, datatype, dest, tag, comm),                                                   \
        bgt_rec_send(&c_, OP, count, datatype, dest, tag, comm))
SEND_C(Send, BGT_SEND)
SEND_C(Ssend, BGT_SSEND)
SEND_C(Bsend, BGT_BSEND)
SEND_C(Rsend, BGT_RSEND)

/* The nonblocking and persistent sends. */
#define ISEND_C(NAME, OP)                                                                          \
  LARGE(NAME##_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,     \
                   MPI_Comm comm, MPI_Request *request),                                           \
        (buf, count, datatype, dest, tag, comm, request),                                          \
        bgt_rec_isend(&c_, OP, count, datatype, dest, tag, comm, *request))
ISEND_C(Isend, BGT_ISEND)
ISEND_C(Issend, BGT_ISSEND)
ISEND_C(Irsend, BGT_IRSEND)
ISEND_C(Ibsend, BGT_IBSEND)
ISEND_C(Send_init, BGT_SEND_INIT)
ISEND_C(Ssend_init, BGT_SSEND_INIT)
ISEND_C(Bsend_init, BGT_BSEND_INIT)
ISEND_C(Rsend_init, BGT_RSEND_INIT)

#define IRECV_C(NAME, OP)                                                                          \
  LARGE(NAME##_c, (void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag,         \
                   MPI_Comm comm, MPI_Request *request),                                           \
        (buf, count, datatype, source, tag, comm, request),                                        \
        bgt_rec_irecv(&c_, OP, count, datatype, source, tag, comm, *request))
IRECV_C(Irecv, BGT_IRECV)
IRECV_C(Recv_init, BGT_RECV_INIT)

/* The calls that fill a status: the core reads it, so it is never MPI_STATUS_IGNORE below. */
int MPI_Recv_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag,
               MPI_Comm comm, MPI_Status *status) {
  ENTER;
  c_.large = 1;
  STATUS(status);
  int rc = PMPI_Recv_c(buf, count, datatype, source, tag, comm, sp_);
  bgt_rec_recv(&c_, count, datatype, source, tag, comm, sp_);
  LEAVE;
  return rc;
}

int MPI_Sendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest,
                   int sendtag, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                   int source, int recvtag, MPI_Comm comm, MPI_Status *status) {
  ENTER;
  c_.large = 1;
  STATUS(status);
  int rc = PMPI_Sendrecv_c(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
                           recvtype, source, recvtag, comm, sp_);
  bgt_rec_sendrecv(&c_, sendcount, sendtype, dest, sendtag, recvcount, recvtype, source, recvtag,
                   comm, sp_);
  LEAVE;
  return rc;
}

int MPI_Sendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest,
                           int sendtag, int source, int recvtag, MPI_Comm comm,
                           MPI_Status *status) {
  ENTER;
  c_.large = 1;
  STATUS(status);
  int rc = PMPI_Sendrecv_replace_c(buf, count, datatype, dest, sendtag, source, recvtag, comm, sp_);
  bgt_rec_sendrecv_replace(&c_, count, datatype, dest, sendtag, source, recvtag, comm, sp_);
  LEAVE;
  return rc;
}

LARGE(Isendrecv_c,
      (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag,
       void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag,
       MPI_Comm comm, MPI_Request *request),
      (sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag,
       comm, request),
      bgt_rec_isendrecv(&c_, BGT_ISENDRECV, sendcount, sendtype, dest, sendtag, recvcount,
                        recvtype, source, recvtag, comm, *request))

LARGE(Isendrecv_replace_c,
      (void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag, int source,
       int recvtag, MPI_Comm comm, MPI_Request *request),
      (buf, count, datatype, dest, sendtag, source, recvtag, comm, request),
      bgt_rec_isendrecv(&c_, BGT_ISENDRECV_REPLACE, count, datatype, dest, sendtag, 0,
                        MPI_DATATYPE_NULL, source, recvtag, comm, *request))

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
