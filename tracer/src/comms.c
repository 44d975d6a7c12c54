/* benchgen tracer: communicator ids. The format names a communicator by an id that every member
 * must agree on, and defines each new one by its members (world ranks) on a `comm` line; handles
 * differ from rank to rank and are reused, so they are never recorded. */
#include "core.h"

#include <stdlib.h>
#include <string.h>

/* Ids must be the same on every member, without talking to the other ranks, and unique among the
 * communicators alive at once. A communicator is named by where it was made (its place: how, on
 * which parent, with which members) and by its slot there: the lowest number that no live
 * communicator of the same place holds. A freed communicator's slot is taken again by the next
 * one made at the same place, so a communicator made and freed in a loop keeps one id and its
 * calls fold (issue 50, as Pilgrim numbers them). Every member agrees on the slot: each
 * communicator of the place has exactly these members, every one of which made it and frees it
 * (both collective over the members, in one order in a correct program). The id is a hash of
 * (how made, slot, members), about 60 bits wide (31 bits collided among ~50,000 communicators);
 * an id that comes back has its first members, so it is defined once (g_defined). A communicator
 * made by a recorded call on a parent is placed by the parent's id; one first seen in use, made by
 * a call the tracer does not record (MPI_COMM_SELF, ...), by its members alone. */
#define CCAP 1024
static struct { uint64_t key; int64_t id; int used; uint64_t place; int slot; } g_comms[CCAP];
static MPI_Group g_world_group = MPI_GROUP_NULL;

static int comm_slot(uint64_t k) {
  unsigned i = (unsigned) mix(k) % CCAP;
  for (int probes = 0; probes < CCAP; probes++, i = (i + 1) % CCAP)
    if (!g_comms[i].used || g_comms[i].key == k) return (int) i;
  die("more than 1024 live communicators");
  return -1;
}

/* The lowest slot of place that no live communicator holds (at most CCAP are live). */
static int free_slot(uint64_t place) {
  static unsigned char taken[CCAP + 1];
  memset(taken, 0, sizeof taken);
  for (int i = 0; i < CCAP; i++)
    if (g_comms[i].used && g_comms[i].place == place && g_comms[i].slot < CCAP)
      taken[g_comms[i].slot] = 1;
  int s = 0;
  while (taken[s]) s++;
  return s;
}

/* The ids this rank has defined (an open-addressing set, grown at half full): an id made again
 * at its slot is not defined again, as the formats define an id once. */
static int64_t *g_defined;
static size_t g_ndefined, g_capdefined;

/* Adds id to the set; 1 if it was new. */
static int newly_defined(int64_t id) {
  if (2 * (g_ndefined + 1) > g_capdefined) {
    size_t cap = g_capdefined ? 2 * g_capdefined : 64;
    int64_t *t = calloc(cap, sizeof *t);
    if (!t) die("out of memory for communicator ids");
    for (size_t i = 0; i < g_capdefined; i++) {
      if (!g_defined[i]) continue;
      size_t j = (size_t) mix((uint64_t) g_defined[i]) % cap;
      while (t[j]) j = (j + 1) % cap;
      t[j] = g_defined[i];
    }
    free(g_defined);
    g_defined = t;
    g_capdefined = cap;
  }
  size_t j = (size_t) mix((uint64_t) id) % g_capdefined;
  for (; g_defined[j]; j = (j + 1) % g_capdefined)
    if (g_defined[j] == id) return 0;
  g_defined[j] = id; /* ids are >= 1: 0 marks an empty cell */
  g_ndefined++;
  return 1;
}

static int64_t *g_members, *g_remote;

/* The world ranks of group g into *into; their count, or -1 if one is outside the world (a process
 * that MPI_Comm_spawn, connect, accept or join reached). */
