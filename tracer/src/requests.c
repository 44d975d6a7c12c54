/* benchgen tracer: live requests. The format numbers requests 1, 2, 3... per rank and never
 * records a handle, so each handle a wrapper sees is mapped to the id of the call that created it,
 * and a request remembers which buffered record waits for what its completion will tell. */
#include "core.h"

#include <stdlib.h>
#include <string.h>

/* Live requests by handle. Implementations reuse handles (Open MPI hands out one static request for
 * every send to MPI_PROC_NULL), so one handle may stand for several live ids: they chain in creation
 * order and a call that names the handle k times takes the k oldest. */
req_entry *g_reqs;
static int g_nreqs, g_capreqs, g_freereq = -1;
static int *g_rhash; /* open addressing: entry index of the oldest live entry per handle, or -1 */
static int g_rhcap, g_rhused;
static int64_t g_next_req = 1;

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

/* Entry e joins the chain of its handle, as the newest. */
static void link(int e) {
  req_entry *x = &g_reqs[e];
  x->next = -1;
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
}

/* Entry e leaves the chain of its handle. */
static void unlink_entry(int e) {
  req_entry *x = &g_reqs[e];
  int s = rh_lookup(x->key);
  if (s < 0) return;
  if (g_rhash[s] == e) {
    if (x->next >= 0) g_rhash[s] = x->next;
    else g_rhash[s] = -2; /* tombstone keeps later probes intact */
  } else {
    for (int t = g_rhash[s]; t >= 0; t = g_reqs[t].next)
      if (g_reqs[t].next == e) { g_reqs[t].next = x->next; break; }
  }
}

/* A persistent request whose handle MPI changed in MPI_Start (Open MPI 4.1 does for a persistent
 * MPI_Bsend_init request from its second start on) is found by its new handle from now on. */
void req_rekey(int e, MPI_Request now) {
  if (now == MPI_REQUEST_NULL || g_reqs[e].key == KEY(now)) return;
  unlink_entry(e);
  g_reqs[e].key = KEY(now);
  link(e);
}

req_entry *req_add(MPI_Request r, int kind, int persistent, int64_t send_bytes) {
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
  x->crec = UINT64_MAX;
  x->next = -1;
  x->used = 1;
  x->thread = recording_thread();
  link(e);
  return x;
}

void req_remove(req_entry *x) {
  int e = (int) (x - g_reqs);
  unlink_entry(e);
  x->used = 0;
  x->next = g_freereq;
  g_freereq = e;
}

/* The oldest live entry for this handle that no call in progress has taken: not this one (which
 * may name a handle twice), nor another thread's. Two live requests may share a handle (Open
 * MPI's for sends to MPI_PROC_NULL, MPICH's for sends it completed at once): an entry the calling
 * thread created goes first, since a thread mostly completes its own requests. */
int req_claim(MPI_Request r) {
  if (r == MPI_REQUEST_NULL) return -1;
  int s = rh_lookup(KEY(r));
  if (s < 0) return -1;
  int me = recording_thread(), any = -1;
  for (int t = g_rhash[s]; t >= 0; t = g_reqs[t].next) {
    if (g_reqs[t].claimed) continue;
    if (g_reqs[t].thread == me) { any = t; break; }
    if (any < 0) any = t;
  }
  if (any >= 0) g_reqs[any].claimed = 1;
  return any;
}


/* 64-bit: MPI_Get_count's int overflows past 2 GB (a 2.16 GB receive was recorded as 0 bytes). */
int64_t status_bytes(const MPI_Status *st) {
  MPI_Count n = 0;
  if (PMPI_Get_elements_x(st, MPI_BYTE, &n) != MPI_SUCCESS || n == MPI_UNDEFINED) return 0;
  return (int64_t) n;
}

/* A request completed with status st (NULL: none available). */
void req_complete(req_entry *x, const MPI_Status *st) {
  int cancelled = 0;
  if (x->crec != UINT64_MAX && st) {
    PMPI_Test_cancelled(st, &cancelled);
    patch_at(x->cpatch, cancelled ? 1 : 0);
  }
  x->crec = UINT64_MAX;
  if (cancelled) {
    /* Nothing was received: the status's count is not defined (MPICH's was stale), nor its source. */
    if (x->rec != UINT64_MAX && x->kind == R_RECV && !x->persistent) {
      patch_at(x->patch, 0);
      patch_at(x->patch + (x->wildcard ? 6 : 2), 1); /* cancel=1, after bytes (asrc, atag) */
    }
    x->rec = UINT64_MAX;
  }
  if (x->rec != UINT64_MAX && st) {
    if (x->kind == R_FILE) { /* an MPI-IO request: the bytes it read or wrote */
      patch_at(x->patch, status_bytes(st));
    } else if (x->kind == R_RECV && !x->persistent) {
      patch_at(x->patch, status_bytes(st));
      if (x->wildcard) {
        patch_at(x->patch + 2, peer_value(st->MPI_SOURCE));
        patch_at(x->patch + 4, tag_value(st->MPI_TAG));
      }
    } else if (x->kind == R_RECV) { /* persistent receive: add to the Start(all) that started it */
      int64_t v;
      if (peek_at(x->patch, &v)) patch_at(x->patch, (v == V_UNSET ? 0 : v) + status_bytes(st));
    }
  }
  x->rec = UINT64_MAX;
  if (!x->persistent) req_remove(x);
}

uint64_t req_first_waiting(uint64_t upto) {
  for (int e = 0; e < g_nreqs; e++) {
    if (g_reqs[e].used && g_reqs[e].rec < upto) upto = g_reqs[e].rec;
    if (g_reqs[e].used && g_reqs[e].crec < upto) upto = g_reqs[e].crec;
  }
  return upto;
}

void req_written_before(uint64_t pos) {
  for (int e = 0; e < g_nreqs; e++) {
    if (g_reqs[e].used && g_reqs[e].rec < pos) g_reqs[e].rec = UINT64_MAX;
    if (g_reqs[e].used && g_reqs[e].crec < pos) g_reqs[e].crec = UINT64_MAX;
  }
}
