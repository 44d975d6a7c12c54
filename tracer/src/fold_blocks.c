/* benchgen tracer: shared blocks (docs/compressed-format.md, "Shared blocks"), the C twin of
 * org.benchgen.ir.format.SharedBlocks and AsWritten, step for step, so that the trace.bgc the
 * library writes alone is the file benchgen's writer writes of the same trace (issue 50: before,
 * `benchgen trace` read the tracer's file and wrote it again in Java to get its blocks). A
 * sequence of sibling nodes that occurs in several places is written once as a block, each place
 * as `use B n=K`; times are pooled as the file holds them (means at the digits written), so the
 * choice and the pooled bits are Java's. The shared cases (tracer/test/cases/blocks.cases) and
 * cli's FoldTwinTest keep the two one; docs/compression.md says how. */
#include "fold.h"

#include <stdlib.h>
#include <string.h>

/* SharedBlocks' bounds: blocks are looked for in traces of at most MAX_NODES nodes and
 * MAX_ENTRIES parameter entries (the search costs more beyond, and the reader refuses files
 * whose uses put more in place: BlockUses), among runs of up to MAX_LENGTH siblings, at most
 * MAX_BLOCKS blocks. */
#define MAX_NODES 5000
#define MAX_ENTRIES (1 << 20)
#define MAX_LENGTH 24
#define MAX_BLOCKS 128
#define MAX_TEXT ((int64_t) 128 << 20)
#define MAX_COMPUTE_LINES ((int64_t) 1 << 20)
/* What a use line and a block's own two lines cost, and a call's time lines on average. */
#define USE_BYTES 16
#define BLOCK_BYTES 16
#define TIME_BYTES 90

typedef struct {
  fold_shared *s;
  const fold_lines *lines;
  fold_table shapes;  /* a number per distinct shape, kept from round to round */
  fold_table refused; /* sequences of shapes whose places would not pool */
} ctx;

/* ---- items ---------------------------------------------------------------------------------------- */

static fold_item *item_new(fold_shared *s, int kind) {
  fold_item *it = fold_calloc(1, sizeof *it);
  it->kind = kind;
  if (s->nall == s->capall) {
    s->capall = s->capall ? 2 * s->capall : 256;
    s->all = fold_realloc(s->all, (size_t) s->capall * sizeof *s->all);
  }
  s->all[s->nall++] = it;
  return it;
}

static void items_push(fold_items *b, fold_item *it) {
  if (b->n == b->cap) {
    b->cap = b->cap ? 2 * b->cap : 8;
    b->v = fold_realloc(b->v, (size_t) b->cap * sizeof *b->v);
  }
  b->v[b->n++] = it;
}

/* b[at .. at+len) replaced by one item. */
static void items_replace(fold_items *b, int at, int len, fold_item *it) {
  memmove(b->v + at + 1, b->v + at + len, (size_t) (b->n - at - len) * sizeof *b->v);
  b->n -= len - 1;
  b->v[at] = it;
}

/* b[at] replaced by the items of r (a block put back in place). */
static void items_splice(fold_items *b, int at, const fold_items *r) {
  int grow = r->n - 1;
  if (b->n + grow > b->cap) {
    b->cap = b->n + grow + 8;
    b->v = fold_realloc(b->v, (size_t) b->cap * sizeof *b->v);
  }
  memmove(b->v + at + r->n, b->v + at + 1, (size_t) (b->n - at - 1) * sizeof *b->v);
  memcpy(b->v + at, r->v, (size_t) r->n * sizeof *b->v);
  b->n += grow;
}

static int text_of(ctx *c, const inode *n) {
  size_t len;
  char *t = n->is_loop ? c->lines->loop(c->lines->ctx, n, &len)
                       : c->lines->call(c->lines->ctx, n, &len);
  int id = fold_intern(&c->s->texts, t, len);
  free(t);
  return id;
}

static int64_t text_len(const ctx *c, int text) {
  size_t len;
  fold_key(&c->s->texts, text, &len);
  return (int64_t) len;
}

/* ---- times as the file holds them (AsWritten) ------------------------------------------------------ */

