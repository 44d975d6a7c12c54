/* bg_runtime_comm.c: the communicator slots of benchgen's C+MPI benchmarks (part of the run-time
 * library, interface: bg_runtime.h): how each is made, its rank and size, and relative peers. */
#include "bg_runtime.h"

#include <stdio.h>
#include <stdlib.h>

#if !defined(BENCHGEN_SMPI)
#include <pthread.h>
/* Held by a thread between finding that a message is here and taking it (bg_improbe), and while
 * the quiet communicator is made: never across a call that waits. SimGrid's ranks are threads of
 * one process, each a single thread: they need no lock (and must not share one). */
static pthread_mutex_t bg_probe_lock = PTHREAD_MUTEX_INITIALIZER;
#define BG_PROBE_LOCK() pthread_mutex_lock(&bg_probe_lock)
#define BG_PROBE_UNLOCK() pthread_mutex_unlock(&bg_probe_lock)
#else
#define BG_PROBE_LOCK() ((void) 0)
#define BG_PROBE_UNLOCK() ((void) 0)
#endif

void bg_comm_ready(int s) {
  if (bg_comm[s].c == MPI_COMM_NULL) {
    bg_comm[s].rank = -1;
    bg_comm[s].size = 0;
  } else {
    int inter = 0;
    MPI_Comm_rank(bg_comm[s].c, &bg_comm[s].rank);
    MPI_Comm_test_inter(bg_comm[s].c, &inter);
    /* Peers on an intercommunicator are ranks of its remote group: relative ones count there. */
    if (inter) {
      MPI_Comm_remote_size(bg_comm[s].c, &bg_comm[s].size);
    } else {
      MPI_Comm_size(bg_comm[s].c, &bg_comm[s].size);
    }
  }
}

void bg_comm_like(int s, int parent) {
  bg_comm[s].rank = bg_comm[parent].rank;
  bg_comm[s].size = bg_comm[parent].size;
}

int bg_rel(int s, int off) {
  if (off <= BG_NULL) {
    return bg_sym(off);
  }
  int n = bg_comm[s].size;
  return ((bg_comm[s].rank + off) % n + n) % n;
}

void bg_comm_members(int s, const int *members) {
  int color = MPI_UNDEFINED, key = 0;
  for (int i = 0; i < members[0]; i++) {
    if (members[1 + i] == bg_comm[0].rank) {
      color = 0;
      key = i;
    }
  }
  PMPI_Comm_split(MPI_COMM_WORLD, color, key, &bg_comm[s].c);
  bg_comm_ready(s);
}

void bg_comm_create(int parent, const int *members, int s) {
  /* The group is taken from the parent's own (local) group, as a program does: of the listed
   * world ranks, those in it (an intercommunicator's list names both groups: each side gives its
   * own). */
  MPI_Group world, local, group;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Comm_group(bg_comm[parent].c, &local);
  int *ranks = malloc((members[0] > 0 ? members[0] : 1) * sizeof *ranks), n = 0;
  for (int i = 0; i < members[0]; i++) {
    int r = MPI_UNDEFINED;
    MPI_Group_translate_ranks(world, 1, &members[1 + i], local, &r);
    if (r != MPI_UNDEFINED) {
      ranks[n++] = r;
    }
  }
  MPI_Group_incl(local, n, ranks, &group);
  MPI_Comm_create(bg_comm[parent].c, group, &bg_comm[s].c);
  if (group != MPI_GROUP_EMPTY) {
    MPI_Group_free(&group);
  }
  free(ranks);
  MPI_Group_free(&local);
  MPI_Group_free(&world);
}

void bg_comm_create_group(int parent, const int *members, int tag, int s) {
  MPI_Group world, group;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Group_incl(world, members[0], members + 1, &group);
  MPI_Comm_create_group(bg_comm[parent].c, group, tag, &bg_comm[s].c);
  MPI_Group_free(&group);
  MPI_Group_free(&world);
}

