/* benchgen tracer: the C bindings. Each wrapper calls PMPI and hands the arguments to one recording
 * helper of core.c, which decides what the trace records. */
#include "bgt.h"

#define ENTER bgt_call c_; bgt_enter(&c_, __builtin_return_address(0))
#define LEAVE bgt_leave(&c_)
/* A status to read from even when the caller passed MPI_STATUS_IGNORE. */
#define STATUS(st) MPI_Status s_, *sp_ = (st) == MPI_STATUS_IGNORE ? &s_ : (st)
#define STATUSES(sts, n) MPI_Status *sts_ = (sts) == MPI_STATUSES_IGNORE && c_.on ? bgt_statuses(n) : (sts)

int MPI_Init(int *argc, char ***argv) {
  ENTER;
  int rc = PMPI_Init(argc, argv);
  bgt_after_init(&c_);
  LEAVE;
  return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
  ENTER;
  int rc = PMPI_Init_thread(argc, argv, required, provided);
  bgt_after_init(&c_);
  LEAVE;
  return rc;
}

int MPI_Finalize(void) {
  ENTER;
  bgt_before_finalize();
  int rc = PMPI_Finalize();
  bgt_after_finalize(&c_);
  LEAVE;
  return rc;
}

int MPI_Abort(MPI_Comm comm, int code) {
  bgt_abort();
  return PMPI_Abort(comm, code);
}

/* ---- point to point ---- */

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

/* ---- completion ---- */

int MPI_Wait(MPI_Request *req, MPI_Status *st) {
  ENTER;
  STATUS(st);
  if (c_.on) bgt_reqs_before(1, req);
  int rc = PMPI_Wait(req, sp_);
  bgt_reqs_after(&c_, BGT_WAIT, -1, 0, sp_);
  LEAVE;
  return rc;
}

int MPI_Waitall(int n, MPI_Request reqs[], MPI_Status sts[]) {
  ENTER;
  STATUSES(sts, n);
  if (c_.on) bgt_reqs_before(n, reqs);
  int rc = PMPI_Waitall(n, reqs, sts_);
  bgt_reqs_after(&c_, BGT_WAITALL, -1, 0, sts_);
  LEAVE;
  return rc;
}

int MPI_Waitany(int n, MPI_Request reqs[], int *index, MPI_Status *st) {
  ENTER;
  STATUS(st);
  if (c_.on) bgt_reqs_before(n, reqs);
  int rc = PMPI_Waitany(n, reqs, index, sp_);
  bgt_reqs_after(&c_, BGT_WAITANY, *index == MPI_UNDEFINED ? 0 : 1, index, sp_);
  LEAVE;
  return rc;
}

int MPI_Waitsome(int n, MPI_Request reqs[], int *outcount, int indices[], MPI_Status sts[]) {
  ENTER;
  STATUSES(sts, n);
  if (c_.on) bgt_reqs_before(n, reqs);
  int rc = PMPI_Waitsome(n, reqs, outcount, indices, sts_);
  bgt_reqs_after(&c_, BGT_WAITSOME, *outcount == MPI_UNDEFINED ? 0 : *outcount, indices, sts_);
  LEAVE;
  return rc;
}

int MPI_Test(MPI_Request *req, int *flag, MPI_Status *st) {
  ENTER;
  STATUS(st);
  if (c_.on) bgt_reqs_before(1, req);
  int rc = PMPI_Test(req, flag, sp_);
  bgt_reqs_after(&c_, BGT_TEST, *flag ? -1 : 0, 0, sp_);
  LEAVE;
  return rc;
}

int MPI_Testall(int n, MPI_Request reqs[], int *flag, MPI_Status sts[]) {
  ENTER;
  STATUSES(sts, n);
  if (c_.on) bgt_reqs_before(n, reqs);
  int rc = PMPI_Testall(n, reqs, flag, sts_);
  bgt_reqs_after(&c_, BGT_TESTALL, *flag ? -1 : 0, 0, sts_);
  LEAVE;
  return rc;
}

int MPI_Testany(int n, MPI_Request reqs[], int *index, int *flag, MPI_Status *st) {
  ENTER;
  STATUS(st);
  if (c_.on) bgt_reqs_before(n, reqs);
  int rc = PMPI_Testany(n, reqs, index, flag, sp_);
  bgt_reqs_after(&c_, BGT_TESTANY, *flag && *index != MPI_UNDEFINED ? 1 : 0, index, sp_);
  LEAVE;
  return rc;
}