static double as_written_mean(double mean, int64_t min, int64_t max) {
  char b[400];
  fold_mean_text(b, sizeof b, mean, min, max);
  return strtod(b, NULL);
}

static fold_hist as_written(const fold_hist *h) {
  fold_hist w = *h;
  if (h->count > 0 && h->min == h->max) {
    w.mean = (double) h->min;
    w.sd = 0;
  } else {
    char b[400];
    w.mean = as_written_mean(h->mean, h->min, h->max);
    fold_sd_text(b, sizeof b, h->sd);
    w.sd = strtod(b, NULL);
  }
  return w;
}

static double as_written_cpu(int has, double cpu) {
  return has ? as_written_mean(cpu, 0, INT64_MAX) : cpu;
}

/* ComputeStat.ofClasses: the pooled time and CPU time of a path's classes (count is what the
 * writer reads of it: a call's intervals). */
static void pool_classes(fold_stat *st) {
  st->time = st->classes[0].time;
  st->has_cpu = st->classes[0].has_cpu;
  st->cpu = st->classes[0].cpu;
  for (int k = 1; k < st->nclasses; k++) {
    const fold_class *x = &st->classes[k];
    int has;
    double cpu;
    fold_merge_cpu(&st->time, st->has_cpu, st->cpu, &x->time, x->has_cpu, x->cpu, &has, &cpu);
    st->time = hist_merge(&st->time, &x->time);
    st->has_cpu = has;
    st->cpu = cpu;
  }
}

static void stat_copy(fold_stat *to, const fold_stat *from) {
  *to = *from;
  if (from->nclasses) {
    to->classes = fold_malloc((size_t) from->nclasses * sizeof *to->classes);
    for (int k = 0; k < from->nclasses; k++) {
      to->classes[k] = from->classes[k];
      to->classes[k].ranks = ranks_copy(&from->classes[k].ranks);
    }
  }
}

static fold_item *call_item(ctx *c, const inode *n) {
  fold_item *it = item_new(c->s, FI_CALL);
  it->node = n;
  it->text = text_of(c, n);
  it->nstats = n->nstats;
  it->stats = fold_calloc((size_t) (n->nstats ? n->nstats : 1), sizeof *it->stats);
  for (int i = 0; i < n->nstats; i++) {
    fold_stat *st = &it->stats[i];
    stat_copy(st, &n->stats[i]);
    if (st->nclasses == 0) {
      st->time = as_written(&st->time);
      st->cpu = as_written_cpu(st->has_cpu, st->cpu);
      continue;
    }
    for (int k = 0; k < st->nclasses; k++) {
      st->classes[k].time = as_written(&st->classes[k].time);
      st->classes[k].cpu = as_written_cpu(st->classes[k].has_cpu, st->classes[k].cpu);
    }
    pool_classes(st);
  }
  it->duration.count = n->duration.count;
  it->duration.mean = n->duration.count == 0 ? 0
      : as_written_mean(n->duration.mean, 0, (int64_t) 1 << 62);
  return it;
}

static void items_of(ctx *c, fold_items *out, inode *const *body, int n) {
  for (int i = 0; i < n; i++) {
    const inode *x = body[i];
    if (!x->is_loop) {
      items_push(out, call_item(c, x));
      continue;
    }
    fold_item *r = item_new(c->s, FI_REP);
    r->node = x;
    r->text = text_of(c, x);
    items_of(c, &r->body, x->body, x->nbody);
    items_push(out, r);
  }
}

/* ---- what the search looks at ------------------------------------------------------------------ */

static void count(inode *const *body, int n, int64_t size[2]) {
  for (int i = 0; i < n; i++) {
    size[0]++;
    if (body[i]->is_loop) {
      size[1] += body[i]->trips.n;
      count(body[i]->body, body[i]->nbody, size);
    } else {
      for (int f = 0; f < body[i]->nf; f++) size[1] += body[i]->params[f].n;
    }
  }
}

int fold_blocks_looks_for(const fold_trace *t) {
  int64_t size[2] = {0, 0};
  count(t->body, t->n, size);
  return size[0] <= MAX_NODES && size[1] <= MAX_ENTRIES;
}

