/* benchgen tracer: what the format records for the calls that create and free communicators. A new
 * communicator is defined (its `comm` line) before the event that names it, as the reader needs. */
#include "core.h"

/* A communicator made from comm, the parent, by every member of the parent: the new one is
 * defined, then the event begins with its parent; the new one's id, for the event's newcomm. */
static int64_t begin_made(bgt_call *c, int op, MPI_Comm comm, MPI_Comm newcomm) {
  int64_t id = comm_made(newcomm, comm);
  int64_t cid = comm_id(comm);
  begin_event(c, op);
  put(F_COMM, cid);
  return id;
}

/* A list of logicals, as 0 or 1: any value but 0 is true (Fortran's .true. is -1 for ifort). */
static void put_logicals(int field, const int *v, int n) {
  int64_t x[64];
  if (n > 64) n = 64;
  for (int i = 0; i < n; i++) x[i] = v[i] ? 1 : 0;
  put_list64(field, x, n);
}

void bgt_rec_comm_split(bgt_call *c, MPI_Comm comm, int color, int key, MPI_Comm newcomm) {
  RECORDING(c);
  int64_t id = begin_made(c, BGT_COMM_SPLIT, comm, newcomm);
  put(F_COLOR, color == MPI_UNDEFINED ? V_UNDEFINED : color);
  put(F_KEY, key);
  put(F_NEWCOMM, id);
  end_record();
}

/* This rank's neighbours in graph topology t (MPI's order, which neighbourhood collectives follow):
 * a distributed graph's sources and destinations, a graph's neighbours (`dests` only). None on a
 * rank that got MPI_COMM_NULL. */
static void put_neighbours(MPI_Comm t, int graph) {
  if (t == MPI_COMM_NULL) return;
  int in = 0, out = 0, weighted = 0, me = 0;
  if (graph) {
    PMPI_Comm_rank(t, &me);
    PMPI_Graph_neighbors_count(t, me, &out);
  } else {
    PMPI_Dist_graph_neighbors_count(t, &in, &out, &weighted);
  }
  int *v = malloc(sizeof(int) * (size_t) (2 * (in + out) + 1));
  if (!v) return; /* recorded without neighbours: the benchmark makes a graph without edges */
  int *src = v, *dst = v + in, *w = v + in + out;
  if (graph) PMPI_Graph_neighbors(t, me, out, dst);
  else PMPI_Dist_graph_neighbors(t, in, src, w, out, dst, w + in);
  if (!graph) put_list_int(F_SOURCES, src, in);
  put_list_int(F_DESTS, dst, out);
  free(v);
}

void bgt_rec_comm_new(bgt_call *c, int op, MPI_Comm comm, MPI_Comm newcomm) {
  RECORDING(c);
  int64_t id = begin_made(c, op, comm, newcomm);
  put(F_NEWCOMM, id);
  if (op == BGT_DIST_GRAPH_CREATE || op == BGT_DIST_GRAPH_CREATE_ADJACENT) put_neighbours(newcomm, 0);
  end_record();
}

/* A nonblocking dup: its request completes like a nonblocking collective's. */
void bgt_rec_comm_idup(bgt_call *c, int op, MPI_Comm comm, MPI_Comm newcomm, MPI_Request req) {
  RECORDING(c);
  req_entry *x = req_add(req, R_COLL, 0, 0);
  int64_t id = comm_duplicated(newcomm, comm);
  int64_t cid = comm_id(comm);
  begin_event(c, op);
  put(F_COMM, cid);
  put(F_NEWCOMM, id);
  put(F_REQ, x->id);
  end_record();
}

/* The group passed is recorded: on an intercommunicator every rank of a group passes the same one,
 * those that get MPI_COMM_NULL too, and the result's members cannot tell it to them. */
void bgt_rec_comm_create(bgt_call *c, MPI_Comm comm, MPI_Group group, MPI_Comm newcomm) {
  RECORDING(c);
  int64_t id = comm_made(newcomm, comm);
  int64_t cid = comm_id(comm);
  const int64_t *ranks;
  int n = group_world(group, &ranks);
  begin_event(c, BGT_COMM_CREATE);
  put(F_COMM, cid);
  put(F_NEWCOMM, id);
  put_list64(F_GROUP, ranks, n);
  end_record();
}

/* Made by the group's members only: its id does not count as a creation on the parent. */
void bgt_rec_comm_create_group(bgt_call *c, MPI_Comm comm, int tag, MPI_Comm newcomm) {
  RECORDING(c);
  int64_t id = comm_grouped(newcomm, comm, tag);
  int64_t cid = comm_id(comm);
  begin_event(c, BGT_COMM_CREATE_GROUP);
  put(F_COMM, cid);
  put(F_TAG, tag);
  put(F_NEWCOMM, id);
  end_record();
}

