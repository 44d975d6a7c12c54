/* benchgen tracer: a compressed trace as bytes, for the merge across ranks inside the job: varints,
 * and names and lists by content, since each rank interns them in its own tables. */
#include "fold.h"

#include <stdlib.h>
#include <string.h>

/* ---- writing ------------------------------------------------------------------------------------- */

typedef struct {
  fold_bytes *o;
  const char *(*name)(int64_t);
  const fold_table *lists;
} writer;

static void put_byte(fold_bytes *o, unsigned char c) {
  if (o->n == o->cap) {
    o->cap = o->cap ? 2 * o->cap : 4096;
    o->b = fold_realloc(o->b, o->cap);
  }
  o->b[o->n++] = c;
}

static void put_u(fold_bytes *o, uint64_t v) {
  while (v >= 0x80) {
    put_byte(o, (unsigned char) (v | 0x80));
    v >>= 7;
  }
  put_byte(o, (unsigned char) v);
}

static void put_i(fold_bytes *o, int64_t v) { put_u(o, ((uint64_t) v << 1) ^ (uint64_t) (v >> 63)); }

static void put_d(fold_bytes *o, double d) {
  uint64_t v;
  memcpy(&v, &d, sizeof v);
  for (int i = 0; i < 8; i++) put_byte(o, (unsigned char) (v >> (8 * i)));
}

static void put_ranks(fold_bytes *o, const ranklist *r) {
  put_u(o, (uint64_t) r->nruns);
  for (int i = 0; i < 3 * r->nruns; i++) put_u(o, (uint64_t) r->runs[i]);
}

static void put_hist(fold_bytes *o, const fold_hist *h) {
  put_i(o, h->count);
  put_i(o, h->min);
  put_i(o, h->max);
  put_d(o, h->mean);
  put_d(o, h->sd);
  int64_t bins[65];
  hist_bins(h, bins);
  int k = 0;
  for (int i = 0; i < 65; i++) k += bins[i] != 0;
  put_u(o, (uint64_t) k);
  for (int i = 0; i < 65; i++)
    if (bins[i]) {
      put_u(o, (uint64_t) i);
      put_i(o, bins[i]);
    }
}

/* A value of a field: a name's text or a list's values in place of their ids. */
static void put_value(writer *w, int field, int64_t v) {
  if (field < 0 || fold_symbol_text(v) || !(fold_field_is_name(field) || fold_field_is_list(field))) {
    put_u(w->o, 0);
    put_i(w->o, v);
  } else if (fold_field_is_name(field)) {
    const char *s = w->name(v);
    size_t n = strlen(s);
    put_u(w->o, 1);
    put_u(w->o, n);
    for (size_t i = 0; i < n; i++) put_byte(w->o, (unsigned char) s[i]);
  } else {
    size_t len;
    const int64_t *l = fold_key(w->lists, (int) v, &len);
    put_u(w->o, 2);
    put_u(w->o, len / sizeof *l);
    for (size_t i = 0; i < len / sizeof *l; i++) put_i(w->o, l[i]);
  }
}

static void put_vnode(writer *w, int field, const vnode *v) {
  put_u(w->o, (uint64_t) v->n);
  if (v->n == 0) {
    put_value(w, field, v->value);
    return;
  }
  put_i(w->o, v->times);
  for (int i = 0; i < v->n; i++) put_vnode(w, field, v->body[i]);
}

static void put_vseq(writer *w, int field, const vseq *s) {
  put_u(w->o, (uint64_t) s->n);
  for (int i = 0; i < s->n; i++) put_vnode(w, field, s->nodes[i]);
}

static void put_param(writer *w, int field, const fold_param *p) {
  put_u(w->o, (uint64_t) p->n);
  for (int i = 0; i < p->n; i++) {
    put_u(w->o, (uint64_t) p->e[i].kind);
    put_vseq(w, field, &p->e[i].a);
    if (p->e[i].kind == EV_UNDECIDED) put_vseq(w, -1, &p->e[i].r);
    put_ranks(w->o, &p->e[i].ranks);
  }
}

static void put_node(writer *w, const inode *n) {
  put_u(w->o, (uint64_t) n->is_loop);
  put_ranks(w->o, &n->ranks);
  if (n->is_loop) {
    put_param(w, -1, &n->trips);
    put_u(w->o, (uint64_t) n->nbody);
    for (int i = 0; i < n->nbody; i++) put_node(w, n->body[i]);
    return;
  }
  const fold_call *c = fold_call_of(n->op);
  put_u(w->o, (uint64_t) n->op);
  put_u(w->o, n->site);
  for (int i = 0; i < n->nf; i++) put_param(w, c->field[i], &n->params[i]);
  put_u(w->o, (uint64_t) n->nstats);
  for (int i = 0; i < n->nstats; i++) {
    const fold_stat *s = &n->stats[i];
    put_u(w->o, s->after);
    put_hist(w->o, &s->time);
    put_u(w->o, (uint64_t) s->has_cpu);
    put_d(w->o, s->cpu);
    put_u(w->o, (uint64_t) s->nclasses);
    for (int k = 0; k < s->nclasses; k++) {
      put_ranks(w->o, &s->classes[k].ranks);
      put_hist(w->o, &s->classes[k].time);
      put_u(w->o, (uint64_t) s->classes[k].has_cpu);
      put_d(w->o, s->classes[k].cpu);
    }
  }
  put_hist(w->o, &n->duration);
}