typedef struct {
  fold_items **v;
  int n, cap;
} bodies;

static void collect(bodies *out, fold_items *b) {
  if (out->n == out->cap) {
    out->cap = out->cap ? 2 * out->cap : 64;
    out->v = fold_realloc(out->v, (size_t) out->cap * sizeof *out->v);
  }
  out->v[out->n++] = b;
  for (int i = 0; i < b->n; i++)
    if (b->v[i]->kind == FI_REP) collect(out, &b->v[i]->body);
}

/* Every body: the top one, then the blocks' and the loops' inside them, in document order. */
static bodies all_bodies(fold_items *top, fold_items **blocks, int nblocks) {
  bodies out = {NULL, 0, 0};
  collect(&out, top);
  for (int k = 0; k < nblocks; k++) collect(&out, blocks[k]);
  return out;
}

/* A number per distinct shape: the same call line; a loop's line and its body's shapes; the
 * same block. */
static int shape(ctx *c, const fold_item *it) {
  if (it->kind == FI_USE) {
    int key[2] = {2, it->block};
    return fold_intern(&c->shapes, key, sizeof key);
  }
  if (it->kind == FI_CALL) {
    int key[2] = {0, it->text};
    return fold_intern(&c->shapes, key, sizeof key);
  }
  int *key = fold_malloc((size_t) (it->body.n + 2) * sizeof *key);
  key[0] = 1;
  key[1] = it->text;
  for (int i = 0; i < it->body.n; i++) key[i + 2] = shape(c, it->body.v[i]);
  int id = fold_intern(&c->shapes, key, (size_t) (it->body.n + 2) * sizeof *key);
  fold_free(key);
  return id;
}

/* About how many bytes an item takes, from its lines alone (never its times). */
static int64_t bytes(const ctx *c, const fold_item *it) {
  if (it->kind == FI_CALL) return text_len(c, it->text) + TIME_BYTES;
  if (it->kind == FI_USE) return USE_BYTES;
  int64_t b = text_len(c, it->text) + 4;
  for (int i = 0; i < it->body.n; i++) b += bytes(c, it->body.v[i]);
  return b;
}

/* How many times a sequence made its first call. */
static int64_t first_calls(fold_item *const *v, int n) {
  if (n == 0) return 0;
  if (v[0]->kind == FI_CALL) return v[0]->duration.count;
  if (v[0]->kind == FI_REP) return first_calls(v[0]->body.v, v[0]->body.n);
  return v[0]->calls;
}

/* ---- pooling the places of a block ------------------------------------------------------------- */

static int same_ranks(const fold_stat *a, const fold_stat *b) {
  if (a->nclasses != b->nclasses || a->nclasses == 0) return 0;
  for (int k = 0; k < a->nclasses; k++)
    if (!ranks_equal(&a->classes[k].ranks, &b->classes[k].ranks)) return 0;
  return 1;
}

static void stats_free(fold_stat *st, int n) {
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < st[i].nclasses; k++) ranks_free(&st[i].classes[k].ranks);
    fold_free(st[i].classes);
  }
  fold_free(st);
}

/* The compute paths of a column of calls merged path by path, in order of first appearance;
 * -1 where a path has rank classes that differ between places (pooling would lose the
 * imbalance). Every call here has its own list (SharedBlocks counts a list shared by several
 * calls once: only the copies of a block read from a file share one). */
