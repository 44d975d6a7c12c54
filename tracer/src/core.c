/* benchgen tracer core: event buffer, text writer, and the tables that turn MPI handles into what
 * docs/trace-format.md records (communicator ids, request ids, datatype names, call sites). */
#define _GNU_SOURCE
#include "bgt.h"

#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- values ------------------------------------------------------------------------------------ */

/* The texts of the vocabulary's ids, from mpi-vocabulary.def. */
static const char *const FIELD_NAME[] = {
#define BG_FIELD(id, key, kind) [F_##id] = key,
#include "vocab_each.h"
  [F_MEMBERS] = "members",
};
static const char *const OP_NAME[] = {
#define BG_CALL(id, name, kind, required, optional) [BGT_##id] = name,
#include "vocab_each.h"
};
static const char *const SYM_NAME[] = {
#define BG_SYMBOL(id, text) [SYM_##id] = text,
#include "vocab_each.h"
};
static const char *const SYNTAX[] = {
#define BG_SYNTAX(id, text) [SYNTAX_##id] = text,
#include "vocab_each.h"
};
/* Fields whose value is a name id (printed as the interned string). */
#define IS_NAME_FIELD(f) ((f) == F_TYPE || (f) == F_RTYPE || (f) == F_OP)

static int64_t peer_value(int p) {
  return p == MPI_ANY_SOURCE ? V_ANY_SOURCE : p == MPI_PROC_NULL ? V_PROC_NULL : p;
}
static int64_t tag_value(int t) { return t == MPI_ANY_TAG ? V_ANY_TAG : t; }

/* ---- state ------------------------------------------------------------------------------------- */

static int g_depth;            /* nesting of wrapped calls; only depth 1 is recorded */
static int g_off;              /* tracing disabled (BENCHGEN_TRACE=0, or after finalize) */
static int g_started, g_initialized, g_flushed_final;
static int g_rank = -1, g_size = 0;
static int g_site_depth = 1;
static char g_dir[4096];
static char g_part[4300], g_final[4200];
static int g_fd = -1;

/* Event buffer: records of 64-bit words. Record = header word (kind | op << 8 | nwords << 16), then
 * kind-specific words, then items (item header: field | n << 8 | list << 40, then n value words). */
enum { K_EVENT = 1, K_COMM = 2, K_SITE = 3 };
static uint64_t *g_buf;
static size_t g_len, g_cap, g_limit, g_limit0; /* words used, allocated, flush threshold */
static uint64_t g_base;             /* absolute position of g_buf[0] (words already written out) */
static size_t g_rec;                /* start of the record being built */

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

static void die(const char *what) {
  fprintf(stderr, "benchgen-trace: %s\n", what);
  abort();
}

static void reserve(size_t words) {
  if (g_len + words <= g_cap) return;
  size_t cap = g_cap ? g_cap : 1 << 16;
  while (cap < g_len + words) cap *= 2;
  uint64_t *b = realloc(g_buf, cap * sizeof *b);
  if (!b) die("out of memory for the event buffer");
  g_buf = b;
  g_cap = cap;
}

/* ---- names ------------------------------------------------------------------------------------- */

static char **g_names;
static int g_nnames, g_capnames;

static int64_t intern(const char *s) {
  for (int i = g_nnames - 1; i >= 0; i--) /* only on cache misses; few distinct names */
    if (strcmp(g_names[i], s) == 0) return i;
  if (g_nnames == g_capnames) {
    g_capnames = g_capnames ? 2 * g_capnames : 64;
    g_names = realloc(g_names, g_capnames * sizeof *g_names);
    if (!g_names) die("out of memory for names");
  }
  g_names[g_nnames] = strdup(s);
  return g_nnames++;
}

static uint64_t key_of(const void *h, size_t n) {
  uint64_t k = 0;
  memcpy(&k, h, n < sizeof k ? n : sizeof k);
  return k;
}
#define KEY(h) key_of(&(h), sizeof(h))

static uint64_t mix(uint64_t x) {
  x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL; x ^= x >> 33;
  return x;
}

/* Datatypes: name and size per handle, cached. A freed derived type's handle may come back for
 * another type; the size is therefore asked every time, only the name is cached. */
#define TCACHE 256
static struct { uint64_t key; int64_t name; int used; } g_types[TCACHE];

static void type_info(MPI_Datatype t, int64_t *name, int64_t *size) {
  if (t == MPI_DATATYPE_NULL) {
    static int64_t null_name = -1;
    if (null_name < 0) null_name = intern("MPI_DATATYPE_NULL");
    *name = null_name;
    *size = 0;
    return;
  }
  int sz = 0;
  PMPI_Type_size(t, &sz);
  *size = sz;
  uint64_t k = KEY(t);
  unsigned slot = (unsigned) (mix(k) % TCACHE);
  if (g_types[slot].used && g_types[slot].key == k) {
    *name = g_types[slot].name;
    return;
  }
  char buf[MPI_MAX_OBJECT_NAME + 1] = "";
  int len = 0;
  PMPI_Type_get_name(t, buf, &len);
  *name = intern(len > 0 ? buf : "derived");
  g_types[slot].key = k;
  g_types[slot].name = *name;
  g_types[slot].used = 1;
}

