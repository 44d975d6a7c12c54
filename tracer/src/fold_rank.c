/* benchgen tracer: one rank's compressor (rsd-compressor's RankCompressor and EventEncoder): each
 * event is encoded as its RSD stores it (requests by age, lists interned, peers absolute and
 * relative, the compute interval since the thread's previous call with that call's site) and
 * pushed into the loop folder. A stream the Java reader would refuse stops the fold with the
 * reader's reason; the raw stream is unaffected. */
#include "fold.h"
#include "vocabulary.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW 1024 /* RankCompressor.DEFAULT_WINDOW */

typedef struct {
  int64_t thread;
  int has;
  uint64_t site, exit;
} previous_call;

typedef struct {
  int64_t id;
  int persistent;
} live_request;

struct fold_rank {
  int rank, size;
  fold_table shapes, lists;
  folder f;
  fold_comm *comms;
  int ncomms;
  live_request *live;
  int nlive, caplive;
  int64_t next_id;
  previous_call *prev;
  int nprev;
  char error[320];
  int64_t events;
  size_t max_bytes; /* what the fold may hold (BENCHGEN_TRACE_FOLD_MAX_MB) */
  int rel_at;       /* the communicator relative() used last, or -1 */
  /* Caches of the per-event look-ups: in a loop, the same call sites and lists come back. */
  struct {
    int op, shape;
    uint64_t site;
  } shape_cache[256];
  int last_list[24]; /* per slot: the id of the list it had last, + 1 */
};

fold_rank *fold_rank_new(int rank, int size, size_t max_bytes) {
  fold_rank *r = fold_calloc(1, sizeof *r);
  r->rank = rank;
  r->size = size;
  r->max_bytes = max_bytes;
  r->rel_at = -1;
  r->next_id = 1;
  folder_init(&r->f, &FNODE_POLICY, &r->shapes, WINDOW);
  return r;
}

static int fail(fold_rank *r, const char *fmt, ...) {
  if (!r->error[0]) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->error, sizeof r->error, fmt, ap);
    va_end(ap);
  }
  return -1;
}

const char *fold_rank_error(const fold_rank *r) { return r->error[0] ? r->error : NULL; }

void fold_rank_comm(fold_rank *r, int64_t id, const int64_t *members, int nmembers,
                    const int64_t *remote, int nremote) {
  r->comms = fold_realloc(r->comms, (size_t) (r->ncomms + 1) * sizeof *r->comms);
  fold_comm *c = &r->comms[r->ncomms++];
  c->id = id;
  c->nmembers = nmembers;
  c->nremote = nremote;
  c->members = fold_malloc((size_t) (nmembers + 1) * sizeof *members);
  c->remote = fold_malloc((size_t) (nremote + 1) * sizeof *remote);
  /* An intracommunicator's remote group is NULL: memcpy must not see it. */
  if (nmembers > 0) memcpy(c->members, members, (size_t) nmembers * sizeof *members);
  if (nremote > 0) memcpy(c->remote, remote, (size_t) nremote * sizeof *remote);
  c->me = -1;
  for (int i = 0; i < nmembers && c->me < 0; i++)
    if (members[i] == r->rank) c->me = i;
  c->n = nremote > 0 ? nremote : nmembers;
  r->rel_at = -1; /* a redefined id must not keep its old index and size */
}

/* ---- requests by age (LiveRequests, encoding) ---------------------------------------------------- */

static int index_of(const fold_rank *r, int64_t id) {
  for (int i = r->nlive - 1; i >= 0; i--)
    if (r->live[i].id == id) return i;
  return -1;
}

static int age(fold_rank *r, int64_t id, int op, int64_t *out) {
  int i = index_of(r, id);
  if (i < 0)
    return fail(r, "%s uses request %lld, which was never created (or was already completed or"
                " freed)", fold_op_name(op), (long long) id);
  *out = r->nlive - 1 - i;
  return 0;
}

static void remove_request(fold_rank *r, int64_t id, int only_transient) {
  int i = index_of(r, id);
  if (i < 0 || (only_transient && r->live[i].persistent)) return;
  memmove(r->live + i, r->live + i + 1, (size_t) (r->nlive - i - 1) * sizeof *r->live);
  r->nlive--;
}

static int is_symbol(int64_t v) { return v >= INT64_MIN + 1 && v <= INT64_MIN + 11; }

/* The ages of a list of ids (symbols kept), into out. */
static int translate(fold_rank *r, const int64_t *ids, int n, int op, int64_t *out) {
  for (int i = 0; i < n; i++) {
    if (is_symbol(ids[i])) out[i] = ids[i];
    else if (age(r, ids[i], op, &out[i]) < 0) return -1;
  }
  return 0;
}

/* Rewrites the event's request ids to ages (values[req], and the lists into reqs_out/done_out),
 * then applies its creations and completions. */