static int pool_compute(fold_item *const *column, int m, fold_item *out) {
  int cap = 0;
  for (int i = 0; i < m; i++) cap += column[i]->nstats;
  fold_stat *st = fold_calloc((size_t) (cap ? cap : 1), sizeof *st);
  int n = 0;
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < column[i]->nstats; j++) {
      const fold_stat *x = &column[i]->stats[j];
      int at = 0;
      while (at < n && st[at].after != x->after) at++;
      fold_stat *o = &st[at];
      if (at == n) {
        stat_copy(&st[n++], x);
      } else if (o->nclasses == 0 && x->nclasses == 0) {
        int has;
        double cpu;
        fold_merge_cpu(&o->time, o->has_cpu, o->cpu, &x->time, x->has_cpu, x->cpu, &has, &cpu);
        o->time = hist_merge(&o->time, &x->time);
        o->has_cpu = has;
        o->cpu = cpu;
      } else if (same_ranks(o, x)) {
        for (int k = 0; k < o->nclasses; k++) {
          fold_class *a = &o->classes[k];
          const fold_class *b = &x->classes[k];
          int has;
          double cpu;
          fold_merge_cpu(&a->time, a->has_cpu, a->cpu, &b->time, b->has_cpu, b->cpu, &has, &cpu);
          ranklist r = ranks_union(&a->ranks, &b->ranks);
          ranks_free(&a->ranks);
          a->ranks = r;
          a->time = hist_merge(&a->time, &b->time);
          a->has_cpu = has;
          a->cpu = cpu;
        }
        pool_classes(o);
      } else {
        stats_free(st, n);
        return -1;
      }
    }
  }
  out->stats = st;
  out->nstats = n;
  return 0;
}

/* CallTime.merge's mean: Histogram.pool without sums of squares. */
static double pool_mean(int64_t na, double ma, int64_t nb, double mb) {
  if (na == 0) return mb;
  if (nb == 0) return ma;
  double n = (double) na + (double) nb;
  double d = mb - ma;
  return ma + d * (double) nb / n;
}

static int pool(ctx *c, fold_item **const *copies, int m, int len, const int64_t *calls,
                fold_items *out);

/* One column of the copies (items of one shape) as one item, or NULL where the counts are not
 * proportional to the copies' first calls, or the times do not pool. */
static fold_item *pool_item(ctx *c, fold_item *const *column, int m, const int64_t *calls) {
  const fold_item *first = column[0];
  if (first->kind == FI_REP) {
    fold_item ***bodies = fold_malloc((size_t) m * sizeof *bodies);
    for (int i = 0; i < m; i++) bodies[i] = column[i]->body.v;
    fold_items b = {NULL, 0, 0};
    int ok = pool(c, (fold_item **const *) bodies, m, first->body.n, calls, &b);
    fold_free(bodies);
    if (ok < 0) {
      fold_free(b.v);
      return NULL;
    }
    fold_item *r = item_new(c->s, FI_REP);
    r->node = first->node;
    r->text = first->text;
    r->body = b;
    return r;
  }
  int64_t sum = 0;
  for (int i = 0; i < m; i++) {
    int64_t k = column[i]->kind == FI_CALL ? column[i]->duration.count : column[i]->calls;
    int64_t k0 = column[0]->kind == FI_CALL ? column[0]->duration.count : column[0]->calls;
    int64_t x, y;
    if (__builtin_mul_overflow(k, calls[0], &x) || __builtin_mul_overflow(k0, calls[i], &y)
        || x != y || __builtin_add_overflow(sum, k, &sum))
      return NULL;
  }
  if (first->kind == FI_USE) {
    fold_item *u = item_new(c->s, FI_USE);
    u->block = first->block;
    u->calls = sum;
    return u;
  }
  fold_item *p = item_new(c->s, FI_CALL);
  p->node = first->node;
  p->text = first->text;
  int64_t n = 0;
  double mean = 0;
  for (int i = 0; i < m; i++) {
    const fold_hist *d = &column[i]->duration;
    mean = pool_mean(n, mean, d->count, d->mean);
    n = n > INT64_MAX - d->count ? INT64_MAX : n + d->count;
  }
  p->duration.count = n;
  p->duration.mean = mean;
  if (pool_compute(column, m, p) < 0) return NULL;
  return p;
}

/* The copies (m sequences of len items, the same shapes item by item) as one, into out; -1
 * where they do not pool. */
static int pool(ctx *c, fold_item **const *copies, int m, int len, const int64_t *calls,
                fold_items *out) {
  for (int i = 0; i < m; i++)
    if (calls[i] <= 0) return -1;
  fold_item **column = fold_malloc((size_t) m * sizeof *column);
  int ok = 0;
  for (int j = 0; j < len && ok == 0; j++) {
    for (int i = 0; i < m; i++) column[i] = copies[i][j];
    fold_item *p = pool_item(c, column, m, calls);
    if (p) items_push(out, p);
    else ok = -1;
  }
  fold_free(column);
  return ok;
}