static int64_t op_name(MPI_Op op) {
  static const struct { MPI_Op op; const char *name; } known[] = {
    {MPI_SUM, "MPI_SUM"}, {MPI_PROD, "MPI_PROD"}, {MPI_MAX, "MPI_MAX"}, {MPI_MIN, "MPI_MIN"},
    {MPI_LAND, "MPI_LAND"}, {MPI_LOR, "MPI_LOR"}, {MPI_LXOR, "MPI_LXOR"}, {MPI_BAND, "MPI_BAND"},
    {MPI_BOR, "MPI_BOR"}, {MPI_BXOR, "MPI_BXOR"}, {MPI_MAXLOC, "MPI_MAXLOC"},
    {MPI_MINLOC, "MPI_MINLOC"}, {MPI_REPLACE, "MPI_REPLACE"}, {MPI_NO_OP, "MPI_NO_OP"},
  };
  static int64_t ids[sizeof known / sizeof known[0]];
  static int64_t user = -1;
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
    if (op == known[i].op) {
      if (!ids[i]) ids[i] = intern(known[i].name) + 1;
      return ids[i] - 1;
    }
  }
  if (user < 0) user = intern("user");
  return user;
}

/* ---- record building ----------------------------------------------------------------------------- */

static void put(int f, int64_t v) {
  reserve(2);
  g_buf[g_len++] = (uint64_t) f | (1ULL << 8);
  g_buf[g_len++] = (uint64_t) v;
}
/* Returns the absolute position of the value word, for a later patch. */
static uint64_t put_patchable(int f) {
  put(f, V_UNSET);
  return g_base + g_len - 1;
}
static void put_list64(int f, const int64_t *v, int n) {
  reserve(1 + (size_t) n);
  g_buf[g_len++] = (uint64_t) f | ((uint64_t) n << 8) | (1ULL << 40);
  for (int i = 0; i < n; i++) g_buf[g_len++] = (uint64_t) v[i];
}
static void put_list_int(int f, const int *v, int n) {
  reserve(1 + (size_t) n);
  g_buf[g_len++] = (uint64_t) f | ((uint64_t) n << 8) | (1ULL << 40);
  for (int i = 0; i < n; i++) g_buf[g_len++] = (uint64_t) (int64_t) v[i];
}
/* A datatype as two fields: its name and its size. */
static void put_datatype(int ftype, int ftsize, MPI_Datatype t) {
  int64_t name, size;
  type_info(t, &name, &size);
  put(ftype, name);
  put(ftsize, size);
}
static void put_type(int fcount, int ftype, int ftsize, int count, MPI_Datatype t) {
  put(fcount, count);
  put_datatype(ftype, ftsize, t);
}

static void begin_record(int kind, int op, int extra) {
  reserve(1 + (size_t) extra);
  g_rec = g_len;
  g_buf[g_len++] = (uint64_t) kind | ((uint64_t) op << 8);
  g_len += (size_t) extra;
}
static void flush_some(int final);
static void end_record(void) {
  g_buf[g_rec] |= (uint64_t) (g_len - g_rec) << 16;
  if (g_len >= g_limit && g_initialized) flush_some(0);
}

static void begin_event(bgt_call *c, int op) {
  uint64_t exit = now_ns();
  begin_record(K_EVENT, op, 3);
  g_buf[g_rec + 1] = c->site;
  g_buf[g_rec + 2] = c->enter;
  g_buf[g_rec + 3] = exit;
}

/* ---- call sites ---------------------------------------------------------------------------------- */

/* A site is a hash of the return addresses, each taken relative to the object (executable or
 * library) it lies in, so that address-space randomisation gives every rank the same site. */
static uintptr_t g_self_base;
#define SCACHE 4096
static struct { uint64_t key; uint64_t site; } g_sites[SCACHE];

static uint64_t fnv(uint64_t h, const void *p, size_t n) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 0x100000001b3ULL; }
  return h;
}

static int in_self(void *addr) {
  Dl_info di;
  return dladdr(addr, &di) && (uintptr_t) di.dli_fbase == g_self_base;
}

static uint64_t describe_sites(void *const *addrs, int n) {
  char desc[2048];
  size_t used = 0;
  uint64_t h = 0xcbf29ce484222325ULL;
  for (int i = 0; i < n; i++) {
    Dl_info di;
    const char *obj = "?";
    uintptr_t off = (uintptr_t) addrs[i];
    if (dladdr(addrs[i], &di) && di.dli_fname) {
      obj = strrchr(di.dli_fname, '/') ? strrchr(di.dli_fname, '/') + 1 : di.dli_fname;
      off -= (uintptr_t) di.dli_fbase;
    }
    /* Report the call instruction (return address - 1) so addr2line names the line of the call. */
    off -= 1;
    h = fnv(h, obj, strlen(obj));
    h = fnv(h, &off, sizeof off);
    if (used < sizeof desc - 64) {
      int w = snprintf(desc + used, sizeof desc - used, "%s%s+0x%lx", i ? " < " : "", obj,
                       (unsigned long) off);
      if (w > 0) used += (size_t) w;
    }
  }
  uint64_t site = h & 0xffffffffffffULL; /* 12 hex digits: short, and collisions stay unlikely */
  begin_record(K_SITE, 0, 2);
  g_buf[g_rec + 1] = site;
  /* Object names come from the file system: keep them printable for the comment line. */
  for (size_t i = 0; i < used; i++)
    if ((unsigned char) desc[i] < 0x20 || (unsigned char) desc[i] > 0x7e) desc[i] = '?';
  g_buf[g_rec + 2] = (uint64_t) intern(desc);
  end_record();
  return site;
}

