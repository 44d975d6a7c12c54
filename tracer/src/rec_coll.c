/* benchgen tracer: what the format records for collectives. A nonblocking form records what its
 * blocking form does, plus its request, so that both read alike; bgt_rec_coll finds the blocking
 * form by the distance between the two runs of ids, which the .def keeps in parallel. */
#include "core.h"

static int comm_rank(MPI_Comm comm) {
  int r = 0;
  PMPI_Comm_rank(comm, &r);
  return r;
}
static int comm_size(MPI_Comm comm) {
  int n = 0;
  PMPI_Comm_size(comm, &n);
  return n;
}

/* Which arguments each collective records, and what MPI_IN_PLACE stands for: the tracer records what
 * this rank contributes, and writes arguments that MPI ignores on this rank as 0 / MPI_DATATYPE_NULL
 * so that they compress. */
void bgt_rec_coll(bgt_call *c, int op, const bgt_coll *a, MPI_Request req) {
  if (!c->on) return;
  int nonblocking = op >= BGT_IBARRIER && op <= BGT_IALLTOALLV;
  int base = nonblocking ? op - (BGT_IBARRIER - BGT_BARRIER) : op;
  req_entry *x = nonblocking ? req_add(req, R_COLL, 0, 0) : NULL;
  int in_place = a->sbuf == MPI_IN_PLACE, rin_place = a->rbuf == MPI_IN_PLACE;
  int me = 0, n = 0, root = 0;
  if (base != BGT_BARRIER) me = comm_rank(a->comm);
  int is_root = 0;
  int64_t cid = comm_id(a->comm);
  begin_event(c, op);
  put(F_COMM, cid);
  switch (base) {
  case BGT_BARRIER:
    break;
  case BGT_BCAST:
    put(F_ROOT, a->root);
    put_type(F_COUNT, F_TYPE, F_TSIZE, a->count, a->type);
    break;
  case BGT_REDUCE:
    put(F_ROOT, a->root);
    put_type(F_COUNT, F_TYPE, F_TSIZE, a->count, a->type);
    put(F_OP, op_name(a->op));
    break;
  case BGT_ALLREDUCE: case BGT_SCAN: case BGT_EXSCAN: case BGT_REDUCE_SCATTER_BLOCK:
    put_type(F_COUNT, F_TYPE, F_TSIZE, base == BGT_REDUCE_SCATTER_BLOCK ? a->rcount : a->count, a->type);
    put(F_OP, op_name(a->op));
    break;
  case BGT_REDUCE_SCATTER:
    n = comm_size(a->comm);
    put_list_int(F_RCOUNTS, a->rcounts, n);
    put_datatype(F_TYPE, F_TSIZE, a->type);
    put(F_OP, op_name(a->op));
    break;
  case BGT_GATHER: case BGT_GATHERV:
    root = a->root;
    is_root = me == root;
    put(F_ROOT, root);
    if (in_place && is_root) { /* the root's own block is already in place */
      int own = base == BGT_GATHER ? a->rcount : a->rcounts[me];
      put_type(F_COUNT, F_TYPE, F_TSIZE, own, a->rtype);
    } else {
      put_type(F_COUNT, F_TYPE, F_TSIZE, a->count, a->type);
    }
    if (base == BGT_GATHER) {
      put_type(F_RCOUNT, F_RTYPE, F_RTSIZE, is_root ? a->rcount : 0, is_root ? a->rtype : MPI_DATATYPE_NULL);
    } else {
      put_datatype(F_RTYPE, F_RTSIZE, is_root ? a->rtype : MPI_DATATYPE_NULL);
      if (is_root) put_list_int(F_RCOUNTS, a->rcounts, comm_size(a->comm));
    }
    break;
  case BGT_SCATTER: case BGT_SCATTERV:
    root = a->root;
    is_root = me == root;
    put(F_ROOT, root);
    if (base == BGT_SCATTER) {
      put_type(F_COUNT, F_TYPE, F_TSIZE, is_root ? a->count : 0, is_root ? a->type : MPI_DATATYPE_NULL);
    } else {
      put_datatype(F_TYPE, F_TSIZE, is_root ? a->type : MPI_DATATYPE_NULL);
    }
    if (rin_place && is_root) {
      int own = base == BGT_SCATTER ? a->count : a->counts[me];
      put_type(F_RCOUNT, F_RTYPE, F_RTSIZE, own, a->type);
    } else {
      put_type(F_RCOUNT, F_RTYPE, F_RTSIZE, a->rcount, a->rtype);
    }
    if (base == BGT_SCATTERV && is_root) put_list_int(F_COUNTS, a->counts, comm_size(a->comm));
    break;
  case BGT_ALLGATHER: case BGT_ALLTOALL:
    if (in_place) put_type(F_COUNT, F_TYPE, F_TSIZE, a->rcount, a->rtype);
    else put_type(F_COUNT, F_TYPE, F_TSIZE, a->count, a->type);
    put_type(F_RCOUNT, F_RTYPE, F_RTSIZE, a->rcount, a->rtype);
    break;
  case BGT_ALLGATHERV:
    n = comm_size(a->comm);
    if (in_place) put_type(F_COUNT, F_TYPE, F_TSIZE, a->rcounts[me], a->rtype);
    else put_type(F_COUNT, F_TYPE, F_TSIZE, a->count, a->type);
    put_list_int(F_RCOUNTS, a->rcounts, n);
    put_datatype(F_RTYPE, F_RTSIZE, a->rtype);
    break;
  case BGT_ALLTOALLV:
    n = comm_size(a->comm);
    put_list_int(F_COUNTS, in_place ? a->rcounts : a->counts, n);
    put_datatype(F_TYPE, F_TSIZE, in_place ? a->rtype : a->type);
    put_list_int(F_RCOUNTS, a->rcounts, n);
    put_datatype(F_RTYPE, F_RTSIZE, a->rtype);
    break;
  default:
    break;
  }
  if (x) put(F_REQ, x->id);
  end_record();
}