/* ---- the search: one block a round ------------------------------------------------------------ */

typedef struct {
  int *at; /* pairs: body, start */
  int n, cap;
} places;

static void place_add(places *p, int body, int start) {
  if (p->n == p->cap) {
    p->cap = p->cap ? 2 * p->cap : 4;
    p->at = fold_realloc(p->at, (size_t) p->cap * 2 * sizeof *p->at);
  }
  p->at[2 * p->n] = body;
  p->at[2 * p->n + 1] = start;
  p->n++;
}

typedef struct {
  int seq;      /* the sequence's id in the round's table */
  int index;    /* its place lists' index (apart) */
  int64_t gain;
} candidate;

/* The largest gain first, equal gains in document order (Java's stable List.sort): a merge
 * sort's stability, by the sequences' ids (in document order) through qsort, since
 * candidates are tens of thousands in a trace of a few thousand nodes. */
static int by_gain(const void *a, const void *b) {
  const candidate *x = a, *y = b;
  if (x->gain != y->gain) return x->gain > y->gain ? -1 : 1;
  return (x->seq > y->seq) - (x->seq < y->seq);
}

/* Forms the block that saves the most, if one saves anything; whether it did. */
static int share_one(ctx *c) {
  fold_shared *s = c->s;
  bodies b = all_bodies(&s->top, s->blocks, s->nblocks);
  int **ids = fold_malloc((size_t) b.n * sizeof *ids);
  for (int k = 0; k < b.n; k++) {
    ids[k] = fold_malloc((size_t) (b.v[k]->n ? b.v[k]->n : 1) * sizeof **ids);
    for (int i = 0; i < b.v[k]->n; i++) ids[k][i] = shape(c, b.v[k]->v[i]);
  }
  int *frequency = fold_calloc((size_t) c->shapes.n + 1, sizeof *frequency);
  for (int k = 0; k < b.n; k++)
    for (int i = 0; i < b.v[k]->n; i++) frequency[ids[k][i]]++;
  /* Every sequence of siblings that could repeat, numbered in document order of first place. */
  fold_table seqs = {0};
  places *at = NULL;
  int nat = 0;
  for (int k = 0; k < b.n; k++) {
    int n = b.v[k]->n;
    for (int i = 0; i < n; i++) {
      for (int j = i; j < n && j - i < MAX_LENGTH && frequency[ids[k][j]] > 1; j++) {
        int id = fold_intern(&seqs, ids[k] + i, (size_t) (j - i + 1) * sizeof **ids);
        if (id == nat) {
          at = fold_realloc(at, (size_t) (nat + 1) * sizeof *at);
          memset(&at[nat++], 0, sizeof *at);
        }
        place_add(&at[id], k, i);
      }
    }
  }
  candidate *cand = fold_malloc((size_t) (nat ? nat : 1) * sizeof *cand);
  places *apart = fold_calloc((size_t) (nat ? nat : 1), sizeof *apart);
  int ncand = 0;
  for (int q = 0; q < nat; q++) {
    size_t klen;
    const void *key = fold_key(&seqs, q, &klen);
    if (at[q].n < 2 || fold_find(&c->refused, key, klen) >= 0) continue;
    int len = (int) (klen / sizeof(int));
    places *a = &apart[ncand];
    for (int p = 0; p < at[q].n; p++) {
      int body = at[q].at[2 * p], start = at[q].at[2 * p + 1];
      if (a->n == 0 || a->at[2 * (a->n - 1)] != body || a->at[2 * (a->n - 1) + 1] + len <= start)
        place_add(a, body, start);
    }
    int64_t size = 0;
    for (int i = 0; i < len; i++) size += bytes(c, b.v[a->at[0]]->v[a->at[1] + i]);
    int64_t gain = (a->n - 1) * size - a->n * USE_BYTES - BLOCK_BYTES;
    if (a->n > 1 && gain > 0) {
      cand[ncand] = (candidate) {q, ncand, gain};
      ncand++;
    } else {
      fold_free(a->at);
      memset(a, 0, sizeof *a);
    }
  }
  qsort(cand, (size_t) ncand, sizeof *cand, by_gain);
  int formed = 0;
  for (int x = 0; x < ncand && !formed; x++) {
    size_t klen;
    const void *key = fold_key(&seqs, cand[x].seq, &klen);
    int len = (int) (klen / sizeof(int));
    const places *a = &apart[cand[x].index];
    fold_item ***copies = fold_malloc((size_t) a->n * sizeof *copies);
    int64_t *calls = fold_malloc((size_t) a->n * sizeof *calls);
    for (int i = 0; i < a->n; i++) {
      copies[i] = b.v[a->at[2 * i]]->v + a->at[2 * i + 1];
      calls[i] = first_calls(copies[i], len);
    }
    fold_items *pooled = fold_calloc(1, sizeof *pooled);
    if (pool(c, (fold_item **const *) copies, a->n, len, calls, pooled) < 0) {
      fold_intern(&c->refused, key, klen);
      fold_free(pooled->v);
      fold_free(pooled);
    } else {
      s->blocks = fold_realloc(s->blocks, (size_t) (s->nblocks + 1) * sizeof *s->blocks);
      s->blocks[s->nblocks++] = pooled;
      /* From the last place back, so that earlier starts in the same body stay valid. */
      for (int i = a->n - 1; i >= 0; i--) {
        fold_item *u = item_new(s, FI_USE);
        u->block = s->nblocks;
        u->calls = calls[i];
        items_replace(b.v[a->at[2 * i]], a->at[2 * i + 1], len, u);
      }
      formed = 1;
    }
    fold_free(copies);
    fold_free(calls);
  }
  for (int q = 0; q < ncand; q++) fold_free(apart[q].at);
  fold_free(apart);
  fold_free(cand);
  for (int q = 0; q < nat; q++) fold_free(at[q].at);
  fold_free(at);
  fold_table_free(&seqs);
  fold_free(frequency);
  for (int k = 0; k < b.n; k++) fold_free(ids[k]);
  fold_free(ids);
  fold_free(b.v);
  return formed;
}