static uint64_t site_of(void *ret) {
  if (g_site_depth <= 1) {
    uint64_t k = (uint64_t) (uintptr_t) ret;
    unsigned slot = (unsigned) (mix(k) % SCACHE);
    if (g_sites[slot].key == k && k) return g_sites[slot].site;
    uint64_t s = describe_sites(&ret, 1);
    g_sites[slot].key = k;
    g_sites[slot].site = s;
    return s;
  }
  void *frames[72];
  int n = backtrace(frames, 64);
  int first = 0;
  while (first < n && in_self(frames[first])) first++;
  int take = n - first < g_site_depth ? n - first : g_site_depth;
  if (take <= 0) return describe_sites(&ret, 1);
  uint64_t k = fnv(0xcbf29ce484222325ULL, frames + first, (size_t) take * sizeof(void *));
  unsigned slot = (unsigned) (mix(k) % SCACHE);
  if (g_sites[slot].key == k && k) return g_sites[slot].site;
  uint64_t s = describe_sites(frames + first, take);
  g_sites[slot].key = k;
  g_sites[slot].site = s;
  return s;
}

static void start(void) {
  g_started = 1;
  const char *off = getenv("BENCHGEN_TRACE");
  g_off = off && strcmp(off, "0") == 0;
  const char *d = getenv("BENCHGEN_TRACE_SITE_DEPTH");
  if (d && *d) {
    g_site_depth = atoi(d);
    if (g_site_depth < 1 || g_site_depth > 32) {
      fprintf(stderr, "benchgen-trace: BENCHGEN_TRACE_SITE_DEPTH=%s is not in 1..32; using 1\n", d);
      g_site_depth = 1;
    }
  }
  const char *mb = getenv("BENCHGEN_TRACE_BUFFER_MB");
  long limit_mb = mb && *mb ? atol(mb) : 64;
  if (limit_mb < 1) limit_mb = 1;
  g_limit = g_limit0 = (size_t) limit_mb * 1024 * 1024 / sizeof(uint64_t);
  Dl_info di;
  if (dladdr((void *) &start, &di)) g_self_base = (uintptr_t) di.dli_fbase;
}

void bgt_enter(bgt_call *c, void *ret) {
  if (!g_started) start();
  c->on = g_depth++ == 0 && !g_off;
  if (!c->on) return;
  c->site = site_of(ret);
  c->enter = now_ns();
}

void bgt_leave(bgt_call *c) {
  (void) c;
  g_depth--;
}

/* ---- requests ------------------------------------------------------------------------------------ */

/* Live requests by handle. Implementations reuse handles (Open MPI hands out one static request for
 * every send to MPI_PROC_NULL), so one handle may stand for several live ids: they chain in creation
 * order and a call that names the handle k times takes the k oldest. */
enum { R_SEND = 1, R_RECV = 2, R_COLL = 3 };
typedef struct {
  uint64_t key;
  int64_t id;
  int kind, persistent, wildcard, claim;
  int64_t send_bytes;
  uint64_t rec;   /* absolute start of the record to patch at completion, or UINT64_MAX */
  uint64_t patch; /* absolute position of its first patched value word */
  int next;       /* next entry with the same handle, or -1 */
  int used;
} req_entry;

static req_entry *g_reqs;
static int g_nreqs, g_capreqs, g_freereq = -1;
static int *g_rhash; /* open addressing: entry index of the oldest live entry per handle, or -1 */
static int g_rhcap, g_rhused;
static int64_t g_next_req = 1;
static int g_claim;

/* A free slot for a handle that has none (tombstones are reused: the same handle coming back for
 * every request, as for sends to MPI_PROC_NULL, must not lengthen the probe each time). */
static int rh_free_slot(uint64_t k) {
  unsigned m = (unsigned) g_rhcap - 1, i = (unsigned) mix(k) & m;
  while (g_rhash[i] >= 0) i = (i + 1) & m;
  return (int) i;
}
static int rh_lookup(uint64_t k) {
  if (!g_rhcap) return -1;
  unsigned m = (unsigned) g_rhcap - 1, i = (unsigned) mix(k) & m;
  while (g_rhash[i] != -1) {
    if (g_rhash[i] >= 0 && g_reqs[g_rhash[i]].key == k) return (int) i;
    i = (i + 1) & m;
  }
  return -1;
}
static void rh_grow(void) {
  int old = g_rhcap, *oh = g_rhash;
  g_rhcap = old ? old * 2 : 1024;
  g_rhash = malloc((size_t) g_rhcap * sizeof *g_rhash);
  if (!g_rhash) die("out of memory for requests");
  for (int i = 0; i < g_rhcap; i++) g_rhash[i] = -1;
  g_rhused = 0;
  for (int i = 0; i < old; i++)
    if (oh[i] >= 0) { g_rhash[rh_free_slot(g_reqs[oh[i]].key)] = oh[i]; g_rhused++; }
  free(oh);
}