static int world_ranks(MPI_Group g, int64_t **into) {
  int n = 0;
  PMPI_Group_size(g, &n);
  int *in = malloc((size_t) (n ? n : 1) * sizeof *in), *out = malloc((size_t) (n ? n : 1) * sizeof *out);
  *into = realloc(*into, (size_t) (n ? n : 1) * sizeof **into);
  if (!in || !out || !*into) die("out of memory for communicator members");
  for (int i = 0; i < n; i++) in[i] = i;
  if (g_world_group == MPI_GROUP_NULL) PMPI_Comm_group(MPI_COMM_WORLD, &g_world_group);
  if (n > 0) PMPI_Group_translate_ranks(g, n, in, g_world_group, out);
  int inside = 1;
  for (int i = 0; i < n; i++) {
    inside &= out[i] != MPI_UNDEFINED;
    (*into)[i] = out[i];
  }
  free(in);
  free(out);
  return inside ? n : -1;
}

/* The world ranks of comm's local group (remote = 0) or remote group into *into, as world_ranks. */
static int group_of(MPI_Comm comm, int remote, int64_t **into) {
  MPI_Group g;
  if (remote) {
    PMPI_Comm_remote_group(comm, &g);
  } else {
    PMPI_Comm_group(comm, &g);
  }
  int n = world_ranks(g, into);
  PMPI_Group_free(&g);
  return n;
}

static int64_t *g_group;

int group_world(MPI_Group g, const int64_t **ranks) {
  int n = g == MPI_GROUP_NULL ? 0 : world_ranks(g, &g_group);
  *ranks = g_group;
  return n < 0 ? 0 : n;
}

/* Members (world ranks) of comm into g_members (its local group, on an intercommunicator);
 * returns their count. */
static int members_of(MPI_Comm comm) {
  int n = group_of(comm, 0, &g_members);
  return n < 0 ? 0 : n;
}

/* An intercommunicator's remote group (world ranks) into g_remote; its size, or -1 when it holds
 * processes outside the world, which the stream then says it cannot record. */
static int remote_of(MPI_Comm comm) {
  int n = group_of(comm, 1, &g_remote);
  if (n >= 0) return n;
  bgt_call c = { 0 };
  c.on = 1;
  bgt_unsupported(&c, U_SPAWN);
  return -1;
}

/* A hash of a communicator's members that every rank of it computes alike: on an
 * intercommunicator each side's local group is the other's remote one, so the two groups' hashes
 * are taken in order of value. Defines *nremote (0: intra, -1: outside the world). */
static uint64_t members_hash(MPI_Comm comm, int n, int *nremote) {
  uint64_t h = fnv(FNV_BASIS, g_members, (size_t) n * sizeof *g_members);
  int inter = 0;
  PMPI_Comm_test_inter(comm, &inter);
  *nremote = inter ? remote_of(comm) : 0;
  if (*nremote <= 0) return h;
  uint64_t r = fnv(FNV_BASIS, g_remote, (size_t) *nremote * sizeof *g_remote);
  uint64_t pair[2] = { h < r ? h : r, h < r ? r : h };
  return fnv(FNV_BASIS, pair, sizeof pair);
}

/* An id from a hash: 1 .. 10^18 - 1 (0 is the world; the readers' limit, CommMembers.MAX_ID). */
static int64_t id_of(uint64_t h) {
  return (int64_t) (mix(h) % 999999999999999999ULL) + 1;
}

/* Defines comm (a new communicator) and returns its id: how says how it was made (a parent's id,
 * or a domain below); its members are those of like (comm itself, or the parent of a dup that may
 * not be usable yet). Its place is (how, members); its slot the lowest free there. */
static int64_t comm_define(MPI_Comm comm, MPI_Comm like, uint64_t how) {
  int n = members_of(like), nremote = 0;
  uint64_t h = members_hash(like, n, &nremote);
  uint64_t where[2] = { how, h };
  uint64_t place = fnv(FNV_BASIS, where, sizeof where);
  int slot = free_slot(place);
  uint64_t made[3] = { how, (uint64_t) slot, h };
  int64_t id = id_of(fnv(FNV_BASIS, made, 3 * sizeof *made));
  int s = comm_slot(KEY(comm));
  g_comms[s].key = KEY(comm);
  g_comms[s].id = id;
  g_comms[s].used = 1;
  g_comms[s].place = place;
  g_comms[s].slot = slot;
  if (!newly_defined(id)) return id;
  const uint64_t words[1] = { (uint64_t) id };
  begin_record(K_COMM, 0, 1, words);
  put_list64(F_MEMBERS, g_members, n);
  if (nremote > 0) put_list64(F_REMOTE, g_remote, nremote);
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
  return comm_define(comm, comm, UINT64_MAX);
}