int MPI_Testsome(int n, MPI_Request reqs[], int *outcount, int indices[], MPI_Status sts[]) {
  ENTER;
  STATUSES(sts, n);
  if (c_.on) bgt_reqs_before(n, reqs);
  int rc = PMPI_Testsome(n, reqs, outcount, indices, sts_);
  bgt_reqs_after(&c_, BGT_TESTSOME, *outcount == MPI_UNDEFINED ? 0 : *outcount, indices, sts_);
  LEAVE;
  return rc;
}

int MPI_Start(MPI_Request *req) {
  ENTER;
  if (c_.on) bgt_reqs_before(1, req);
  int rc = PMPI_Start(req);
  bgt_rec_start(&c_, BGT_START);
  LEAVE;
  return rc;
}

int MPI_Startall(int n, MPI_Request reqs[]) {
  ENTER;
  if (c_.on) bgt_reqs_before(n, reqs);
  int rc = PMPI_Startall(n, reqs);
  bgt_rec_start(&c_, BGT_STARTALL);
  LEAVE;
  return rc;
}

int MPI_Request_free(MPI_Request *req) {
  ENTER;
  if (c_.on) bgt_reqs_before(1, req);
  int rc = PMPI_Request_free(req);
  bgt_rec_request_free(&c_);
  LEAVE;
  return rc;
}

/* ---- collectives ---- */

#define COLL(OP, ...) bgt_coll a_ = { __VA_ARGS__ }; bgt_rec_coll(&c_, OP, &a_, req_)

int MPI_Barrier(MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Barrier(comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_BARRIER, .comm = comm);
  LEAVE;
  return rc;
}

int MPI_Ibarrier(MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Ibarrier(comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IBARRIER, .comm = comm);
  LEAVE;
  return rc;
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Bcast(buf, count, type, root, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_BCAST, .comm = comm, .root = root, .count = count, .type = type);
  LEAVE;
  return rc;
}

int MPI_Ibcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Ibcast(buf, count, type, root, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IBCAST, .comm = comm, .root = root, .count = count, .type = type);
  LEAVE;
  return rc;
}

int MPI_Reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, int root,
               MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Reduce(sbuf, rbuf, count, type, op, root, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_REDUCE, .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,
       .op = op);
  LEAVE;
  return rc;
}

int MPI_Ireduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Ireduce(sbuf, rbuf, count, type, op, root, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IREDUCE, .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,
       .op = op);
  LEAVE;
  return rc;
}

/* Allreduce, Scan, Exscan and their I-forms. */
int MPI_Allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Allreduce(sbuf, rbuf, count, type, op, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_ALLREDUCE, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op);
  LEAVE;
  return rc;
}
int MPI_Iallreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                   MPI_Request *req) {
  ENTER;
  int rc = PMPI_Iallreduce(sbuf, rbuf, count, type, op, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IALLREDUCE, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op);
  LEAVE;
  return rc;
}
int MPI_Scan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Scan(sbuf, rbuf, count, type, op, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_SCAN, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op);
  LEAVE;
  return rc;
}
int MPI_Iscan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
              MPI_Request *req) {
  ENTER;
  int rc = PMPI_Iscan(sbuf, rbuf, count, type, op, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_ISCAN, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op);
  LEAVE;
  return rc;
}
int MPI_Exscan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Exscan(sbuf, rbuf, count, type, op, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_EXSCAN, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op);
  LEAVE;
  return rc;
}
int MPI_Iexscan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                MPI_Request *req) {
  ENTER;
  int rc = PMPI_Iexscan(sbuf, rbuf, count, type, op, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IEXSCAN, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op);
  LEAVE;
  return rc;
}

int MPI_Reduce_scatter_block(const void *sbuf, void *rbuf, int rcount, MPI_Datatype type, MPI_Op op,
                             MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Reduce_scatter_block(sbuf, rbuf, rcount, type, op, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_REDUCE_SCATTER_BLOCK, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .rcount = rcount, .type = type,
       .op = op);
  LEAVE;
  return rc;
}
int MPI_Ireduce_scatter_block(const void *sbuf, void *rbuf, int rcount, MPI_Datatype type, MPI_Op op,
                              MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Ireduce_scatter_block(sbuf, rbuf, rcount, type, op, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IREDUCE_SCATTER_BLOCK, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .rcount = rcount,
       .type = type, .op = op);
  LEAVE;
  return rc;
}

