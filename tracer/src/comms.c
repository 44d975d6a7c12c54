/* benchgen tracer: communicator ids. The format names a communicator by an id that every member
 * must agree on, and defines each new one by its members (world ranks) on a `comm` line; handles
 * differ from rank to rank and are reused, so they are never recorded. */
#include "core.h"

#include <stdlib.h>

/* Ids must be the same on every member, without talking to the other ranks: a communicator's id is a
 * hash of its member world ranks and of how many communicators with exactly these members this rank
 * has seen created before. Every member takes part in creating each of them, so all agree. */
#define CCAP 1024
static struct { uint64_t key; int64_t id; int used; } g_comms[CCAP];
static struct { uint64_t members; int seen; } g_seen[CCAP];
static int g_nseen;
static MPI_Group g_world_group = MPI_GROUP_NULL;

static int comm_slot(uint64_t k) {
  unsigned i = (unsigned) mix(k) % CCAP;
  for (int probes = 0; probes < CCAP; probes++, i = (i + 1) % CCAP)
    if (!g_comms[i].used || g_comms[i].key == k) return (int) i;
  die("more than 1024 live communicators");
  return -1;
}

static int64_t *g_members;
static int g_nmembers;

/* Members (world ranks) of comm into g_members; returns their count. */
static int members_of(MPI_Comm comm) {
  int n = 0;
  PMPI_Comm_size(comm, &n);
  MPI_Group g;
  PMPI_Comm_group(comm, &g);
  int *in = malloc((size_t) n * sizeof *in), *out = malloc((size_t) n * sizeof *out);
  g_members = realloc(g_members, (size_t) (n ? n : 1) * sizeof *g_members);
  if (!in || !out || !g_members) die("out of memory for communicator members");
  for (int i = 0; i < n; i++) in[i] = i;
  if (g_world_group == MPI_GROUP_NULL) PMPI_Comm_group(MPI_COMM_WORLD, &g_world_group);
  PMPI_Group_translate_ranks(g, n, in, g_world_group, out);
  for (int i = 0; i < n; i++) g_members[i] = out[i];
  PMPI_Group_free(&g);
  free(in);
  free(out);
  g_nmembers = n;
  return n;
}

/* Defines comm (a new communicator) and returns its id. */
int64_t comm_define(MPI_Comm comm, int occurrence_matters) {
  int n = members_of(comm);
  uint64_t h = fnv(FNV_BASIS, g_members, (size_t) n * sizeof *g_members);
  int seen = 0;
  if (occurrence_matters) {
    int i;
    for (i = 0; i < g_nseen && g_seen[i].members != h; i++) {}
    if (i == g_nseen) {
      if (g_nseen == CCAP) die("more than 1024 distinct communicator groups");
      g_seen[g_nseen].members = h;
      g_seen[g_nseen++].seen = 0;
    }
    seen = ++g_seen[i].seen;
  }
  int64_t id = (int64_t) (mix(h + (uint64_t) seen * 0x9e3779b97f4a7c15ULL) % 2147483646u) + 1; /* 1 .. 2^31-1 */
  int s = comm_slot(KEY(comm));
  g_comms[s].key = KEY(comm);
  g_comms[s].id = id;
  g_comms[s].used = 1;
  const uint64_t words[1] = { (uint64_t) id };
  begin_record(K_COMM, 0, 1, words);
  put_list64(F_MEMBERS, g_members, n);
  end_record();
  return id;
}

int64_t comm_id(MPI_Comm comm) {
  if (comm == MPI_COMM_WORLD) return 0;
  if (comm == MPI_COMM_NULL) return V_NULL;
  int s = comm_slot(KEY(comm));
  if (g_comms[s].used) return g_comms[s].id;
  /* Made by a call the tracer does not record (MPI_COMM_SELF, Comm_create_group, ...): define it
   * from its members alone. */
  return comm_define(comm, 0);
}

static int64_t g_freeing = -1;
void bgt_comm_free_before(MPI_Comm comm) {
  if (tracing_off()) { g_freeing = V_NULL; return; }
  g_freeing = comm_id(comm);
  if (comm == MPI_COMM_WORLD || comm == MPI_COMM_NULL) return;
  int s = comm_slot(KEY(comm));
  /* Deleting from linear probing: re-insert the rest of the cluster. */
  g_comms[s].used = 0;
  for (int i = (s + 1) % CCAP; g_comms[i].used; i = (i + 1) % CCAP) {
    uint64_t k = g_comms[i].key;
    int64_t id = g_comms[i].id;
    g_comms[i].used = 0;
    int t = comm_slot(k);
    g_comms[t].key = k;
    g_comms[t].id = id;
    g_comms[t].used = 1;
  }
}

int64_t comm_freed(void) { return g_freeing; }

/* The world group is kept for translating ranks; MPI wants it freed before MPI_Finalize. */
void comm_forget_world(void) {
  if (g_world_group != MPI_GROUP_NULL) PMPI_Group_free(&g_world_group);
}