static req_entry *req_add(MPI_Request r, int kind, int persistent, int64_t send_bytes) {
  int e;
  if (g_freereq >= 0) {
    e = g_freereq;
    g_freereq = g_reqs[e].next;
  } else {
    if (g_nreqs == g_capreqs) {
      g_capreqs = g_capreqs ? 2 * g_capreqs : 256;
      g_reqs = realloc(g_reqs, (size_t) g_capreqs * sizeof *g_reqs);
      if (!g_reqs) die("out of memory for requests");
    }
    e = g_nreqs++;
  }
  req_entry *x = &g_reqs[e];
  memset(x, 0, sizeof *x);
  x->key = KEY(r);
  x->id = g_next_req++;
  x->kind = kind;
  x->persistent = persistent;
  x->send_bytes = send_bytes;
  x->rec = UINT64_MAX;
  x->next = -1;
  x->used = 1;
  if (2 * (g_rhused + 1) > g_rhcap) rh_grow();
  int s = rh_lookup(x->key);
  if (s < 0) {
    int f = rh_free_slot(x->key);
    if (g_rhash[f] == -1) g_rhused++; /* a reused tombstone was counted already */
    g_rhash[f] = e;
  } else {
    int t = g_rhash[s];
    while (g_reqs[t].next >= 0) t = g_reqs[t].next;
    g_reqs[t].next = e;
  }
  return x;
}

static void req_remove(req_entry *x) {
  int e = (int) (x - g_reqs);
  int s = rh_lookup(x->key);
  if (s >= 0) {
    if (g_rhash[s] == e) {
      if (x->next >= 0) g_rhash[s] = x->next;
      else g_rhash[s] = -2; /* tombstone keeps later probes intact */
    } else {
      for (int t = g_rhash[s]; t >= 0; t = g_reqs[t].next)
        if (g_reqs[t].next == e) { g_reqs[t].next = x->next; break; }
    }
  }
  x->used = 0;
  x->next = g_freereq;
  g_freereq = e;
}

/* The oldest live entry for this handle that the current call has not taken yet. */
static req_entry *req_claim(MPI_Request r) {
  if (r == MPI_REQUEST_NULL) return NULL;
  int s = rh_lookup(KEY(r));
  if (s < 0) return NULL;
  for (int t = g_rhash[s]; t >= 0; t = g_reqs[t].next)
    if (g_reqs[t].claim != g_claim) { g_reqs[t].claim = g_claim; return &g_reqs[t]; }
  return NULL;
}

static int64_t status_bytes(const MPI_Status *st) {
  int n = 0;
  if (PMPI_Get_count(st, MPI_BYTE, &n) != MPI_SUCCESS || n == MPI_UNDEFINED) return 0;
  return n;
}

static void patch_at(uint64_t abs, int64_t v) {
  if (abs >= g_base && abs - g_base < g_len) g_buf[abs - g_base] = (uint64_t) v;
}

/* A request completed with status st (NULL: none available). */
static void req_complete(req_entry *x, const MPI_Status *st) {
  if (x->rec != UINT64_MAX && st) {
    if (x->kind == R_RECV && !x->persistent) {
      patch_at(x->patch, status_bytes(st));
      if (x->wildcard) {
        patch_at(x->patch + 2, peer_value(st->MPI_SOURCE));
        patch_at(x->patch + 4, tag_value(st->MPI_TAG));
      }
    } else if (x->kind == R_RECV) { /* persistent receive: add to the Start(all) that started it */
      if (x->patch >= g_base && x->patch - g_base < g_len) {
        int64_t v = (int64_t) g_buf[x->patch - g_base];
        patch_at(x->patch, (v == V_UNSET ? 0 : v) + status_bytes(st));
      }
    }
  }
  x->rec = UINT64_MAX;
  if (!x->persistent) req_remove(x);
}

/* ---- communicators ------------------------------------------------------------------------------- */

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
static int64_t comm_define(MPI_Comm comm, int occurrence_matters) {
  int n = members_of(comm);
  uint64_t h = fnv(0xcbf29ce484222325ULL, g_members, (size_t) n * sizeof *g_members);
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
  begin_record(K_COMM, 0, 1);
  g_buf[g_rec + 1] = (uint64_t) id;
  put_list64(F_MEMBERS, g_members, n);
  end_record();
  return id;
}