int MPI_Reduce_scatter(const void *sbuf, void *rbuf, const int rcounts[], MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Reduce_scatter(sbuf, rbuf, rcounts, type, op, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_REDUCE_SCATTER, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .rcounts = rcounts, .type = type,
       .op = op);
  LEAVE;
  return rc;
}
int MPI_Ireduce_scatter(const void *sbuf, void *rbuf, const int rcounts[], MPI_Datatype type, MPI_Op op,
                        MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Ireduce_scatter(sbuf, rbuf, rcounts, type, op, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IREDUCE_SCATTER, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .rcounts = rcounts, .type = type,
       .op = op);
  LEAVE;
  return rc;
}

/* Gather, Scatter, Allgather, Alltoall share the (s, r) shape; the rooted ones add root. */
#define ROOTED_SR(NAME, OP)                                                                   \
  int MPI_##NAME(const void *sbuf, int count, MPI_Datatype type, void *rbuf, int rcount,           \
                 MPI_Datatype rtype, int root, MPI_Comm comm) {                                    \
    ENTER;                                                                                         \
    int rc = PMPI_##NAME(sbuf, count, type, rbuf, rcount, rtype, root, comm);                      \
    MPI_Request req_ = MPI_REQUEST_NULL;                                                           \
    COLL(OP, .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, \
         .rcount = rcount, .rtype = rtype);                                                        \
    LEAVE;                                                                                         \
    return rc;                                                                                     \
  }
#define ROOTED_SR_I(NAME, OP)                                                                      \
  int MPI_##NAME(const void *sbuf, int count, MPI_Datatype type, void *rbuf, int rcount,           \
                 MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req) {                  \
    ENTER;                                                                                         \
    int rc = PMPI_##NAME(sbuf, count, type, rbuf, rcount, rtype, root, comm, req);                 \
    MPI_Request req_ = *req;                                                                       \
    COLL(OP, .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, \
         .rcount = rcount, .rtype = rtype);                                                        \
    LEAVE;                                                                                         \
    return rc;                                                                                     \
  }
ROOTED_SR(Gather, BGT_GATHER)
ROOTED_SR(Scatter, BGT_SCATTER)
ROOTED_SR_I(Igather, BGT_IGATHER)
ROOTED_SR_I(Iscatter, BGT_ISCATTER)

#define ALL_SR(NAME, OP)                                                                           \
  int MPI_##NAME(const void *sbuf, int count, MPI_Datatype type, void *rbuf, int rcount,           \
                 MPI_Datatype rtype, MPI_Comm comm) {                                              \
    ENTER;                                                                                         \
    int rc = PMPI_##NAME(sbuf, count, type, rbuf, rcount, rtype, comm);                            \
    MPI_Request req_ = MPI_REQUEST_NULL;                                                           \
    COLL(OP, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,               \
         .rcount = rcount, .rtype = rtype);                                                        \
    LEAVE;                                                                                         \
    return rc;                                                                                     \
  }
#define ALL_SR_I(NAME, OP)                                                                         \
  int MPI_##NAME(const void *sbuf, int count, MPI_Datatype type, void *rbuf, int rcount,           \
                 MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req) {                            \
    ENTER;                                                                                         \
    int rc = PMPI_##NAME(sbuf, count, type, rbuf, rcount, rtype, comm, req);                       \
    MPI_Request req_ = *req;                                                                       \
    COLL(OP, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,               \
         .rcount = rcount, .rtype = rtype);                                                        \
    LEAVE;                                                                                         \
    return rc;                                                                                     \
  }
ALL_SR(Allgather, BGT_ALLGATHER)
ALL_SR(Alltoall, BGT_ALLTOALL)
ALL_SR_I(Iallgather, BGT_IALLGATHER)
ALL_SR_I(Ialltoall, BGT_IALLTOALL)

int MPI_Gatherv(const void *sbuf, int count, MPI_Datatype type, void *rbuf, const int rcounts[],
                const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Gatherv(sbuf, count, type, rbuf, rcounts, displs, rtype, root, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_GATHERV, .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,
       .rcounts = rcounts, .rtype = rtype);
  LEAVE;
  return rc;
}
int MPI_Igatherv(const void *sbuf, int count, MPI_Datatype type, void *rbuf, const int rcounts[],
                 const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Igatherv(sbuf, count, type, rbuf, rcounts, displs, rtype, root, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IGATHERV, .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,
       .rcounts = rcounts, .rtype = rtype);
  LEAVE;
  return rc;
}