static int encode_requests(fold_rank *r, const fold_call *c, const fold_event *e, int64_t *values,
                           int64_t *reqs_out, int64_t *done_out) {
  int req = c->slot_req, reqs = c->slot_reqs, done = c->slot_done;
  if (c->creates_request) {
    if (values[req] != r->next_id)
      return fail(r, "%s creates request %lld, but request ids must count 1, 2, 3, ... in creation"
                  " order (expected %lld)", fold_op_name(e->op), (long long) values[req],
                  (long long) r->next_id);
    if (r->nlive == r->caplive) {
      r->caplive = r->caplive ? 2 * r->caplive : 16;
      r->live = fold_realloc(r->live, (size_t) r->caplive * sizeof *r->live);
    }
    r->live[r->nlive].id = r->next_id++;
    r->live[r->nlive++].persistent = c->persistent;
    values[req] = 0;
    return 0;
  }
  if (req < 0 && reqs < 0) return 0;
  int64_t raw_req = req >= 0 ? values[req] : 0;
  if (req >= 0 && age(r, raw_req, e->op, &values[req]) < 0) return -1;
  if (reqs >= 0 && translate(r, e->lists[reqs], e->list_len[reqs], e->op, reqs_out) < 0) return -1;
  if (done >= 0 && translate(r, e->lists[done], e->list_len[done], e->op, done_out) < 0) return -1;
  switch (e->op) {
  case BGT_WAIT: remove_request(r, raw_req, 1); break;
  case BGT_WAITALL:
    for (int i = 0; i < e->list_len[reqs]; i++) remove_request(r, e->lists[reqs][i], 1);
    break;
  case BGT_REQUEST_FREE: remove_request(r, raw_req, 0); break;
  case BGT_START:
  case BGT_STARTALL: break;
  default:
    if (done >= 0)
      for (int i = 0; i < e->list_len[done]; i++) remove_request(r, e->lists[done][i], 1);
  }
  return 0;
}

/* ---- peers relative to the rank (EventEncoder.relative) ------------------------------------------ */

static int relative(fold_rank *r, int64_t peer, int64_t comm, int64_t *out) {
  int64_t me = r->rank, n = r->size;
  if (comm != 0) {
    /* The communicator of the previous peer first: in a loop it is usually the same. */
    if (r->rel_at < 0 || r->comms[r->rel_at].id != comm) {
      r->rel_at = -1;
      for (int i = r->ncomms - 1; i >= 0 && r->rel_at < 0; i--) /* its latest definition */
        if (r->comms[i].id == comm) r->rel_at = i;
      if (r->rel_at < 0) return fail(r, "communicator %lld is not defined", (long long) comm);
    }
    me = r->comms[r->rel_at].me;
    n = r->comms[r->rel_at].n;
  }
  if (n <= 0) return fail(r, "communicator %lld has no members", (long long) comm);
  int64_t d = (peer - me) % n;
  if (d < 0) d += n;
  *out = d > n / 2 ? d - n : d;
  return 0;
}

/* ---- one event ----------------------------------------------------------------------------------- */

static previous_call *previous(fold_rank *r, int64_t thread) {
  for (int i = 0; i < r->nprev; i++)
    if (r->prev[i].thread == thread) return &r->prev[i];
  r->prev = fold_realloc(r->prev, (size_t) (r->nprev + 1) * sizeof *r->prev);
  previous_call *p = &r->prev[r->nprev++];
  memset(p, 0, sizeof *p);
  p->thread = thread;
  return p;
}

/* The id of a list; the one the slot had last is tried first (in a loop it is usually the same). */
static int64_t intern_list(fold_rank *r, int slot, const int64_t *v, int n) {
  if (r->last_list[slot] > 0) {
    size_t len;
    const void *k = fold_key(&r->lists, r->last_list[slot] - 1, &len);
    if (len == (size_t) n * sizeof *v && memcmp(k, v, len) == 0) return r->last_list[slot] - 1;
  }
  int x = fold_intern(&r->lists, v, (size_t) n * sizeof *v);
  r->last_list[slot] = x + 1;
  return x;
}

int64_t fold_rank_events(const fold_rank *r) { return r->events; }

/* Gives back what the fold holds, once it has given up. */
static void release(fold_rank *r) {
  for (int i = 0; i < r->f.n; i++) fnode_free(r->f.seq[i]);
  r->f.n = 0;
  r->f.track = -1;
  fold_table_free(&r->shapes);
  memset(r->shape_cache, 0, sizeof r->shape_cache);
}