void fold_wire_put(fold_bytes *out, const fold_trace *t, const char *(*name)(int64_t),
                   const fold_table *lists) {
  writer w = {out, name, lists};
  put_u(out, (uint64_t) t->world);
  put_u(out, (uint64_t) t->ndefs);
  for (int i = 0; i < t->ndefs; i++) {
    const fold_def *d = &t->defs[i];
    put_i(out, d->id);
    put_u(out, (uint64_t) d->nmembers);
    for (int k = 0; k < d->nmembers; k++) put_i(out, d->members[k]);
    put_u(out, (uint64_t) d->nremote);
    for (int k = 0; k < d->nremote; k++) put_i(out, d->remote[k]);
  }
  put_u(out, (uint64_t) t->n);
  for (int i = 0; i < t->n; i++) put_node(&w, t->body[i]);
}

/* ---- reading ------------------------------------------------------------------------------------- */

typedef struct {
  const unsigned char *b;
  size_t n, at;
  int bad;
  int64_t (*intern)(const char *);
  fold_table *lists;
} reader;

static uint64_t get_u(reader *r) {
  uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (r->at >= r->n) {
      r->bad = 1;
      return 0;
    }
    unsigned char c = r->b[r->at++];
    v |= (uint64_t) (c & 0x7f) << shift;
    if (!(c & 0x80)) return v;
  }
  r->bad = 1;
  return 0;
}

static int64_t get_i(reader *r) {
  uint64_t v = get_u(r);
  return (int64_t) (v >> 1) ^ -(int64_t) (v & 1);
}

/* A count of things each at least one byte long: never more than the bytes left. */
static int get_count(reader *r) {
  uint64_t v = get_u(r);
  if (v > r->n - r->at || v > 0x7fffffff) {
    r->bad = 1;
    return 0;
  }
  return (int) v;
}

static double get_d(reader *r) {
  uint64_t v = 0;
  if (r->n - r->at < 8) {
    r->bad = 1;
    return 0;
  }
  for (int i = 0; i < 8; i++) v |= (uint64_t) r->b[r->at++] << (8 * i);
  double d;
  memcpy(&d, &v, sizeof d);
  return d;
}

/* A rank list: one run at least, each of ranks 0 .. 2^31-1 with positive stride and count. */
static ranklist get_ranks(reader *r) {
  ranklist l = {NULL, get_count(r), 0};
  l.runs = fold_malloc((size_t) 3 * (l.nruns ? l.nruns : 1) * sizeof(int));
  int64_t size = 0;
  for (int i = 0; i < l.nruns; i++) {
    for (int k = 0; k < 3; k++) {
      uint64_t v = get_u(r);
      if (v > 0x7fffffff || (k > 0 && v == 0)) r->bad = 1;
      l.runs[3 * i + k] = (int) (v & 0x7fffffff);
    }
    size += l.runs[3 * i + 2];
  }
  if (l.nruns == 0 || size > 0x7fffffff) r->bad = 1;
  if (r->bad) l.runs[0] = 0;
  l.size = (int) (size & 0x7fffffff);
  return l;
}

static fold_hist get_hist(reader *r) {
  fold_hist h;
  memset(&h, 0, sizeof h);
  h.count = get_i(r);
  h.min = get_i(r);
  h.max = get_i(r);
  h.mean = get_d(r);
  h.sd = get_d(r);
  int64_t bins[65] = {0};
  int k = get_count(r);
  for (int i = 0; i < k && !r->bad; i++) {
    uint64_t bin = get_u(r);
    int64_t c = get_i(r);
    if (bin < 65) bins[bin] = c;
    else r->bad = 1;
  }
  h.bins = hist_intern_bins(bins);
  return h;
}

static int64_t get_value(reader *r) {
  uint64_t tag = get_u(r);
  if (tag == 0) return get_i(r);
  int n = get_count(r);
  if (r->bad) return 0;
  if (tag == 1) {
    char *s = fold_malloc((size_t) n + 1);
    memcpy(s, r->b + r->at, (size_t) n);
    s[n] = 0;
    r->at += (size_t) n;
    int64_t id = r->intern(s);
    fold_free(s);
    return id;
  }
  int64_t *v = fold_malloc((size_t) (n ? n : 1) * sizeof *v);
  for (int i = 0; i < n; i++) v[i] = get_i(r);
  int id = fold_intern(r->lists, v, (size_t) n * sizeof *v);
  fold_free(v);
  return id;
}