/* ---- the blocks kept, numbered in the order they are first needed ------------------------------ */

typedef struct {
  int *uses, *numbers;
  fold_items **out;
  int nout;
} numbering;

static void renumber(ctx *c, fold_items *body, numbering *nb) {
  for (int i = 0; i < body->n; i++) {
    fold_item *it = body->v[i];
    if (it->kind == FI_REP) {
      renumber(c, &it->body, nb);
    } else if (it->kind == FI_USE) {
      fold_items *b = c->s->blocks[it->block - 1];
      if (nb->uses[it->block] == 1) {
        /* Used once: put back in place, its counts being that place's. */
        items_splice(body, i, b);
        i--;
        continue;
      }
      if (!nb->numbers[it->block]) {
        renumber(c, b, nb);
        nb->out[nb->nout] = b;
        nb->numbers[it->block] = ++nb->nout;
      }
      it->block = nb->numbers[it->block];
    }
  }
}

/* Nodes, entries, line bytes and compute lines of items, uses of earlier blocks expanded. */
static void size(const ctx *c, const fold_items *items, int64_t (*blocks)[4], int64_t s[4]) {
  for (int i = 0; i < items->n; i++) {
    const fold_item *it = items->v[i];
    int64_t add[4] = {0, 0, 0, 0};
    if (it->kind == FI_USE) {
      memcpy(add, blocks[it->block], sizeof add);
    } else if (it->kind == FI_REP) {
      size(c, &it->body, blocks, add);
      add[0]++;
      add[1] += it->node->trips.n;
      add[2] += text_len(c, it->text) + 2;
    } else {
      add[0] = 1;
      for (int f = 0; f < it->node->nf; f++) add[1] += it->node->params[f].n;
      add[2] = text_len(c, it->text);
      for (int k = 0; k < it->nstats; k++) add[3] += it->stats[k].nclasses ? it->stats[k].nclasses : 1;
    }
    for (int k = 0; k < 4; k++) s[k] += add[k];
  }
}