int fold_rank_event(fold_rank *r, const fold_event *e) {
  if (r->error[0]) return -1;
  r->events++;
  const fold_call *c = fold_call_of(e->op);
  int64_t abs[24], rel[24];
  memcpy(abs, e->values, sizeof abs);
  int reqs = c->slot_reqs, done = c->slot_done;
  /* Request lists as ages: on the stack unless long. */
  int64_t reqs_buf[64], done_buf[64];
  int64_t *reqs_out = reqs < 0 ? NULL : e->list_len[reqs] <= 64 ? reqs_buf
                      : fold_malloc((size_t) e->list_len[reqs] * 8);
  int64_t *done_out = done < 0 ? NULL : e->list_len[done] <= 64 ? done_buf
                      : fold_malloc((size_t) e->list_len[done] * 8);
  int ok = encode_requests(r, c, e, abs, reqs_out, done_out) == 0;
  for (int i = 0; ok && i < c->nf; i++) {
    if (!fold_field_is_list(c->field[i])) continue;
    if (!e->list_present[i]) {
      abs[i] = V_UNSET;
      continue;
    }
    const int64_t *v = i == reqs && reqs_out ? reqs_out : i == done && done_out ? done_out
                       : e->lists[i];
    abs[i] = intern_list(r, i, v, e->list_len[i]);
  }
  if (reqs_out != reqs_buf) fold_free(reqs_out);
  if (done_out != done_buf) fold_free(done_out);
  if (!ok) return -1;
  memcpy(rel, abs, sizeof rel);
  for (int i = 0; i < c->nf; i++)
    if (fold_field_is_peer(c->field[i]) && !is_symbol(abs[i])
        && relative(r, abs[i], abs[c->slot_comm], &rel[i]) < 0)
      return -1;
  int64_t thread = c->slot_thread < 0 || e->values[c->slot_thread] == V_UNSET
                       ? 0 : e->values[c->slot_thread];
  previous_call *p = previous(r, thread);
  unsigned h = (unsigned) ((e->site * 0x9E3779B97F4A7C15ULL + (uint64_t) e->op) >> 56);
  int shape;
  if (r->shape_cache[h].shape > 0 && r->shape_cache[h].op == e->op
      && r->shape_cache[h].site == e->site) {
    shape = r->shape_cache[h].shape;
  } else {
    shape = shape_of_call(&r->shapes, e->op, e->site);
    r->shape_cache[h].op = e->op;
    r->shape_cache[h].site = e->site;
    r->shape_cache[h].shape = shape;
  }
  fnode *n = fnode_call(shape, e->op, e->site, c->nf, abs, rel, p->has, p->site,
                        p->has ? (int64_t) (e->enter - p->exit) : 0, e->cpu,
                        (int64_t) (e->exit - e->enter));
  p->has = 1;
  p->site = e->site;
  p->exit = e->exit;
  folder_push(&r->f, n);
  if ((r->events & 1023) == 0 && fold_live_bytes() > r->max_bytes) {
    fail(r, "its trace took more than BENCHGEN_TRACE_FOLD_MAX_MB=%zu MB to fold at event %lld"
         " (its calls are too irregular to fold in the job: trace it with --raw and compress it"
         " after the run)", r->max_bytes >> 20, (long long) r->events);
    release(r);
    return -1;
  }
  return 0;
}

static int64_t min_of(const int64_t *v, int n) {
  int64_t m = INT64_MAX;
  for (int i = 0; i < n; i++) m = v[i] < m ? v[i] : m;
  return m;
}

static int64_t *copy64(const int64_t *v, int n) {
  int64_t *c = fold_malloc((size_t) (n ? n : 1) * sizeof *c);
  memcpy(c, v, (size_t) n * sizeof *c);
  return c;
}

int fold_rank_finish(fold_rank *r, fold_trace *out) {
  memset(out, 0, sizeof *out);
  if (r->error[0]) return -1;
  folder_finish(&r->f);
  out->world = r->size;
  out->ndefs = r->ncomms;
  out->defs = fold_calloc((size_t) (r->ncomms ? r->ncomms : 1), sizeof *out->defs);
  for (int i = 0; i < r->ncomms; i++) {
    const fold_comm *c = &r->comms[i];
    /* An intercommunicator with the group of the lowest rank first (CommDef.inter). */
    int swap = c->nremote > 0 && min_of(c->members, c->nmembers) > min_of(c->remote, c->nremote);
    fold_def *d = &out->defs[i];
    d->id = c->id;
    d->members = copy64(swap ? c->remote : c->members, swap ? c->nremote : c->nmembers);
    d->nmembers = swap ? c->nremote : c->nmembers;
    d->remote = copy64(swap ? c->members : c->remote, swap ? c->nmembers : c->nremote);
    d->nremote = swap ? c->nmembers : c->nremote;
  }
  out->n = r->f.n;
  out->body = fold_malloc((size_t) (r->f.n ? r->f.n : 1) * sizeof *out->body);
  for (int i = 0; i < r->f.n; i++) {
    out->body[i] = fnode_freeze(r->f.seq[i], r->rank);
    fnode_free(r->f.seq[i]);
  }
  r->f.n = 0;
  return 0;
}

fold_table *fold_rank_lists(fold_rank *r) { return &r->lists; }

void fold_rank_free(fold_rank *r) {
  if (!r) return;
  for (int i = 0; i < r->f.n; i++) fnode_free(r->f.seq[i]);
  fold_free(r->f.seq);
  fold_free(r->f.shapes);
  fold_free(r->f.sizes);
  fold_free(r->f.rest);
  for (int i = 0; i < r->ncomms; i++) {
    fold_free(r->comms[i].members);
    fold_free(r->comms[i].remote);
  }
  fold_free(r->comms);
  fold_free(r->live);
  fold_free(r->prev);
  fold_table_free(&r->shapes);
  fold_table_free(&r->lists);
  fold_free(r);
}