int MPI_Scatterv(const void *sbuf, const int counts[], const int displs[], MPI_Datatype type, void *rbuf,
                 int rcount, MPI_Datatype rtype, int root, MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Scatterv(sbuf, counts, displs, type, rbuf, rcount, rtype, root, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_SCATTERV, .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .counts = counts,
       .type = type, .rcount = rcount, .rtype = rtype);
  LEAVE;
  return rc;
}
int MPI_Iscatterv(const void *sbuf, const int counts[], const int displs[], MPI_Datatype type, void *rbuf,
                  int rcount, MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Iscatterv(sbuf, counts, displs, type, rbuf, rcount, rtype, root, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_ISCATTERV, .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .counts = counts,
       .type = type, .rcount = rcount, .rtype = rtype);
  LEAVE;
  return rc;
}

int MPI_Allgatherv(const void *sbuf, int count, MPI_Datatype type, void *rbuf, const int rcounts[],
                   const int displs[], MPI_Datatype rtype, MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Allgatherv(sbuf, count, type, rbuf, rcounts, displs, rtype, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_ALLGATHERV, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,
       .rcounts = rcounts, .rtype = rtype);
  LEAVE;
  return rc;
}
int MPI_Iallgatherv(const void *sbuf, int count, MPI_Datatype type, void *rbuf, const int rcounts[],
                    const int displs[], MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Iallgatherv(sbuf, count, type, rbuf, rcounts, displs, rtype, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IALLGATHERV, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,
       .rcounts = rcounts, .rtype = rtype);
  LEAVE;
  return rc;
}

int MPI_Alltoallv(const void *sbuf, const int counts[], const int sdispls[], MPI_Datatype type, void *rbuf,
                  const int rcounts[], const int rdispls[], MPI_Datatype rtype, MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Alltoallv(sbuf, counts, sdispls, type, rbuf, rcounts, rdispls, rtype, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_ALLTOALLV, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .counts = counts, .type = type,
       .rcounts = rcounts, .rtype = rtype);
  LEAVE;
  return rc;
}
int MPI_Ialltoallv(const void *sbuf, const int counts[], const int sdispls[], MPI_Datatype type,
                   void *rbuf, const int rcounts[], const int rdispls[], MPI_Datatype rtype, MPI_Comm comm,
                   MPI_Request *req) {
  ENTER;
  int rc = PMPI_Ialltoallv(sbuf, counts, sdispls, type, rbuf, rcounts, rdispls, rtype, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IALLTOALLV, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .counts = counts, .type = type,
       .rcounts = rcounts, .rtype = rtype);
  LEAVE;
  return rc;
}

/* ---- communicators ---- */

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm) {
  ENTER;
  int rc = PMPI_Comm_split(comm, color, key, newcomm);
  bgt_rec_comm_split(&c_, comm, color, key, *newcomm);
  LEAVE;
  return rc;
}

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm) {
  ENTER;
  int rc = PMPI_Comm_dup(comm, newcomm);
  bgt_rec_comm_new(&c_, BGT_COMM_DUP, comm, *newcomm);
  LEAVE;
  return rc;
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm) {
  ENTER;
  int rc = PMPI_Comm_create(comm, group, newcomm);
  bgt_rec_comm_new(&c_, BGT_COMM_CREATE, comm, *newcomm);
  LEAVE;
  return rc;
}

int MPI_Cart_create(MPI_Comm comm, int ndims, const int dims[], const int periods[], int reorder,
                    MPI_Comm *newcomm) {
  ENTER;
  int rc = PMPI_Cart_create(comm, ndims, dims, periods, reorder, newcomm);
  bgt_rec_cart_create(&c_, comm, ndims, dims, periods, *newcomm);
  LEAVE;
  return rc;
}

int MPI_Cart_sub(MPI_Comm comm, const int remain[], MPI_Comm *newcomm) {
  ENTER;
  int ndims = 0;
  PMPI_Cartdim_get(comm, &ndims);
  int rc = PMPI_Cart_sub(comm, remain, newcomm);
  bgt_rec_cart_sub(&c_, comm, ndims, remain, *newcomm);
  LEAVE;
  return rc;
}

int MPI_Comm_free(MPI_Comm *comm) {
  ENTER;
  if (c_.on) bgt_comm_free_before(*comm);
  int rc = PMPI_Comm_free(comm);
  bgt_rec_comm_free(&c_);
  LEAVE;
  return rc;
}
