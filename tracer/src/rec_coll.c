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

/* The fields of each call in the .def's order (required, then optional), which is the order a
 * collective's record puts them in; read from its BG_CALL line at its first record. */
#define MAX_FIELDS 24
_Static_assert(F_REMOTE < 128, "a field's bit must fit two uint64_t");
typedef struct {
  int read, n;
  unsigned char f[MAX_FIELDS];
  uint64_t has[2], optional[2]; /* a bit per field */
} call_fields;
static call_fields g_fields[BGT_NOPS];
static const char *const CALL_FIELDS[BGT_NOPS][2] = {
#define BG_CALL(id, name, kind, required, optional) [BGT_##id] = {required, optional},
#include "vocab_each.h"
};
static const struct {
  const char *key;
  int f;
} FIELD_KEYS[] = {
#define BG_FIELD(id, key, kind) {key, F_##id},
#include "vocab_each.h"
};
#define HAS(o, f) ((o)->has[(f) >> 6] >> ((f) & 63) & 1)

static const call_fields *fields_of(int op) {
  call_fields *o = &g_fields[op];
  if (o->read) return o;
  for (int part = 0; part < 2; part++) {
    for (const char *s = CALL_FIELDS[op][part]; *s;) {
      size_t len = strcspn(s, " ");
      for (size_t k = 0; len && k < sizeof FIELD_KEYS / sizeof FIELD_KEYS[0]; k++) {
        int f = FIELD_KEYS[k].f;
        if (strlen(FIELD_KEYS[k].key) != len || memcmp(FIELD_KEYS[k].key, s, len)
            || o->n == MAX_FIELDS)
          continue;
        o->f[o->n++] = (unsigned char) f;
        o->has[f >> 6] |= 1ULL << (f & 63);
        if (part) o->optional[f >> 6] |= 1ULL << (f & 63);
      }
      s += len + (s[len] == ' ');
    }
  }
  o->read = 1;
  return o;
}

/* One side of this rank's part: what it sends or what it receives, as a block's count or a count
 * per peer, and its datatype (one per peer: MPI_Alltoallw's). Off (`on` 0) where MPI ignores the
 * side on this rank: recorded as 0 and MPI_DATATYPE_NULL, its list (optional there) not at all. */
typedef struct {
  MPI_Count count;
  counts_t counts;
  MPI_Datatype type;
  const MPI_Datatype *types;
  int on;
} side;

/* Member me's own block of side x: its item of the list where the call has one (listed). */
static side own_block(const side *x, int listed, int me) {
  side b = *x;
  b.count = !listed ? x->count : counts_given(x->counts) ? count_at(x->counts, me) : 0;
  return b;
}

/* What each collective records follows from its shape (the .def's BG_SHAPE) and its fields, in
 * their order. The tracer records what this rank contributes, and writes arguments that MPI ignores
 * on this rank as 0 / MPI_DATATYPE_NULL so that they compress. An argument MPI ignores is never
 * read: it may be NULL or garbage (the count arrays of Gatherv and Scatterv off the root,
 * everything at an MPI_PROC_NULL root).
 *
 * On an intercommunicator the root is MPI_ROOT in the root's group, MPI_PROC_NULL for its other members and the root's rank in the
 * remote group for the ranks of that group; count arrays that name peers name the remote group
 * (a reduction's name the local group: its data combines there). */