/* Whether communicator c holds exactly the world ranks members (a list, its length first). */
static int bg_same_members(MPI_Comm c, const int *members) {
  if (c == MPI_COMM_NULL || members[0] == 0) {
    return c == MPI_COMM_NULL && members[0] == 0;
  }
  int n = 0, same = 1;
  MPI_Comm_size(c, &n);
  if (n != members[0]) {
    return 0;
  }
  MPI_Group group, world;
  MPI_Comm_group(c, &group);
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  for (int i = 0; i < n && same; i++) {
    int w = -1;
    MPI_Group_translate_ranks(group, 1, &i, world, &w);
    same = w == members[1 + i];
  }
  MPI_Group_free(&group);
  MPI_Group_free(&world);
  return same;
}

/* A graph of nnodes nodes whose node i has the dests of parent rank i: every rank's list gathered,
 * unseen by a tracer. */
static void bg_graph(MPI_Comm p, int nnodes, const int *dests, MPI_Comm *made) {
  int n = 0, me = 0;
  MPI_Comm_size(p, &n);
  MPI_Comm_rank(p, &me);
  int degree = me < nnodes ? dests[0] : 0;
  int *degrees = malloc(sizeof(int) * (size_t) n), *index = malloc(sizeof(int) * (size_t) (n + 1));
  PMPI_Allgather(&degree, 1, MPI_INT, degrees, 1, MPI_INT, p);
  index[0] = 0;
  for (int i = 0; i < n; i++) {
    index[i + 1] = index[i] + degrees[i];
  }
  int *edges = malloc(sizeof(int) * (size_t) (index[n] > 0 ? index[n] : 1));
  PMPI_Allgatherv(dests + 1, degree, MPI_INT, edges, degrees, index, MPI_INT, p);
  MPI_Graph_create(p, nnodes, index + 1, edges, 0, made);
  free(degrees);
  free(index);
  free(edges);
}

/* Whether a distributed graph has the traced neighbours in order, on every rank of parent p. */
static int bg_same_neighbours(MPI_Comm p, MPI_Comm g, const int *sources, const int *dests) {
  int in = 0, out = 0, weighted = 0, same = 1;
  MPI_Dist_graph_neighbors_count(g, &in, &out, &weighted);
  if (in != sources[0] || out != dests[0]) {
    same = 0;
  } else {
    int *v = malloc(sizeof(int) * (size_t) (2 * (in + out) + 1));
    MPI_Dist_graph_neighbors(g, in, v, v + in + out, out, v + in, v + 2 * in + out);
    for (int i = 0; i < in && same; i++) {
      same = v[i] == sources[1 + i];
    }
    for (int i = 0; i < out && same; i++) {
      same = v[in + i] == dests[1 + i];
    }
    free(v);
  }
  int all = 0;
  PMPI_Allreduce(&same, &all, 1, MPI_INT, MPI_LAND, p);
  return all;
}

