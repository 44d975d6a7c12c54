/* benchgen tracer: what the format records for collectives. A nonblocking or persistent (MPI-4
 * _init) form records what its blocking form does, plus its request, so that all read alike;
 * bgt_rec_coll finds the blocking form by the distance between the runs of ids, which the .def
 * keeps in parallel. */
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
static int remote_size(MPI_Comm comm) {
  int n = 0;
  PMPI_Comm_remote_size(comm, &n);
  return n;
}
void bgt_peers(MPI_Comm comm, int neighbourhood, int *in, int *out) {
  int n = 0, status = MPI_UNDEFINED, inter = 0, weighted = 0;
  if (!neighbourhood) {
    PMPI_Comm_test_inter(comm, &inter);
    n = inter ? remote_size(comm) : comm_size(comm);
    *in = *out = n;
    return;
  }
  *in = *out = 0;
  PMPI_Topo_test(comm, &status);
  if (status == MPI_CART) {
    PMPI_Cartdim_get(comm, &n);
    *in = *out = 2 * n;
  } else if (status == MPI_GRAPH) {
    PMPI_Graph_neighbors_count(comm, comm_rank(comm), &n);
    *in = *out = n;
  } else if (status == MPI_DIST_GRAPH) {
    PMPI_Dist_graph_neighbors_count(comm, in, out, &weighted);
  }
}

/* A count array that MPI requires here: one that is NULL all the same (an erroneous program) is
 * recorded as no counts rather than read. */
static void put_counts(int f, counts_t v, int n) {
  if (!counts_given(v)) n = 0;
  int64_t *to = put_list_open(f, n);
  for (int i = 0; i < n; i++) to[i] = count_at(v, i);
}

/* Which arguments each collective records, and what MPI_IN_PLACE stands for: the tracer records what
 * this rank contributes, and writes arguments that MPI ignores on this rank as 0 / MPI_DATATYPE_NULL
 * so that they compress. An argument MPI ignores is never read: it may be NULL or garbage (the
 * count arrays of Gatherv and Scatterv off the root, everything at an MPI_PROC_NULL root).
 *
 * On an intercommunicator the root is MPI_ROOT in the root's group, MPI_PROC_NULL for its other members and the root's rank in the
 * remote group for the ranks of that group; count arrays that name peers name the remote group. */