static int64_t comm_id(MPI_Comm comm) {
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
  if (g_off) { g_freeing = V_NULL; return; }
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

/* ---- writer -------------------------------------------------------------------------------------- */

static char *g_out;
static size_t g_outlen;
#define OUTCAP (1 << 20)

static void out_flush(void) {
  size_t done = 0;
  while (done < g_outlen) {
    ssize_t w = write(g_fd, g_out + done, g_outlen - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) { perror("benchgen-trace: writing the trace"); break; }
    done += (size_t) w;
  }
  g_outlen = 0;
}
static void out_str(const char *s) {
  size_t n = strlen(s);
  if (g_outlen + n + 1 > OUTCAP) out_flush();
  if (n >= OUTCAP) { n = OUTCAP - 1; }
  memcpy(g_out + g_outlen, s, n);
  g_outlen += n;
}
static void out_ch(char c) {
  if (g_outlen + 1 > OUTCAP) out_flush();
  g_out[g_outlen++] = c;
}
static void out_u64(uint64_t v) {
  char tmp[24];
  int n = 0;
  do { tmp[n++] = (char) ('0' + v % 10); v /= 10; } while (v);
  if (g_outlen + (size_t) n > OUTCAP) out_flush();
  while (n) g_out[g_outlen++] = tmp[--n];
}
static void out_i64(int64_t v) {
  if (v < 0) { out_ch('-'); out_u64((uint64_t) 0 - (uint64_t) v); }
  else out_u64((uint64_t) v);
}
static void out_hex(uint64_t v, int digits) {
  static const char hex[] = "0123456789abcdef";
  for (int i = digits - 1; i >= 0; i--) out_ch(hex[(v >> (4 * i)) & 15]);
}
/* Names are percent-encoded as the format requires (anything but printable ASCII without the
 * separators), so no datatype name can break a line or add a field. */
static void out_name(const char *s) {
  for (const unsigned char *p = (const unsigned char *) s; *p; p++) {
    if (*p <= 0x20 || *p >= 0x7f || strchr(SYNTAX[SYNTAX_ESCAPED_IN_NAMES], *p)) {
      out_ch('%');
      out_hex(*p, 2);
    } else {
      out_ch((char) *p);
    }
  }
}
static void out_value(int f, int64_t v) {
  if (v > INT64_MIN && v < V_UNSET) out_str(SYM_NAME[v - INT64_MIN]);
  else if (IS_NAME_FIELD(f)) out_name(g_names[v]);
  else out_i64(v);
}

static void write_record(const uint64_t *r) {
  int kind = (int) (r[0] & 0xff), op = (int) ((r[0] >> 8) & 0xff);
  size_t n = (size_t) (r[0] >> 16), i;
  if (kind == K_SITE) {
    out_str("# site ");
    out_hex(r[1], 12);
    out_str(" = ");
    out_str(g_names[r[2]]);
    out_ch('\n');
    return;
  }
  if (kind == K_COMM) {
    out_str("comm id=");
    out_u64(r[1]);
    i = 2;
  } else {
    out_str(OP_NAME[op]);
    out_str(" site=");
    out_hex(r[1], 12);
    out_str(" enter=");
    out_u64(r[2]);
    out_str(" exit=");
    out_u64(r[3]);
    i = 4;
  }
  while (i < n) {
    uint64_t h = r[i++];
    int f = (int) (h & 0xff);
    size_t cnt = (size_t) ((h >> 8) & 0xffffffffULL);
    if (h >> 40) {
      out_ch(' ');
      out_str(FIELD_NAME[f]);
      out_ch('=');
      for (size_t j = 0; j < cnt; j++) {
        if (j) out_ch(',');
        out_value(f, (int64_t) r[i + j]);
      }
    } else if ((int64_t) r[i] != V_UNSET) {
      out_ch(' ');
      out_str(FIELD_NAME[f]);
      out_ch('=');
      out_value(f, (int64_t) r[i]);
    }
    i += cnt;
  }
  out_ch('\n');
}

/* Writes out every record before the first one still waiting for a patch (all of them if final,
 * or if waiting records alone fill the buffer four times over: those lose the awaited fields). */
static void flush_some(int final) {
  if (g_fd < 0) return;
  uint64_t upto = g_base + g_len;
  if (!final) {
    for (int e = 0; e < g_nreqs; e++)
      if (g_reqs[e].used && g_reqs[e].rec < upto) upto = g_reqs[e].rec;
    if (upto - g_base < g_len / 2 && g_len < 4 * g_limit) {
      if (g_len >= g_limit) g_limit = g_len + g_limit / 2; /* wait for completions */
      return;
    }
  }
  size_t stop = (size_t) (upto - g_base), i = 0;
  while (i < stop) {
    write_record(g_buf + i);
    i += (size_t) (g_buf[i] >> 16);
  }
  out_flush();
  memmove(g_buf, g_buf + stop, (g_len - stop) * sizeof *g_buf);
  g_len -= stop;
  g_base += stop;
  g_limit = g_limit0;
  for (int e = 0; e < g_nreqs; e++)
    if (g_reqs[e].used && g_reqs[e].rec < g_base) g_reqs[e].rec = UINT64_MAX;
}

static void mkdirs(const char *path) {
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s", path);
  for (char *p = tmp + 1; *p; p++)
    if (*p == '/') { *p = 0; mkdir(tmp, 0755); *p = '/'; }
  mkdir(tmp, 0755);
}

static void finish(int truncated);
static struct sigaction g_old[32];
static const int SIGNALS[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTERM, SIGINT };

static void on_signal(int sig) {
  finish(1);
  sigaction(sig, &g_old[sig], NULL);
  raise(sig);
}
static void on_exit_hook(void) {
  if (g_initialized && !g_flushed_final) finish(1);
}

/* ---- lifecycle ----------------------------------------------------------------------------------- */

void bgt_after_init(bgt_call *c) {
  /* An MPI library's own MPI_Init called from inside our wrapper: the outer wrapper sets up. */
  if (g_initialized || (!c->on && g_depth > 1)) return;
  PMPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &g_size);
  const char *dir = getenv("BENCHGEN_TRACE_DIR");
  snprintf(g_dir, sizeof g_dir, "%s", dir && *dir ? dir : "benchgen-trace");
  g_out = malloc(OUTCAP);
  if (!g_out) die("out of memory for the output buffer");
  if (!g_off) {
    mkdirs(g_dir);
    snprintf(g_final, sizeof g_final, "%s/rank-%d.trace", g_dir, g_rank);
    snprintf(g_part, sizeof g_part, "%s.part", g_final);
    g_fd = open(g_part, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (g_fd < 0) {
      fprintf(stderr, "benchgen-trace: rank %d cannot write %s: %s; this rank is not traced\n",
              g_rank, g_part, strerror(errno));
      g_off = 1;
    }
  }
  g_initialized = 1;
  if (g_off) return;
  char lib[MPI_MAX_LIBRARY_VERSION_STRING] = "";
  int len = 0;
  PMPI_Get_library_version(lib, &len);
  for (int i = 0; lib[i]; i++)
    if (lib[i] == '\n' || lib[i] == '\r' || (unsigned char) lib[i] < 0x20) { lib[i] = 0; break; }
  out_str("# ");
  out_str(SYNTAX[SYNTAX_FORMAT]);
  out_ch(' ');
  out_str(SYNTAX[SYNTAX_VERSION]);
  out_str(" rank=");
  out_u64((uint64_t) g_rank);
  out_str(" size=");
  out_u64((uint64_t) g_size);
  out_str("\n# traced by libbenchgen-trace, site depth ");
  out_u64((uint64_t) g_site_depth);
  out_str(", ");
  out_str(lib);
  out_ch('\n');
  out_flush();
  if (c->on) {
    begin_event(c, BGT_INIT);
    end_record();
  }
  for (size_t i = 0; i < sizeof SIGNALS / sizeof SIGNALS[0]; i++) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGNALS[i], &sa, &g_old[SIGNALS[i]]);
  }
  atexit(on_exit_hook);
}