void bg_comm_remade(int kind, int parent, int nnodes, const int *members, const int *sources,
                    const int *dests, int s) {
  MPI_Comm p = bg_comm[parent].c, *made = &bg_comm[s].c;
  int me = bg_comm[parent].rank;
  /* Weights of 0: they do not change what neighbourhood collectives send (and GCC takes Open
   * MPI's MPI_UNWEIGHTED for an array of no element). */
  int most = sources[0] > dests[0] ? sources[0] : dests[0];
  int *weights = calloc((size_t) (most > 0 ? most : 1), sizeof *weights);
  switch (kind) {
    case BG_SPLIT_TYPE:
      MPI_Comm_split_type(p, members[0] > 0 ? MPI_COMM_TYPE_SHARED : MPI_UNDEFINED,
                          bg_comm[parent].rank, MPI_INFO_NULL, made);
      break;
    case BG_GRAPH:
      bg_graph(p, nnodes, dests, made);
      break;
    case BG_DIST_GRAPH:
      /* Each rank gives its own edges out: one node (itself), of degree dests[0]. */
      MPI_Dist_graph_create(p, 1, &me, dests, dests + 1, weights, MPI_INFO_NULL, 0, made);
      if (!bg_same_neighbours(p, *made, sources, dests)) {
        PMPI_Comm_free(made);
        PMPI_Dist_graph_create_adjacent(p, sources[0], sources + 1, weights, dests[0], dests + 1,
                                        weights, MPI_INFO_NULL, 0, made);
      }
      break;
    default:
      MPI_Dist_graph_create_adjacent(p, sources[0], sources + 1, weights, dests[0], dests + 1,
                                     weights, MPI_INFO_NULL, 0, made);
      break;
  }
  free(weights);
  if (!bg_same_members(*made, members)) {
    /* Another machine's nodes, or a reordered graph: the traced group, unseen by a tracer. */
    MPI_Group world, group = MPI_GROUP_EMPTY;
    if (*made != MPI_COMM_NULL) {
      PMPI_Comm_free(made);
    }
    PMPI_Comm_group(MPI_COMM_WORLD, &world);
    if (members[0] > 0) {
      PMPI_Group_incl(world, members[0], members + 1, &group);
    }
    PMPI_Comm_create(p, group, made);
    if (members[0] > 0) {
      PMPI_Group_free(&group);
    }
    PMPI_Group_free(&world);
  }
}

void bg_comm_idup_info(int parent, int s, MPI_Request *req) {
#if MPI_VERSION >= 4
  MPI_Comm_idup_with_info(bg_comm[parent].c, MPI_INFO_NULL, &bg_comm[s].c, req);
#else
  MPI_Comm_idup(bg_comm[parent].c, &bg_comm[s].c, req);
#endif
}

/* The group of these world ranks ({n, r1, ..., rn}). */
static MPI_Group bg_world_group_of(const int *members) {
  MPI_Group world, group;
  PMPI_Comm_group(MPI_COMM_WORLD, &world);
  PMPI_Group_incl(world, members[0], members + 1, &group);
  PMPI_Group_free(&world);
  return group;
}

#if MPI_VERSION >= 4
/* The string tag of the calls that make slot s: one slot holds one such communicator at a time. */
static void bg_slot_tag(int s, char *tag, size_t n) {
  snprintf(tag, n, "benchgen-%d", s);
}
#endif

void bg_comm_from_group(const int *members, int s) {
  MPI_Group group = bg_world_group_of(members);
#if MPI_VERSION >= 4
  char tag[32];
  bg_slot_tag(s, tag, sizeof tag);
  MPI_Comm_create_from_group(group, tag, MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &bg_comm[s].c);
#else
  PMPI_Comm_create_group(MPI_COMM_WORLD, group, s, &bg_comm[s].c);
#endif
  PMPI_Group_free(&group);
}

void bg_intercomm_from_groups(const int *first, const int *second, int leader, int rleader,
                              int s) {
  int mine = 0;
  for (int i = 0; i < first[0]; i++) {
    mine |= first[1 + i] == bg_comm[0].rank;
  }
  const int *local = mine ? first : second, *remote = mine ? second : first;
#if MPI_VERSION >= 4
  MPI_Group lg = bg_world_group_of(local), rg = bg_world_group_of(remote);
  char tag[32];
  bg_slot_tag(s, tag, sizeof tag);
  MPI_Intercomm_create_from_groups(lg, leader, rg, rleader, tag, MPI_INFO_NULL,
                                   MPI_ERRORS_ARE_FATAL, &bg_comm[s].c);
  PMPI_Group_free(&rg);
#else
  MPI_Group lg = bg_world_group_of(local);
  MPI_Comm within;
  PMPI_Comm_create_group(MPI_COMM_WORLD, lg, s, &within);
  PMPI_Intercomm_create(within, leader, MPI_COMM_WORLD, remote[1 + rleader], s, &bg_comm[s].c);
  PMPI_Comm_free(&within);
#endif
  PMPI_Group_free(&lg);
}