void bgt_rec_coll(bgt_call *c, int op, const bgt_coll *a, MPI_Request req) {
  RECORDING(c);
  int nonblocking = op >= BGT_IBARRIER && op <= BGT_INEIGHBOR_ALLTOALLW;
  int persistent = op >= BGT_BARRIER_INIT && op <= BGT_NEIGHBOR_ALLTOALLW_INIT;
  int base = nonblocking ? op - (BGT_IBARRIER - BGT_BARRIER)
             : persistent ? op - (BGT_BARRIER_INIT - BGT_BARRIER) : op;
  int shape = bgt_shapes[base];
  const call_fields *o = fields_of(base);
  int inter = 0;
  PMPI_Comm_test_inter(a->comm, &inter);
  req_entry *x = nonblocking || persistent ? req_add(req, R_COLL, persistent, 0) : NULL;
  int in_place = !inter && a->sbuf == MPI_IN_PLACE, rin_place = !inter && a->rbuf == MPI_IN_PLACE;
  int me = 0;
  if (shape) me = comm_rank(a->comm); /* a call that moves data (a barrier's shape is 0) */
  /* A rooted collective's roles: the root's side (what a gather receives, a scatter sends) counts
   * at the root only; the other side at every rank, on an intercommunicator in the remote group
   * only; one buffer (Bcast, Reduce) everywhere but at the root's idle neighbours (inter only). */
  int is_root = inter ? a->root == MPI_ROOT : me == a->root;
  int idle = inter && a->root == MPI_PROC_NULL;
  int others = inter ? remote_size(a->comm) : 0; /* peers of count arrays */
  int in = 0, out = 0; /* a neighbourhood collective's neighbours, each way */
  if (shape & SHAPE_NEIGHBOURHOOD) bgt_peers(a->comm, 1, &in, &out);
  side s = {a->count, {a->counts, a->counts_c}, a->type, a->types, 1};
  side r = {a->rcount, {a->rcounts, a->rcounts_c}, a->rtype, a->rtypes, 1};
  if (shape & SHAPE_ROOTED) {
    int member = inter ? !is_root && !idle : 1;
    if (shape & SHAPE_GATHERS) s.on = member, r.on = is_root;
    else if (shape & SHAPE_SCATTERS) s.on = is_root, r.on = member;
    else s.on = r.on = !idle;
  }
  /* MPI_IN_PLACE (never on a neighbourhood collective; on a rooted one at the root only): the
   * side given in place is this rank's own block of the other, or all of it where both have a
   * block per peer (Alltoall). A reduction's one buffer stays as given. */
  if (!(shape & SHAPE_NEIGHBOURHOOD) && (!(shape & SHAPE_ROOTED) || is_root)) {
    if (in_place && (shape & SHAPE_GATHERS)) {
      s = shape & SHAPE_SCATTERS ? r : own_block(&r, HAS(o, F_RCOUNTS), me);
    } else if (rin_place && (shape & SHAPE_ROOTED) && (shape & SHAPE_SCATTERS)) {
      r = own_block(&s, HAS(o, F_COUNTS), me);
    }
  }
  int64_t cid = comm_id(a->comm);
  begin_event(c, op);
  for (int i = 0; i < o->n; i++) {
    int f = o->f[i];
    const side *y = f == F_COUNT || f == F_TYPE || f == F_COUNTS || f == F_OP ? &s : &r;
    MPI_Datatype type = y->on ? y->type : MPI_DATATYPE_NULL;
    switch (f) {
    case F_COMM:
      put(F_COMM, cid);
      break;
    case F_ROOT:
      put(F_ROOT, peer_value(a->root));
      break;
    case F_COUNT: case F_RCOUNT: /* with its datatype */
      put_type(f, f == F_COUNT ? F_TYPE : F_RTYPE, f == F_COUNT ? F_TSIZE : F_RTSIZE,
               y->on ? y->count : 0, type);
      break;
    case F_TYPE: case F_RTYPE: /* a datatype whose counts are a list */
      if (!HAS(o, f == F_TYPE ? F_COUNT : F_RCOUNT))
        put_datatype(f, f == F_TYPE ? F_TSIZE : F_RTSIZE, type);
      break;
    case F_COUNTS: case F_RCOUNTS: {
      if ((o->optional[f >> 6] >> (f & 63) & 1) && (!y->on || !counts_given(y->counts))) break;
      int n = shape & SHAPE_NEIGHBOURHOOD ? (f == F_COUNTS ? out : in)
              : inter && !(shape & SHAPE_REDUCING) ? others : comm_size(a->comm);
      /* No datatype recorded (MPI_Alltoallw's, one per peer): counts in bytes. */
      if (HAS(o, F_TYPE) || HAS(o, F_RTYPE)) put_counts(f, y->counts, n);
      else put_list_bytes(f, y->counts, y->types, n);
      break;
    }
    case F_OP:
      put(F_OP, op_name(y->on ? a->op : MPI_OP_NULL));
      break;
    default: /* sizes, extents and bounds go with their datatype; req below; large and thread
              * are the core's */
      break;
    }
  }
  if (x) put(F_REQ, x->id);
  end_record();
}