static vnode *get_vnode(reader *r, int depth) {
  int n = get_count(r);
  if (r->bad || depth > 64) {
    r->bad = 1;
    return vnode_leaf(0);
  }
  if (n == 0) return vnode_leaf(get_value(r));
  int64_t times = get_i(r);
  vnode **body = fold_malloc((size_t) n * sizeof *body);
  for (int i = 0; i < n; i++) body[i] = get_vnode(r, depth + 1);
  vnode *v = vnode_rep(body, n, times);
  fold_free(body);
  return v;
}

static vseq get_vseq(reader *r) {
  vseq s = {NULL, get_count(r)};
  s.nodes = fold_malloc((size_t) (s.n ? s.n : 1) * sizeof *s.nodes);
  for (int i = 0; i < s.n; i++) s.nodes[i] = get_vnode(r, 0);
  return s;
}

static fold_param get_param(reader *r) {
  fold_param p = {get_count(r), NULL};
  p.e = fold_calloc((size_t) (p.n ? p.n : 1), sizeof *p.e);
  for (int i = 0; i < p.n; i++) {
    uint64_t kind = get_u(r);
    if (kind > EV_UNDECIDED) r->bad = 1;
    p.e[i].kind = (int) (kind & 3);
    p.e[i].a = get_vseq(r);
    if (p.e[i].kind == EV_UNDECIDED) p.e[i].r = get_vseq(r);
    p.e[i].ranks = get_ranks(r);
  }
  return p;
}

static inode *get_node(reader *r, int depth) {
  inode *n = fold_calloc(1, sizeof *n);
  uint64_t loop = get_u(r);
  if (loop > 1) r->bad = 1;
  n->is_loop = (int) (loop & 1);
  n->ranks = get_ranks(r);
  if (r->bad || depth > 256) {
    r->bad = 1;
    return n;
  }
  if (n->is_loop) {
    n->trips = get_param(r);
    n->nbody = get_count(r);
    n->body = fold_calloc((size_t) (n->nbody ? n->nbody : 1), sizeof *n->body);
    for (int i = 0; i < n->nbody; i++) n->body[i] = get_node(r, depth + 1);
    return n;
  }
  uint64_t op = get_u(r);
  if (op >= (uint64_t) fold_op_count()) {
    r->bad = 1;
    return n;
  }
  n->op = (int) op;
  n->site = get_u(r);
  n->nf = fold_call_of(n->op)->nf;
  n->params = fold_calloc((size_t) (n->nf ? n->nf : 1), sizeof *n->params);
  for (int i = 0; i < n->nf; i++) n->params[i] = get_param(r);
  n->nstats = get_count(r);
  n->stats = fold_calloc((size_t) (n->nstats ? n->nstats : 1), sizeof *n->stats);
  for (int i = 0; i < n->nstats; i++) {
    fold_stat *s = &n->stats[i];
    s->after = get_u(r);
    s->time = get_hist(r);
    s->has_cpu = (int) get_u(r);
    s->cpu = get_d(r);
    s->nclasses = get_count(r);
    s->classes = fold_calloc((size_t) (s->nclasses ? s->nclasses : 1), sizeof *s->classes);
    for (int k = 0; k < s->nclasses; k++) {
      s->classes[k].ranks = get_ranks(r);
      s->classes[k].time = get_hist(r);
      s->classes[k].has_cpu = (int) get_u(r);
      s->classes[k].cpu = get_d(r);
    }
    if (s->nclasses == 0) {
      fold_free(s->classes);
      s->classes = NULL;
    }
  }
  n->duration = get_hist(r);
  return n;
}

int fold_wire_get(const unsigned char *b, size_t n, fold_trace *t, int64_t (*intern)(const char *),
                  fold_table *lists) {
  reader r = {b, n, 0, 0, intern, lists};
  memset(t, 0, sizeof *t);
  t->world = (int) get_u(&r);
  t->ndefs = get_count(&r);
  t->defs = fold_calloc((size_t) (t->ndefs ? t->ndefs : 1), sizeof *t->defs);
  for (int i = 0; i < t->ndefs && !r.bad; i++) {
    fold_def *d = &t->defs[i];
    d->id = get_i(&r);
    d->nmembers = get_count(&r);
    d->members = fold_malloc((size_t) (d->nmembers + 1) * sizeof *d->members);
    for (int k = 0; k < d->nmembers; k++) d->members[k] = get_i(&r);
    d->nremote = get_count(&r);
    d->remote = fold_malloc((size_t) (d->nremote + 1) * sizeof *d->remote);
    for (int k = 0; k < d->nremote; k++) d->remote[k] = get_i(&r);
  }
  t->n = get_count(&r);
  t->body = fold_calloc((size_t) (t->n ? t->n : 1), sizeof *t->body);
  for (int i = 0; i < t->n && !r.bad; i++) t->body[i] = get_node(&r, 0);
  if (r.bad || r.at != r.n) {
    fold_trace_free(t);
    return -1;
  }
  return 0;
}