static BG_TLS MPI_Message *bg_msgs;
static BG_TLS int bg_nmsgs, bg_capmsgs;

MPI_Message *bg_msg_new(void) {
  if (bg_nmsgs == bg_capmsgs) {
    bg_capmsgs = bg_capmsgs ? 2 * bg_capmsgs : 16;
    bg_msgs = bg_grow(bg_msgs, (size_t) bg_capmsgs * sizeof *bg_msgs);
  }
  bg_msgs[bg_nmsgs] = MPI_MESSAGE_NULL;
  return &bg_msgs[bg_nmsgs++];
}

MPI_Message *bg_msg_take(int age) {
  static BG_TLS MPI_Message taken;
  if (age < 0 || age >= bg_nmsgs) {
    fprintf(stderr, "benchmark: no probed message of age %d to receive\n", age);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  int at = bg_nmsgs - 1 - age;
  taken = bg_msgs[at];
  bg_nmsgs--;
  for (int i = at; i < bg_nmsgs; i++) {
    bg_msgs[i] = bg_msgs[i + 1];
  }
  return &taken;
}

/* A communicator of this rank's own, made unseen, on which nothing is ever sent: a probe on it
 * finds nothing, a receive on it never completes. */
static MPI_Comm bg_quiet_comm(void) {
  static MPI_Comm quiet = MPI_COMM_NULL;
  /* Two threads' first probes must not both duplicate MPI_COMM_SELF at once (one collective on
   * one communicator from two threads at once is erroneous). */
  BG_PROBE_LOCK();
  if (quiet == MPI_COMM_NULL) {
    PMPI_Comm_dup(MPI_COMM_SELF, &quiet);
  }
  MPI_Comm c = quiet;
  BG_PROBE_UNLOCK();
  return c;
}

static BG_TLS MPI_Request *bg_quiet;
static BG_TLS int bg_nquiet;
static char bg_quiet_buf;

MPI_Request bg_quiet_request(int k) {
  if (k >= bg_nquiet) {
    bg_quiet = bg_grow(bg_quiet, (size_t) (k + 1) * sizeof *bg_quiet);
    for (; bg_nquiet <= k; bg_nquiet++) {
      PMPI_Irecv(&bg_quiet_buf, 1, MPI_BYTE, 0, 0, bg_quiet_comm(), &bg_quiet[bg_nquiet]);
    }
  }
  return bg_quiet[k];
}

void bg_quiet_end(void) {
  for (int k = 0; k < bg_nquiet; k++) {
    PMPI_Cancel(&bg_quiet[k]);
    PMPI_Wait(&bg_quiet[k], MPI_STATUS_IGNORE);
  }
  bg_nquiet = 0;
}

void bg_improbe(int source, int tag, MPI_Comm comm, int found) {
  int flag = 0;
  if (!found) {
    MPI_Message none;
    MPI_Improbe(MPI_ANY_SOURCE, tag, bg_quiet_comm(), &flag, &none, MPI_STATUS_IGNORE);
    return;
  }
  /* Until the message has arrived, unseen: then MPI_Improbe finds it, as traced. Another thread
   * of the rank may probe for the same source and tag (MPICH's mt_improbe tests: every thread on
   * one communicator and tag) and take the message between the two calls, leaving
   * MPI_MESSAGE_NULL for MPI_Mrecv (which aborted): the last look (PMPI_Iprobe) and the take are
   * made under a lock that the other threads' bg_improbe take too, and a message taken before the
   * look is waited for again, unseen. */
  MPI_Message *msg = bg_msg_new();
  for (;;) {
    PMPI_Probe(source, tag, comm, MPI_STATUS_IGNORE);
    BG_PROBE_LOCK();
    int here = 0;
    PMPI_Iprobe(source, tag, comm, &here, MPI_STATUS_IGNORE);
    if (here) {
      MPI_Improbe(source, tag, comm, &flag, msg, MPI_STATUS_IGNORE);
    }
    BG_PROBE_UNLOCK();
    if (flag) {
      return;
    }
  }
}