/* Made on parent by its members (those that get MPI_COMM_NULL hold no slot). */
static int64_t made_on(MPI_Comm newcomm, MPI_Comm parent, MPI_Comm like) {
  uint64_t how = (uint64_t) comm_id(parent);
  return newcomm == MPI_COMM_NULL ? V_NULL : comm_define(newcomm, like, how);
}

int64_t comm_made(MPI_Comm newcomm, MPI_Comm parent) { return made_on(newcomm, parent, newcomm); }

/* The first word of what names a communicator says how it was made: a parent's id (below 2^60)
 * for a recorded creation, UINT64_MAX for one met in use, and these top bits, with a hash of the
 * call's key below them, for the calls that are not creations on one parent. */
#define DOMAINS (3ULL << 62)
#define INTER (2ULL << 62)
#define GROUPED (1ULL << 62)

/* MPI_Comm_create_group is made by the group's members alone, in the same order for one parent,
 * group and tag: its place is the parent, group and tag (the parent's other members take no part),
 * in its own domain of ids. */
int64_t comm_grouped(MPI_Comm newcomm, MPI_Comm parent, int tag) {
  if (newcomm == MPI_COMM_NULL) return V_NULL;
  int n = members_of(newcomm);
  uint64_t key[3] = { (uint64_t) comm_id(parent), (uint64_t) tag,
                      fnv(FNV_BASIS, g_members, (size_t) n * sizeof *g_members) };
  uint64_t k = fnv(FNV_BASIS, key, sizeof key);
  return comm_define(newcomm, newcomm, GROUPED | (k & ~DOMAINS));
}

/* MPI_Intercomm_create's two groups make it on two parents, in the same order for one pair of
 * groups and tag (their leaders pair the calls up): its place is the groups and the tag, in a
 * domain of its own. */
int64_t comm_inter(MPI_Comm newcomm, int tag) {
  int n = members_of(newcomm), nremote = 0;
  uint64_t key[2] = { (uint64_t) tag, members_hash(newcomm, n, &nremote) };
  uint64_t k = fnv(FNV_BASIS, key, sizeof key);
  return comm_define(newcomm, newcomm, INTER | (k & ~DOMAINS));
}

/* MPI_Comm_idup's communicator may not be used before its request completes: a dup has its
 * parent's members. */
int64_t comm_duplicated(MPI_Comm newcomm, MPI_Comm parent) {
  return made_on(newcomm, parent, parent);
}

/* Takes comm out of the table of ids. */
static void forget(MPI_Comm comm) {
  int s = comm_slot(KEY(comm));
  /* Deleting from linear probing: re-insert the rest of the cluster. */
  g_comms[s].used = 0;
  for (int i = (s + 1) % CCAP; g_comms[i].used; i = (i + 1) % CCAP) {
    uint64_t k = g_comms[i].key, place = g_comms[i].place;
    int64_t id = g_comms[i].id;
    int slot = g_comms[i].slot;
    g_comms[i].used = 0;
    int t = comm_slot(k);
    g_comms[t].key = k;
    g_comms[t].id = id;
    g_comms[t].used = 1;
    g_comms[t].place = place;
    g_comms[t].slot = slot;
  }
}

static BGT_TLS int64_t g_freeing = -1; /* this thread's MPI_Comm_free in progress */
void bgt_comm_free_before(bgt_call *c, MPI_Comm comm) {
  if (tracing_off()) { g_freeing = V_NULL; return; }
  record_lock();
  g_freeing = comm_id(comm);
  if (comm != MPI_COMM_WORLD && comm != MPI_COMM_NULL) forget(comm);
  record_unlock();
}

int64_t comm_freed(void) { return g_freeing; }

/* The world group is kept for translating ranks; MPI wants it freed before MPI_Finalize. */
void comm_forget_world(void) {
  if (g_world_group != MPI_GROUP_NULL) PMPI_Group_free(&g_world_group);
}