/* Writes what is buffered and puts the stream in place; a stream that did not reach MPI_Finalize
 * ends with "# truncated", which the compressor refuses with that message. */
static void finish(int truncated) {
  if (g_flushed_final || g_fd < 0) return;
  g_flushed_final = 1;
  flush_some(1);
  if (truncated) { /* the format's marker: the run ended before MPI_Finalize */
    out_str(SYNTAX[SYNTAX_TRUNCATED]);
    out_ch('\n');
  }
  out_flush();
  close(g_fd);
  g_fd = -1;
  rename(g_part, g_final);
}

void bgt_before_finalize(void) {
  if (g_world_group != MPI_GROUP_NULL) PMPI_Group_free(&g_world_group);
}

void bgt_after_finalize(bgt_call *c) {
  if (!c->on && g_depth > 1) return; /* nested: the outer wrapper records and closes the stream */
  if (c->on && g_fd >= 0) {
    begin_event(c, BGT_FINALIZE);
    end_record();
  }
  finish(0);
  g_off = 1;
}

void bgt_abort(void) { finish(1); }

/* ---- point to point ------------------------------------------------------------------------------ */

static int64_t send_bytes(int count, MPI_Datatype type, int dest) {
  if (dest == MPI_PROC_NULL || type == MPI_DATATYPE_NULL) return 0;
  int sz = 0;
  PMPI_Type_size(type, &sz);
  return (int64_t) count * sz;
}

static void put_status(const MPI_Status *st, int src, int tag) {
  put(F_BYTES, st ? status_bytes(st) : V_UNSET);
  if (st && (src == MPI_ANY_SOURCE || tag == MPI_ANY_TAG)) {
    put(F_ASRC, peer_value(st->MPI_SOURCE));
    put(F_ATAG, tag_value(st->MPI_TAG));
  }
}

/* The fields every point-to-point record starts with: comm, the peer (dest or src), tag, buffer. */
static void put_p2p(int64_t cid, int fpeer, int peer, int tag, int count, MPI_Datatype type) {
  put(F_COMM, cid);
  put(fpeer, peer_value(peer));
  put(F_TAG, tag_value(tag));
  put_type(F_COUNT, F_TYPE, F_TSIZE, count, type);
}

void bgt_rec_send(bgt_call *c, int op, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  if (!c->on) return;
  int64_t cid = comm_id(comm);
  begin_event(c, op);
  put_p2p(cid, F_DEST, dest, tag, count, type);
  end_record();
}

void bgt_rec_isend(bgt_call *c, int op, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request req) {
  if (!c->on) return;
  int persistent = op == BGT_SEND_INIT || op == BGT_SSEND_INIT || op == BGT_BSEND_INIT
                   || op == BGT_RSEND_INIT;
  int64_t cid = comm_id(comm);
  req_entry *x = req_add(req, R_SEND, persistent, send_bytes(count, type, dest));
  begin_event(c, op);
  put_p2p(cid, F_DEST, dest, tag, count, type);
  put(F_REQ, x->id);
  end_record();
}

