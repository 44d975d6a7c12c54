/* benchgen tracer: the recording core shared by the C and the Fortran wrappers.
 *
 * Every wrapper does: bgt_enter (guard, call site, enter time) -> the PMPI call -> one bgt_rec_*
 * helper (which decides what the trace format records for that call) -> bgt_leave. The semantics of
 * each call family live in core.c once, so the C and Fortran bindings cannot disagree. */
#ifndef BGT_H
#define BGT_H

#include <mpi.h>
#include <stdint.h>

/* Calls, in the spelling of docs/trace-format.md. */
#define BGT_OPS(X) \
  X(INIT, "MPI_Init") X(FINALIZE, "MPI_Finalize") \
  X(SEND, "MPI_Send") X(SSEND, "MPI_Ssend") X(BSEND, "MPI_Bsend") X(RSEND, "MPI_Rsend") \
  X(ISEND, "MPI_Isend") X(ISSEND, "MPI_Issend") X(IRSEND, "MPI_Irsend") X(IBSEND, "MPI_Ibsend") \
  X(RECV, "MPI_Recv") X(IRECV, "MPI_Irecv") X(SENDRECV, "MPI_Sendrecv") \
  X(SENDRECV_REPLACE, "MPI_Sendrecv_replace") X(PROBE, "MPI_Probe") X(IPROBE, "MPI_Iprobe") \
  X(WAIT, "MPI_Wait") X(WAITALL, "MPI_Waitall") X(WAITANY, "MPI_Waitany") X(WAITSOME, "MPI_Waitsome") \
  X(TEST, "MPI_Test") X(TESTALL, "MPI_Testall") X(TESTANY, "MPI_Testany") X(TESTSOME, "MPI_Testsome") \
  X(SEND_INIT, "MPI_Send_init") X(SSEND_INIT, "MPI_Ssend_init") X(BSEND_INIT, "MPI_Bsend_init") \
  X(RSEND_INIT, "MPI_Rsend_init") X(RECV_INIT, "MPI_Recv_init") X(START, "MPI_Start") \
  X(STARTALL, "MPI_Startall") X(REQUEST_FREE, "MPI_Request_free") \
  X(BARRIER, "MPI_Barrier") X(BCAST, "MPI_Bcast") X(REDUCE, "MPI_Reduce") X(ALLREDUCE, "MPI_Allreduce") \
  X(SCAN, "MPI_Scan") X(EXSCAN, "MPI_Exscan") X(REDUCE_SCATTER_BLOCK, "MPI_Reduce_scatter_block") \
  X(REDUCE_SCATTER, "MPI_Reduce_scatter") X(GATHER, "MPI_Gather") X(GATHERV, "MPI_Gatherv") \
  X(SCATTER, "MPI_Scatter") X(SCATTERV, "MPI_Scatterv") X(ALLGATHER, "MPI_Allgather") \
  X(ALLGATHERV, "MPI_Allgatherv") X(ALLTOALL, "MPI_Alltoall") X(ALLTOALLV, "MPI_Alltoallv") \
  X(IBARRIER, "MPI_Ibarrier") X(IBCAST, "MPI_Ibcast") X(IREDUCE, "MPI_Ireduce") \
  X(IALLREDUCE, "MPI_Iallreduce") X(ISCAN, "MPI_Iscan") X(IEXSCAN, "MPI_Iexscan") \
  X(IREDUCE_SCATTER_BLOCK, "MPI_Ireduce_scatter_block") X(IREDUCE_SCATTER, "MPI_Ireduce_scatter") \
  X(IGATHER, "MPI_Igather") X(IGATHERV, "MPI_Igatherv") X(ISCATTER, "MPI_Iscatter") \
  X(ISCATTERV, "MPI_Iscatterv") X(IALLGATHER, "MPI_Iallgather") X(IALLGATHERV, "MPI_Iallgatherv") \
  X(IALLTOALL, "MPI_Ialltoall") X(IALLTOALLV, "MPI_Ialltoallv") \
  X(COMM_SPLIT, "MPI_Comm_split") X(COMM_DUP, "MPI_Comm_dup") X(COMM_CREATE, "MPI_Comm_create") \
  X(CART_CREATE, "MPI_Cart_create") X(CART_SUB, "MPI_Cart_sub") X(COMM_FREE, "MPI_Comm_free")