/* Whether the uses put in place no more than the reader accepts (BlockUses), counted as it
 * counts: per use line, the block's nodes, entries, line bytes and compute lines. */
static int placed(const ctx *c) {
  const fold_shared *s = c->s;
  int64_t (*sizes)[4] = fold_calloc((size_t) s->nblocks + 1, sizeof *sizes);
  for (int k = 0; k < s->nblocks; k++) size(c, s->blocks[k], sizes, sizes[k + 1]);
  int64_t total[4] = {0, 0, 0, 0};
  bodies b = all_bodies((fold_items *) &s->top, s->blocks, s->nblocks);
  for (int k = 0; k < b.n; k++)
    for (int i = 0; i < b.v[k]->n; i++)
      if (b.v[k]->v[i]->kind == FI_USE)
        for (int x = 0; x < 4; x++) total[x] += sizes[b.v[k]->v[i]->block][x];
  fold_free(b.v);
  fold_free(sizes);
  return total[0] <= MAX_NODES && total[1] <= MAX_ENTRIES && total[2] <= MAX_TEXT
      && total[3] <= MAX_COMPUTE_LINES;
}

/* The blocks used more than once, numbered so that a block comes before any that uses it; one
 * used once is put back in place. */
static void finish(ctx *c) {
  fold_shared *s = c->s;
  numbering nb;
  nb.uses = fold_calloc((size_t) s->nblocks + 1, sizeof *nb.uses);
  nb.numbers = fold_calloc((size_t) s->nblocks + 1, sizeof *nb.numbers);
  nb.out = fold_calloc((size_t) s->nblocks + 1, sizeof *nb.out);
  nb.nout = 0;
  bodies b = all_bodies(&s->top, s->blocks, s->nblocks);
  for (int k = 0; k < b.n; k++)
    for (int i = 0; i < b.v[k]->n; i++)
      if (b.v[k]->v[i]->kind == FI_USE) nb.uses[b.v[k]->v[i]->block]++;
  fold_free(b.v);
  renumber(c, &s->top, &nb);
  /* The blocks not kept are no longer reached: their item lists go (the items with `all`). */
  for (int k = 0; k < s->nblocks; k++) {
    int kept = 0;
    for (int j = 0; j < nb.nout; j++) kept |= nb.out[j] == s->blocks[k];
    if (!kept) {
      fold_free(s->blocks[k]->v);
      fold_free(s->blocks[k]);
    }
  }
  fold_free(s->blocks);
  s->blocks = nb.out;
  s->nblocks = nb.nout;
  fold_free(nb.uses);
  fold_free(nb.numbers);
}

static void drop_blocks(fold_shared *s) {
  for (int k = 0; k < s->nblocks; k++) {
    fold_free(s->blocks[k]->v);
    fold_free(s->blocks[k]);
  }
  fold_free(s->blocks);
  s->blocks = NULL;
  s->nblocks = 0;
}

void fold_blocks(fold_shared *s, const fold_trace *t, const fold_lines *lines) {
  memset(s, 0, sizeof *s);
  ctx c = {s, lines, {0}, {0}};
  items_of(&c, &s->top, t->body, t->n);
  while (s->nblocks < MAX_BLOCKS && share_one(&c)) {
    /* one block a round: the next round searches the bodies as this one left them */
  }
  finish(&c);
  if (!placed(&c)) {
    /* Past the reader's limits: no blocks, the body as it was. */
    drop_blocks(s);
    fold_free(s->top.v);
    memset(&s->top, 0, sizeof s->top);
    items_of(&c, &s->top, t->body, t->n);
  }
  fold_table_free(&c.shapes);
  fold_table_free(&c.refused);
}

void fold_shared_free(fold_shared *s) {
  for (int i = 0; i < s->nall; i++) {
    fold_item *it = s->all[i];
    if (it->kind == FI_CALL) stats_free(it->stats, it->nstats);
    fold_free(it->body.v);
    fold_free(it);
  }
  fold_free(s->all);
  fold_free(s->top.v);
  drop_blocks(s);
  fold_table_free(&s->texts);
  memset(s, 0, sizeof *s);
}
