/* benchgen tracer: what the format records for point-to-point calls and probes. A receive's size
 * and, for a wildcard, its matched source and tag are taken from its status, since the posted count
 * and arguments may not be what arrived; a nonblocking receive leaves room for them, filled in at
 * its completion (requests.c). */
#include "core.h"

static int64_t send_bytes(MPI_Count count, MPI_Datatype type, int dest) {
  if (dest == MPI_PROC_NULL || type == MPI_DATATYPE_NULL) return 0;
  MPI_Count sz = 0;
  PMPI_Type_size_x(type, &sz);
  return (int64_t) count * (int64_t) sz;
}

static void put_status(const MPI_Status *st, int src, int tag) {
  put(F_BYTES, st ? status_bytes(st) : V_UNSET);
  if (st && (src == MPI_ANY_SOURCE || tag == MPI_ANY_TAG)) {
    put(F_ASRC, peer_value(st->MPI_SOURCE));
    put(F_ATAG, tag_value(st->MPI_TAG));
  }
}

/* A nonblocking receive's bytes (and the matched source and tag of a wildcard) are known at its
 * completion (requests.c): room for them, and for `cancel`, written only if MPI_Cancel cancels it. */
static void put_completion(req_entry *x, int src, int tag) {
  x->rec = record_start();
  x->patch = put_patchable(F_BYTES);
  x->wildcard = src == MPI_ANY_SOURCE || tag == MPI_ANY_TAG;
  if (x->wildcard) {
    put_patchable(F_ASRC);
    put_patchable(F_ATAG);
  }
  put_patchable(F_CANCEL);
}

/* The fields every point-to-point record starts with: comm, the peer (dest or src), tag, buffer. */
static void put_p2p(int64_t cid, int fpeer, int peer, int tag, MPI_Count count, MPI_Datatype type) {
  put(F_COMM, cid);
  put(fpeer, peer_value(peer));
  put(F_TAG, tag_value(tag));
  put_type(F_COUNT, F_TYPE, F_TSIZE, count, type);
}

void bgt_rec_send(bgt_call *c, int op, MPI_Count count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  RECORDING(c);
  int64_t cid = comm_id(comm);
  begin_event(c, op);
  put_p2p(cid, F_DEST, dest, tag, count, type);
  end_record();
}

void bgt_rec_isend(bgt_call *c, int op, MPI_Count count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request req) {
  RECORDING(c);
  int persistent = op == BGT_SEND_INIT || op == BGT_SSEND_INIT || op == BGT_BSEND_INIT
                   || op == BGT_RSEND_INIT;
  int64_t cid = comm_id(comm);
  req_entry *x = req_add(req, R_SEND, persistent, send_bytes(count, type, dest));
  begin_event(c, op);
  put_p2p(cid, F_DEST, dest, tag, count, type);
  put(F_REQ, x->id);
  end_record();
}

void bgt_rec_recv(bgt_call *c, MPI_Count count, MPI_Datatype type, int src, int tag, MPI_Comm comm,
                  const MPI_Status *st) {
  RECORDING(c);
  int64_t cid = comm_id(comm);
  begin_event(c, BGT_RECV);
  put_p2p(cid, F_SRC, src, tag, count, type);
  put_status(st, src, tag);
  end_record();
}

void bgt_rec_irecv(bgt_call *c, int op, MPI_Count count, MPI_Datatype type, int src, int tag, MPI_Comm comm,
                   MPI_Request req) {
  RECORDING(c);
  int persistent = op == BGT_RECV_INIT;
  int64_t cid = comm_id(comm);
  req_entry *x = req_add(req, R_RECV, persistent, 0);
  begin_event(c, op);
  put_p2p(cid, F_SRC, src, tag, count, type);
  put(F_REQ, x->id);
  if (!persistent) put_completion(x, src, tag);
  end_record();
}

/* The fields of a send-receive (op): the send's, the receive's source and tag and, but for the
 * _replace forms, which receive into the send's buffer, the receive's count and type. */
static void put_sendrecv(int op, int64_t cid, MPI_Count count, MPI_Datatype type, int dest, int tag,
                         MPI_Count rcount, MPI_Datatype rtype, int src, int rtag) {
  put_p2p(cid, F_DEST, dest, tag, count, type);
  put(F_SRC, peer_value(src));
  put(F_RTAG, tag_value(rtag));
  if (op == BGT_SENDRECV || op == BGT_ISENDRECV) put_type(F_RCOUNT, F_RTYPE, F_RTSIZE, rcount, rtype);
}

/* MPI_Sendrecv and MPI_Sendrecv_replace (op): the receive's size (and a wildcard's source and tag)
 * from the status. */
static void rec_sendrecv(bgt_call *c, int op, MPI_Count count, MPI_Datatype type, int dest, int tag,
                         MPI_Count rcount, MPI_Datatype rtype, int src, int rtag, MPI_Comm comm,
                         const MPI_Status *st) {
  RECORDING(c);
  int64_t cid = comm_id(comm);
  begin_event(c, op);
  put_sendrecv(op, cid, count, type, dest, tag, rcount, rtype, src, rtag);
  put_status(st, src, rtag);
  end_record();
}

void bgt_rec_sendrecv(bgt_call *c, MPI_Count count, MPI_Datatype type, int dest, int tag, MPI_Count rcount,
                      MPI_Datatype rtype, int src, int rtag, MPI_Comm comm, const MPI_Status *st) {
  rec_sendrecv(c, BGT_SENDRECV, count, type, dest, tag, rcount, rtype, src, rtag, comm, st);
}

void bgt_rec_sendrecv_replace(bgt_call *c, MPI_Count count, MPI_Datatype type, int dest, int tag, int src,
                              int rtag, MPI_Comm comm, const MPI_Status *st) {
  rec_sendrecv(c, BGT_SENDRECV_REPLACE, count, type, dest, tag, 0, MPI_DATATYPE_NULL, src, rtag, comm,
               st);
}

/* MPI-4's MPI_Isendrecv (op; rtype MPI_DATATYPE_NULL for MPI_Isendrecv_replace): a send and a
 * receive under one request. */
void bgt_rec_isendrecv(bgt_call *c, int op, MPI_Count count, MPI_Datatype type, int dest, int tag, MPI_Count rcount,
                       MPI_Datatype rtype, int src, int rtag, MPI_Comm comm, MPI_Request req) {
  RECORDING(c);
  int64_t cid = comm_id(comm);
  req_entry *x = req_add(req, R_RECV, 0, 0);
  begin_event(c, op);
  put_sendrecv(op, cid, count, type, dest, tag, rcount, rtype, src, rtag);
  put(F_REQ, x->id);
  /* Nothing taken from its status: MPICH 4.0's says a wrong source (0, or the destination) and 0
   * bytes. A wildcard's source is left for benchgen resolve to find, and the benchmark posts the
   * count posted. */
  end_record();
}

void bgt_rec_probe(bgt_call *c, int op, int src, int tag, MPI_Comm comm, int flag, const MPI_Status *st) {
  RECORDING(c);
  int64_t cid = comm_id(comm);
  begin_event(c, op);
  put(F_COMM, cid);
  put(F_SRC, peer_value(src));
  put(F_TAG, tag_value(tag));
  if (op == BGT_IPROBE || op == BGT_IMPROBE) put(F_FLAG, flag ? 1 : 0);
  if (flag && st) {
    put(F_ASRC, peer_value(st->MPI_SOURCE));
    put(F_ATAG, tag_value(st->MPI_TAG));
    put(F_BYTES, status_bytes(st));
  }
  end_record();
}