void bgt_rec_coll(bgt_call *c, int op, const bgt_coll *a, MPI_Request req) {
  RECORDING(c);
  int nonblocking = op >= BGT_IBARRIER && op <= BGT_INEIGHBOR_ALLTOALLW;
  int persistent = op >= BGT_BARRIER_INIT && op <= BGT_NEIGHBOR_ALLTOALLW_INIT;
  int base = nonblocking ? op - (BGT_IBARRIER - BGT_BARRIER)
             : persistent ? op - (BGT_BARRIER_INIT - BGT_BARRIER) : op;
  int inter = 0;
  PMPI_Comm_test_inter(a->comm, &inter);
  req_entry *x = nonblocking || persistent ? req_add(req, R_COLL, persistent, 0) : NULL;
  int in_place = !inter && a->sbuf == MPI_IN_PLACE, rin_place = !inter && a->rbuf == MPI_IN_PLACE;
  int me = 0, n = 0;
  if (base != BGT_BARRIER) me = comm_rank(a->comm);
  /* A rooted collective's roles: receives at the root, sends elsewhere (Gather; Scatter the other
   * way round); a rank of the root's group other than the root takes no part (inter only). */
  int is_root = inter ? a->root == MPI_ROOT : me == a->root;
  int idle = inter && a->root == MPI_PROC_NULL;
  int others = inter ? remote_size(a->comm) : 0; /* peers of count arrays */
  int in = 0, out = 0; /* a neighbourhood collective's neighbours, each way */
  if (bgt_shapes[base] & SHAPE_NEIGHBOURHOOD) bgt_peers(a->comm, 1, &in, &out);
  counts_t sc = {a->counts, a->counts_c}, rc = {a->rcounts, a->rcounts_c};
  int64_t cid = comm_id(a->comm);
  begin_event(c, op);
  put(F_COMM, cid);
  switch (base) {
  case BGT_BARRIER:
    break;
  case BGT_BCAST:
    put(F_ROOT, peer_value(a->root));
    put_type(F_COUNT, F_TYPE, F_TSIZE, idle ? 0 : a->count, idle ? MPI_DATATYPE_NULL : a->type);
    break;
  case BGT_REDUCE:
    put(F_ROOT, peer_value(a->root));
    put_type(F_COUNT, F_TYPE, F_TSIZE, idle ? 0 : a->count, idle ? MPI_DATATYPE_NULL : a->type);
    put(F_OP, op_name(idle ? MPI_OP_NULL : a->op));
    break;
  case BGT_ALLREDUCE: case BGT_SCAN: case BGT_EXSCAN: case BGT_REDUCE_SCATTER_BLOCK:
    put_type(F_COUNT, F_TYPE, F_TSIZE, base == BGT_REDUCE_SCATTER_BLOCK ? a->rcount : a->count, a->type);
    put(F_OP, op_name(a->op));
    break;
  case BGT_REDUCE_SCATTER: /* rcounts: one per rank of the local group, on either kind */
    n = comm_size(a->comm);
    put_counts(F_RCOUNTS, rc, n);
    put_datatype(F_TYPE, F_TSIZE, a->type);
    put(F_OP, op_name(a->op));
    break;
  case BGT_GATHER: case BGT_GATHERV: {
    int sends = inter ? !is_root && !idle : 1;
    put(F_ROOT, peer_value(a->root));
    if (in_place && is_root) { /* the root's own block is already in place */
      MPI_Count own = base == BGT_GATHER ? a->rcount : counts_given(rc) ? count_at(rc, me) : 0;
      put_type(F_COUNT, F_TYPE, F_TSIZE, own, a->rtype);
    } else {
      put_type(F_COUNT, F_TYPE, F_TSIZE, sends ? a->count : 0, sends ? a->type : MPI_DATATYPE_NULL);
    }
    if (base == BGT_GATHER) {
      put_type(F_RCOUNT, F_RTYPE, F_RTSIZE, is_root ? a->rcount : 0,
               is_root ? a->rtype : MPI_DATATYPE_NULL);
    } else {
      put_datatype(F_RTYPE, F_RTSIZE, is_root ? a->rtype : MPI_DATATYPE_NULL);
      if (is_root && counts_given(rc))
        put_counts(F_RCOUNTS, rc, inter ? others : comm_size(a->comm));
    }
    break;
  }
  case BGT_SCATTER: case BGT_SCATTERV: {
    int receives = inter ? !is_root && !idle : 1;
    put(F_ROOT, peer_value(a->root));
    if (base == BGT_SCATTER) {
      put_type(F_COUNT, F_TYPE, F_TSIZE, is_root ? a->count : 0,
               is_root ? a->type : MPI_DATATYPE_NULL);
    } else {
      put_datatype(F_TYPE, F_TSIZE, is_root ? a->type : MPI_DATATYPE_NULL);
    }
    if (rin_place && is_root) {
      MPI_Count own = base == BGT_SCATTER ? a->count : counts_given(sc) ? count_at(sc, me) : 0;
      put_type(F_RCOUNT, F_RTYPE, F_RTSIZE, own, a->type);
    } else {
      put_type(F_RCOUNT, F_RTYPE, F_RTSIZE, receives ? a->rcount : 0,
               receives ? a->rtype : MPI_DATATYPE_NULL);
    }
    if (base == BGT_SCATTERV && is_root && counts_given(sc))
      put_counts(F_COUNTS, sc, inter ? others : comm_size(a->comm));
    break;
  }
  case BGT_ALLGATHER: case BGT_ALLTOALL:
    if (in_place) put_type(F_COUNT, F_TYPE, F_TSIZE, a->rcount, a->rtype);
    else put_type(F_COUNT, F_TYPE, F_TSIZE, a->count, a->type);
    put_type(F_RCOUNT, F_RTYPE, F_RTSIZE, a->rcount, a->rtype);
    break;
  case BGT_ALLGATHERV:
    n = inter ? others : comm_size(a->comm);
    if (in_place) put_type(F_COUNT, F_TYPE, F_TSIZE, counts_given(rc) ? count_at(rc, me) : 0, a->rtype);
    else put_type(F_COUNT, F_TYPE, F_TSIZE, a->count, a->type);
    put_counts(F_RCOUNTS, rc, n);
    put_datatype(F_RTYPE, F_RTSIZE, a->rtype);
    break;
  case BGT_ALLTOALLV:
    n = inter ? others : comm_size(a->comm);
    put_counts(F_COUNTS, in_place ? rc : sc, n);
    put_datatype(F_TYPE, F_TSIZE, in_place ? a->rtype : a->type);
    put_counts(F_RCOUNTS, rc, n);
    put_datatype(F_RTYPE, F_RTSIZE, a->rtype);
    break;
  case BGT_ALLTOALLW: /* a datatype per peer: counts in bytes */
    n = inter ? others : comm_size(a->comm);
    put_list_bytes(F_COUNTS, in_place ? rc : sc, in_place ? a->rtypes : a->types, n);
    put_list_bytes(F_RCOUNTS, rc, a->rtypes, n);
    break;
  /* Neighbourhood collectives (never in place): lists per neighbour, MPI_Alltoallw's in bytes. */
  case BGT_NEIGHBOR_ALLGATHER: case BGT_NEIGHBOR_ALLTOALL:
    put_type(F_COUNT, F_TYPE, F_TSIZE, a->count, a->type);
    put_type(F_RCOUNT, F_RTYPE, F_RTSIZE, a->rcount, a->rtype);
    break;
  case BGT_NEIGHBOR_ALLGATHERV:
    put_type(F_COUNT, F_TYPE, F_TSIZE, a->count, a->type);
    put_counts(F_RCOUNTS, rc, in);
    put_datatype(F_RTYPE, F_RTSIZE, a->rtype);
    break;
  case BGT_NEIGHBOR_ALLTOALLV:
    put_counts(F_COUNTS, sc, out);
    put_datatype(F_TYPE, F_TSIZE, a->type);
    put_counts(F_RCOUNTS, rc, in);
    put_datatype(F_RTYPE, F_RTSIZE, a->rtype);
    break;
  case BGT_NEIGHBOR_ALLTOALLW:
    put_list_bytes(F_COUNTS, sc, a->types, out);
    put_list_bytes(F_RCOUNTS, rc, a->rtypes, in);
    break;
  default:
    break;
  }
  if (x) put(F_REQ, x->id);
  end_record();
}