/* Both groups make it, each on its own communicator: its id does not count as a creation on
 * either. */
void bgt_rec_intercomm_create(bgt_call *c, MPI_Comm local, int local_leader, MPI_Comm peer,
                              int remote_leader, int tag, MPI_Comm newcomm) {
  RECORDING(c);
  int me = -1;
  PMPI_Comm_rank(local, &me);
  int leads = me == local_leader;
  int64_t pid = leads ? comm_id(peer) : V_NULL;
  int64_t id = newcomm == MPI_COMM_NULL ? V_NULL : comm_inter(newcomm, tag);
  int64_t cid = comm_id(local);
  begin_event(c, BGT_INTERCOMM_CREATE);
  put(F_COMM, cid);
  put(F_LEADER, local_leader);
  put(F_PCOMM, pid);
  put(F_RLEADER, leads ? remote_leader : 0);
  put(F_TAG, tag);
  put(F_NEWCOMM, id);
  end_record();
}

/* A string tag as an int key of the id (NULL: none). */
static int tag_key(const char *stringtag) {
  uint64_t h = stringtag ? fnv(FNV_BASIS, stringtag, strlen(stringtag)) : 0;
  return (int) (h ^ (h >> 32));
}

/* Made by the group's members alone, like MPI_Comm_create_group's, without a parent. */
void bgt_rec_comm_from_group(bgt_call *c, const char *stringtag, MPI_Comm newcomm) {
  RECORDING(c);
  int64_t id = comm_grouped(newcomm, MPI_COMM_NULL, tag_key(stringtag));
  begin_event(c, BGT_COMM_CREATE_FROM_GROUP);
  put(F_NEWCOMM, id);
  end_record();
}

/* Made by both groups, like MPI_Intercomm_create's, without parents. */
void bgt_rec_intercomm_from_groups(bgt_call *c, int leader, int rleader, const char *stringtag,
                                   MPI_Comm newcomm) {
  RECORDING(c);
  int64_t id = newcomm == MPI_COMM_NULL ? V_NULL : comm_inter(newcomm, tag_key(stringtag));
  begin_event(c, BGT_INTERCOMM_CREATE_FROM_GROUPS);
  put(F_LEADER, leader);
  put(F_RLEADER, rleader);
  put(F_NEWCOMM, id);
  end_record();
}

void bgt_rec_graph_create(bgt_call *c, MPI_Comm comm, int nnodes, MPI_Comm newcomm) {
  RECORDING(c);
  int64_t id = begin_made(c, BGT_GRAPH_CREATE, comm, newcomm);
  put(F_NNODES, nnodes);
  put(F_NEWCOMM, id);
  put_neighbours(newcomm, 1);
  end_record();
}

/* A creation on the intercommunicator, which both its groups make. */
void bgt_rec_intercomm_merge(bgt_call *c, MPI_Comm comm, int high, MPI_Comm newcomm) {
  RECORDING(c);
  int64_t id = begin_made(c, BGT_INTERCOMM_MERGE, comm, newcomm);
  put(F_HIGH, high ? 1 : 0);
  put(F_NEWCOMM, id);
  end_record();
}

void bgt_rec_cart_create(bgt_call *c, MPI_Comm comm, int ndims, const int *dims, const int *periods,
                         MPI_Comm newcomm) {
  RECORDING(c);
  int64_t id = begin_made(c, BGT_CART_CREATE, comm, newcomm);
  put_list_int(F_DIMS, dims, ndims);
  put_logicals(F_PERIODS, periods, ndims);
  put(F_NEWCOMM, id);
  end_record();
}

void bgt_rec_cart_sub(bgt_call *c, MPI_Comm comm, const int *remain, MPI_Comm newcomm) {
  RECORDING(c);
  int ndims = 0;
  PMPI_Cartdim_get(comm, &ndims); /* comm is unchanged by the call */
  int64_t id = begin_made(c, BGT_CART_SUB, comm, newcomm);
  put_logicals(F_REMAIN, remain, ndims);
  put(F_NEWCOMM, id);
  end_record();
}

void bgt_rec_comm_free(bgt_call *c) {
  RECORDING(c);
  if (comm_freed() == V_NULL) return;
  begin_event(c, BGT_COMM_FREE);
  put(F_COMM, comm_freed());
  end_record();
}