#define BGT_ENUM(id, name) BGT_##id,
enum bgt_op { BGT_OPS(BGT_ENUM) BGT_NOPS };
#undef BGT_ENUM

/* One wrapped call in progress. `on` is 0 when the call is nested inside another wrapped call (an
 * MPI library calling MPI_ from its own Fortran layer) or tracing is off: such calls are not recorded. */
typedef struct {
  int on;
  uint64_t site;
  uint64_t enter;
} bgt_call;

/* Arguments of a collective as the application passed them (C handles; Fortran sentinels already
 * mapped to MPI_IN_PLACE). Unused members stay zero / NULL. */
typedef struct {
  MPI_Comm comm;
  int root;
  const void *sbuf, *rbuf;
  int count;
  MPI_Datatype type;
  int rcount;
  MPI_Datatype rtype;
  const int *counts, *rcounts;
  MPI_Op op;
} bgt_coll;

void bgt_enter(bgt_call *c, void *ret_addr);
void bgt_leave(bgt_call *c);

/* Lifecycle. */
void bgt_after_init(bgt_call *c);
void bgt_before_finalize(void);
void bgt_after_finalize(bgt_call *c);
void bgt_abort(void);

/* Point to point. `req` is the created request (or MPI_REQUEST_NULL); `persistent` for *_init. */
void bgt_rec_send(bgt_call *c, int op, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm);
void bgt_rec_isend(bgt_call *c, int op, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request req);
void bgt_rec_recv(bgt_call *c, int count, MPI_Datatype type, int src, int tag, MPI_Comm comm,
                  const MPI_Status *st);
void bgt_rec_irecv(bgt_call *c, int op, int count, MPI_Datatype type, int src, int tag, MPI_Comm comm,
                   MPI_Request req);
void bgt_rec_sendrecv(bgt_call *c, int count, MPI_Datatype type, int dest, int tag, int rcount,
                      MPI_Datatype rtype, int src, int rtag, MPI_Comm comm, const MPI_Status *st);
void bgt_rec_sendrecv_replace(bgt_call *c, int count, MPI_Datatype type, int dest, int tag, int src,
                              int rtag, MPI_Comm comm, const MPI_Status *st);
void bgt_rec_probe(bgt_call *c, int op, int src, int tag, MPI_Comm comm, int flag, const MPI_Status *st);

/* Completion and start calls: bgt_reqs_before maps the handles (before MPI overwrites them),
 * bgt_reqs_after records the event and retires what completed. `done` are indices into reqs of the
 * requests that completed (ndone < 0: all of them). `st` may be NULL (no statuses available). */
void bgt_reqs_before(int n, const MPI_Request *reqs);
void bgt_reqs_after(bgt_call *c, int op, int ndone, const int *done, const MPI_Status *st);
/* Startall/Start: records bytes of the requests started. */
void bgt_rec_start(bgt_call *c, int op);
/* Request_free: records and forgets the request. */
void bgt_rec_request_free(bgt_call *c);

/* Scratch statuses for callers that passed MPI_STATUS(ES)_IGNORE; valid until the next call. */
MPI_Status *bgt_statuses(int n);

/* Collectives; `req` is the created request of the I-forms (ignored for blocking ones). */
void bgt_rec_coll(bgt_call *c, int op, const bgt_coll *a, MPI_Request req);

/* Communicators. `newcomm` as returned by MPI (MPI_COMM_NULL when this rank got none). */
void bgt_rec_comm_split(bgt_call *c, MPI_Comm comm, int color, int key, MPI_Comm newcomm);
void bgt_rec_comm_new(bgt_call *c, int op, MPI_Comm comm, MPI_Comm newcomm);
void bgt_rec_cart_create(bgt_call *c, MPI_Comm comm, int ndims, const int *dims, const int *periods,
                         MPI_Comm newcomm);
void bgt_rec_cart_sub(bgt_call *c, MPI_Comm comm, int ndims, const int *remain, MPI_Comm newcomm);
/* Comm_free: call bgt_comm_free_before before PMPI_Comm_free (which nulls the handle). */
void bgt_comm_free_before(MPI_Comm comm);
void bgt_rec_comm_free(bgt_call *c);

#endif