void bgt_rec_recv(bgt_call *c, int count, MPI_Datatype type, int src, int tag, MPI_Comm comm,
                  const MPI_Status *st) {
  if (!c->on) return;
  int64_t cid = comm_id(comm);
  begin_event(c, BGT_RECV);
  put_p2p(cid, F_SRC, src, tag, count, type);
  put_status(st, src, tag);
  end_record();
}

void bgt_rec_irecv(bgt_call *c, int op, int count, MPI_Datatype type, int src, int tag, MPI_Comm comm,
                   MPI_Request req) {
  if (!c->on) return;
  int persistent = op == BGT_RECV_INIT;
  int64_t cid = comm_id(comm);
  req_entry *x = req_add(req, R_RECV, persistent, 0);
  begin_event(c, op);
  put_p2p(cid, F_SRC, src, tag, count, type);
  put(F_REQ, x->id);
  if (!persistent) {
    /* bytes (and the matched source and tag of a wildcard) are known at completion: reserve them. */
    x->rec = g_base + g_rec;
    x->patch = put_patchable(F_BYTES);
    x->wildcard = src == MPI_ANY_SOURCE || tag == MPI_ANY_TAG;
    if (x->wildcard) {
      put_patchable(F_ASRC);
      put_patchable(F_ATAG);
    }
  }
  end_record();
}

void bgt_rec_sendrecv(bgt_call *c, int count, MPI_Datatype type, int dest, int tag, int rcount,
                      MPI_Datatype rtype, int src, int rtag, MPI_Comm comm, const MPI_Status *st) {
  if (!c->on) return;
  int64_t cid = comm_id(comm);
  begin_event(c, BGT_SENDRECV);
  put_p2p(cid, F_DEST, dest, tag, count, type);
  put(F_SRC, peer_value(src));
  put(F_RTAG, tag_value(rtag));
  put_type(F_RCOUNT, F_RTYPE, F_RTSIZE, rcount, rtype);
  put_status(st, src, rtag);
  end_record();
}

void bgt_rec_sendrecv_replace(bgt_call *c, int count, MPI_Datatype type, int dest, int tag, int src,
                              int rtag, MPI_Comm comm, const MPI_Status *st) {
  if (!c->on) return;
  int64_t cid = comm_id(comm);
  begin_event(c, BGT_SENDRECV_REPLACE);
  put_p2p(cid, F_DEST, dest, tag, count, type);
  put(F_SRC, peer_value(src));
  put(F_RTAG, tag_value(rtag));
  put_status(st, src, rtag);
  end_record();
}

void bgt_rec_probe(bgt_call *c, int op, int src, int tag, MPI_Comm comm, int flag, const MPI_Status *st) {
  if (!c->on) return;
  int64_t cid = comm_id(comm);
  begin_event(c, op);
  put(F_COMM, cid);
  put(F_SRC, peer_value(src));
  put(F_TAG, tag_value(tag));
  if (op == BGT_IPROBE) put(F_FLAG, flag ? 1 : 0);
  if (flag && st) {
    put(F_ASRC, peer_value(st->MPI_SOURCE));
    put(F_ATAG, tag_value(st->MPI_TAG));
    put(F_BYTES, status_bytes(st));
  }
  end_record();
}

/* ---- completion and start ------------------------------------------------------------------------ */

static req_entry **g_pend;
static int64_t *g_pend_ids;
static int g_npend, g_cappend;
static MPI_Status *g_scratch;
static int g_capscratch;

MPI_Status *bgt_statuses(int n) {
  if (n > g_capscratch) {
    g_capscratch = n < 64 ? 64 : n;
    g_scratch = realloc(g_scratch, (size_t) g_capscratch * sizeof *g_scratch);
    if (!g_scratch) die("out of memory for statuses");
  }
  return g_scratch;
}

void bgt_reqs_before(int n, const MPI_Request *reqs) {
  if (n > g_cappend) {
    g_cappend = n < 64 ? 64 : n;
    g_pend = realloc(g_pend, (size_t) g_cappend * sizeof *g_pend);
    g_pend_ids = realloc(g_pend_ids, (size_t) g_cappend * sizeof *g_pend_ids);
    if (!g_pend || !g_pend_ids) die("out of memory for requests");
  }
  g_claim++;
  g_npend = n;
  for (int i = 0; i < n; i++) {
    g_pend[i] = req_claim(reqs[i]);
    /* A request the tracer did not see created (MPI-IO, say) is recorded like MPI_REQUEST_NULL. */
    g_pend_ids[i] = g_pend[i] ? g_pend[i]->id : V_NULL;
  }
}

void bgt_reqs_after(bgt_call *c, int op, int ndone, const int *done, const MPI_Status *st) {
  if (!c->on) return;
  if (op == BGT_WAIT && !g_pend[0]) return; /* Wait on MPI_REQUEST_NULL: a no-op, not recorded */
  begin_event(c, op);
  if (op == BGT_WAIT) put(F_REQ, g_pend_ids[0]);
  else put_list64(F_REQS, g_pend_ids, g_npend);
  int64_t ids[64], *dl = ids;
  ids[0] = 0;
  int nd = ndone < 0 ? g_npend : ndone;
  if (nd > 64 && !(dl = malloc((size_t) nd * sizeof *dl))) die("out of memory");
  int k = 0;
  for (int j = 0; j < nd; j++) {
    int i = ndone < 0 ? j : done[j];
    if (i >= 0 && i < g_npend && g_pend[i]) dl[k++] = g_pend[i]->id;
  }
  if (op != BGT_WAIT && op != BGT_WAITALL) put_list64(F_DONE, dl, k);
  end_record();
  for (int j = 0; j < nd; j++) {
    int i = ndone < 0 ? j : done[j];
    if (i >= 0 && i < g_npend && g_pend[i]) {
      /* Waitany/Testany/Waitsome/Testsome statuses follow the completed index order */
      const MPI_Status *s = !st ? NULL : (op == BGT_WAITANY || op == BGT_TESTANY) ? st
                            : (op == BGT_WAITSOME || op == BGT_TESTSOME) ? &st[j] : &st[i];
      req_complete(g_pend[i], s);
    }
  }
  if (dl != ids) free(dl);
}

void bgt_rec_start(bgt_call *c, int op) {
  if (!c->on) return;
  int64_t sent = 0;
  int recvs = 0;
  for (int i = 0; i < g_npend; i++) {
    if (!g_pend[i]) continue;
    if (g_pend[i]->kind == R_SEND) sent += g_pend[i]->send_bytes;
    else if (g_pend[i]->kind == R_RECV) recvs++;
  }
  begin_event(c, op);
  if (op == BGT_START) put(F_REQ, g_pend_ids[0]);
  else put_list64(F_REQS, g_pend_ids, g_npend);
  put(F_BYTES, sent);
  uint64_t pos = g_base + g_len - 1;
  end_record();
  if (recvs) {
    for (int i = 0; i < g_npend; i++) {
      if (g_pend[i] && g_pend[i]->kind == R_RECV) {
        g_pend[i]->rec = g_base + g_rec;
        g_pend[i]->patch = pos;
      }
    }
  }
}

void bgt_rec_request_free(bgt_call *c) {
  if (!c->on || !g_pend[0]) return;
  begin_event(c, BGT_REQUEST_FREE);
  put(F_REQ, g_pend_ids[0]);
  end_record();
  req_remove(g_pend[0]);
}

/* ---- collectives --------------------------------------------------------------------------------- */

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

/* ---- communicator creation ----------------------------------------------------------------------- */

void bgt_rec_comm_split(bgt_call *c, MPI_Comm comm, int color, int key, MPI_Comm newcomm) {
  if (!c->on) return;
  int64_t id = newcomm == MPI_COMM_NULL ? V_NULL : comm_define(newcomm, 1);
  int64_t cid = comm_id(comm);
  begin_event(c, BGT_COMM_SPLIT);
  put(F_COMM, cid);
  put(F_COLOR, color == MPI_UNDEFINED ? V_UNDEFINED : color);
  put(F_KEY, key);
  put(F_NEWCOMM, id);
  end_record();
}

void bgt_rec_comm_new(bgt_call *c, int op, MPI_Comm comm, MPI_Comm newcomm) {
  if (!c->on) return;
  int64_t id = newcomm == MPI_COMM_NULL ? V_NULL : comm_define(newcomm, 1);
  int64_t cid = comm_id(comm);
  begin_event(c, op);
  put(F_COMM, cid);
  put(F_NEWCOMM, id);
  end_record();
}

void bgt_rec_cart_create(bgt_call *c, MPI_Comm comm, int ndims, const int *dims, const int *periods,
                         MPI_Comm newcomm) {
  if (!c->on) return;
  int64_t id = newcomm == MPI_COMM_NULL ? V_NULL : comm_define(newcomm, 1);
  int64_t cid = comm_id(comm);
  begin_event(c, BGT_CART_CREATE);
  put(F_COMM, cid);
  put_list_int(F_DIMS, dims, ndims);
  int64_t p[64];
  for (int i = 0; i < ndims && i < 64; i++) p[i] = periods[i] ? 1 : 0;
  put_list64(F_PERIODS, p, ndims < 64 ? ndims : 64);
  put(F_NEWCOMM, id);
  end_record();
}

void bgt_rec_cart_sub(bgt_call *c, MPI_Comm comm, int ndims, const int *remain, MPI_Comm newcomm) {
  if (!c->on) return;
  int64_t id = newcomm == MPI_COMM_NULL ? V_NULL : comm_define(newcomm, 1);
  int64_t cid = comm_id(comm);
  begin_event(c, BGT_CART_SUB);
  put(F_COMM, cid);
  int64_t r[64];
  for (int i = 0; i < ndims && i < 64; i++) r[i] = remain[i] ? 1 : 0;
  put_list64(F_REMAIN, r, ndims < 64 ? ndims : 64);
  put(F_NEWCOMM, id);
  end_record();
}

void bgt_rec_comm_free(bgt_call *c) {
  if (!c->on || g_freeing == V_NULL) return;
  begin_event(c, BGT_COMM_FREE);
  put(F_COMM, g_freeing);
  end_record();
}
