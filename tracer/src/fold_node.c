/* benchgen tracer: the nodes one rank folds (rsd-compressor's RsdBuilder and FoldLoop), merged
 * execution by execution as the Java ones are, and frozen for the text. */
#include "fold.h"
#include "fold_steps.h"
#include "vocabulary.h"

#include <stdlib.h>
#include <string.h>

int shape_of_call(fold_table *shapes, int op, uint64_t site) {
  int64_t key[3] = {0, op, (int64_t) site};
  return fold_intern(shapes, key, sizeof key) + 1;
}

static int shape_of_loop(fold_table *shapes, void **first, int k) {
  int64_t *key = fold_malloc((size_t) (k + 1) * sizeof *key);
  key[0] = 1;
  for (int i = 0; i < k; i++) key[i + 1] = ((fnode *) first[i])->shape;
  int id = fold_intern(shapes, key, (size_t) (k + 1) * sizeof *key) + 1;
  fold_free(key);
  return id;
}

fnode *fnode_call(int shape, int op, uint64_t site, int nf, const int64_t *abs,
                  const int64_t *rel, int has_after, uint64_t after, int64_t compute, int64_t cpu,
                  int64_t duration) {
  /* One block: the node and its event's values, which it keeps until it is settled. */
  fnode *n = fold_calloc(1, sizeof *n + (size_t) 2 * (nf ? nf : 1) * sizeof(int64_t));
  n->shape = shape;
  n->op = op;
  n->site = site;
  n->nf = nf;
  n->abs = (int64_t *) (n + 1);
  n->rel = n->abs + (nf ? nf : 1);
  memcpy(n->abs, abs, (size_t) nf * sizeof *abs);
  memcpy(n->rel, rel, (size_t) nf * sizeof *rel);
  n->has_after = has_after;
  n->after = after;
  n->compute = compute;
  n->cpu = cpu;
  n->duration = duration;
  return n;
}

/* ---- compute time by call path, in the order the paths first came ------------------------------- */

static fold_path *path(fnode *n, uint64_t site) {
  for (int i = n->npaths - 1; i >= 0; i--)
    if (n->paths[i].site == site) return &n->paths[i];
  if (n->npaths == n->cappaths) {
    n->cappaths = n->cappaths ? 2 * n->cappaths : 2;
    n->paths = fold_realloc(n->paths, (size_t) n->cappaths * sizeof *n->paths);
  }
  fold_path *p = &n->paths[n->npaths++];
  p->site = site;
  histo_init(&p->time);
  p->cpu_sum = p->cpu_count = 0;
  return p;
}

/* ---- a call ---------------------------------------------------------------------------------------- */

static void push_values(fnode *n, const int64_t *a, const int64_t *r) {
  for (int i = 0; i < n->nf; i++) {
    vseq_push(&n->abs_seq[i], a[i]);
    if (n->is_peer[i]) vseq_push(&n->rel_seq[i], r[i]);
  }
}

static void add_single(fnode *n, const int64_t *a, const int64_t *r, int has_after,
                       uint64_t after, int64_t comp, int64_t cpu, int64_t dur) {
  push_values(n, a, r);
  if (has_after) {
    fold_path *p = path(n, after);
    histo_add(&p->time, comp);
    if (cpu >= 0) {
      p->cpu_sum += cpu;
      p->cpu_count++;
    }
  }
  histo_add(&n->durations, dur);
}

static void settle_call(fnode *n) {
  if (n->abs_seq) return;
  const fold_call *c = fold_call_of(n->op);
  n->abs_seq = fold_calloc((size_t) (n->nf ? n->nf : 1), sizeof *n->abs_seq);
  n->rel_seq = fold_calloc((size_t) (n->nf ? n->nf : 1), sizeof *n->rel_seq);
  n->is_peer = fold_calloc((size_t) (n->nf ? n->nf : 1), 1);
  for (int i = 0; i < n->nf; i++) n->is_peer[i] = (unsigned char) fold_field_is_peer(c->field[i]);
  histo_init(&n->durations);
  add_single(n, n->abs, n->rel, n->has_after, n->after, n->compute, n->cpu, n->duration);
  n->abs = n->rel = NULL;
}

static void merge_call(fnode *n, fnode *o) {
  settle_call(n);
  if (!o->abs_seq) {
    add_single(n, o->abs, o->rel, o->has_after, o->after, o->compute, o->cpu, o->duration);
    return;
  }
  for (int i = 0; i < n->nf; i++) {
    vseq_append_all(&n->abs_seq[i], &o->abs_seq[i]);
    if (n->is_peer[i]) vseq_append_all(&n->rel_seq[i], &o->rel_seq[i]);
  }
  for (int i = 0; i < o->npaths; i++) {
    fold_path *p = path(n, o->paths[i].site);
    histo_merge(&p->time, &o->paths[i].time);
    p->cpu_sum += o->paths[i].cpu_sum;
    p->cpu_count += o->paths[i].cpu_count;
  }
  histo_merge(&n->durations, &o->durations);
}

/* ---- a loop ---------------------------------------------------------------------------------------- */

static void settle(fnode *n);

static void settle_loop(fnode *n) {
  if (n->open > 0) {
    vseq_push(&n->trips, n->open);
    n->open = 0;
  }
}

static void settle(fnode *n) {
  if (n->is_loop) settle_loop(n);
  else settle_call(n);
}

static void merge(fnode *n, fnode *o);

static void merge_loop(fnode *n, fnode *o) {
  settle_loop(n);
  settle_loop(o);
  vseq_append_all(&n->trips, &o->trips);
  for (int i = 0; i < n->nbody; i++) merge(n->body[i], o->body[i]);
}

static void merge(fnode *n, fnode *o) {
  if (n->is_loop) merge_loop(n, o);
  else merge_call(n, o);
}

void fnode_free(fnode *n) {
  if (!n) return;
  if (n->is_loop) {
    for (int i = 0; i < n->nbody; i++) fnode_free(n->body[i]);
    fold_free(n->body);
    vseq_builder_free(&n->trips);
  } else {
    if (n->abs_seq) {
      for (int i = 0; i < n->nf; i++) {
        vseq_builder_free(&n->abs_seq[i]);
        vseq_builder_free(&n->rel_seq[i]);
      }
    }
    fold_free(n->abs_seq);
    fold_free(n->rel_seq);
    fold_free(n->is_peer);
    for (int i = 0; i < n->npaths; i++) histo_free(&n->paths[i].time);
    fold_free(n->paths);
    histo_free(&n->durations);
  }
  fold_free(n);
}

/* ---- the folder's rules for these nodes ------------------------------------------------------------ */

static uint64_t f_shape(const void *n) { return (uint64_t) ((const fnode *) n)->shape; }
static int f_same(const void *a, const void *b) {
  return ((const fnode *) a)->shape == ((const fnode *) b)->shape;
}
static int f_body_size(const void *n) {
  const fnode *x = n;
  return x->is_loop ? x->nbody : 0;
}
static void *f_body_at(const void *loop, int i) { return ((const fnode *) loop)->body[i]; }

static void *f_absorb(void *ctx, void *loop, void **iteration, int k) {
  fnode *l = loop;
  l->open++;
  for (int i = 0; i < l->nbody; i++) {
    merge(l->body[i], iteration[i]);
    fnode_free(iteration[i]);
  }
  return l;
}

static void *f_fold(void *ctx, void **first, void **second, int k) {
  fnode *l = fold_calloc(1, sizeof *l);
  l->is_loop = 1;
  l->shape = shape_of_loop(ctx, first, k);
  l->body = fold_malloc((size_t) k * sizeof *l->body);
  memcpy(l->body, first, (size_t) k * sizeof *first);
  l->nbody = k;
  l->open = 1;
  for (int i = 0; i < k; i++) settle(l->body[i]);
  return f_absorb(ctx, l, second, k);
}

const fold_policy FNODE_POLICY = {f_shape, f_same, f_body_size, f_body_at, f_fold, f_absorb};

/* ---- frozen ---------------------------------------------------------------------------------------- */

static fold_param one_entry(int kind, vseq a, vseq r, int rank) {
  fold_param p = {1, fold_calloc(1, sizeof(fold_entry))};
  p.e[0].kind = kind;
  p.e[0].a = a;
  p.e[0].r = r;
  p.e[0].ranks = ranks_of(rank);
  return p;
}

static inode *freeze_call(fnode *n, int rank) {
  settle_call(n);
  inode *x = fold_calloc(1, sizeof *x);
  x->ranks = ranks_of(rank);
  x->op = n->op;
  x->site = n->site;
  x->nf = n->nf;
  x->params = fold_calloc((size_t) (n->nf ? n->nf : 1), sizeof *x->params);
  for (int i = 0; i < n->nf; i++) {
    vseq a = vseq_build(&n->abs_seq[i]), none = {NULL, 0};
    if (vseq_all_equal(&a, V_UNSET)) { /* Sym.ABSENT: the call never had it */
      vseq_free(&a);
      continue;
    }
    x->params[i] = n->is_peer[i] ? one_entry(EV_UNDECIDED, a, vseq_build(&n->rel_seq[i]), rank)
                                 : one_entry(EV_PLAIN, a, none, rank);
  }
  x->nstats = n->npaths;
  x->stats = fold_calloc((size_t) (n->npaths ? n->npaths : 1), sizeof *x->stats);
  for (int i = 0; i < n->npaths; i++) {
    fold_path *p = &n->paths[i];
    fold_stat *s = &x->stats[i];
    s->after = p->site;
    s->time = hist_freeze(&p->time);
    s->has_cpu = p->cpu_count == p->time.count && p->cpu_count > 0;
    s->cpu = s->has_cpu ? (double) p->cpu_sum / (double) p->cpu_count : 0;
  }
  x->duration = hist_freeze(&n->durations);
  return x;
}

inode *fnode_freeze(fnode *n, int rank) {
  if (!n->is_loop) return freeze_call(n, rank);
  inode *x = fold_calloc(1, sizeof *x);
  x->is_loop = 1;
  x->ranks = ranks_of(rank);
  settle_loop(n);
  vseq none = {NULL, 0};
  x->trips = one_entry(EV_PLAIN, vseq_build(&n->trips), none, rank);
  x->nbody = n->nbody;
  x->body = fold_malloc((size_t) (n->nbody ? n->nbody : 1) * sizeof *x->body);
  for (int i = 0; i < n->nbody; i++) x->body[i] = fnode_freeze(n->body[i], rank);
  return x;
}

static void param_free(fold_param *p) {
  for (int i = 0; i < p->n; i++) {
    vseq_free(&p->e[i].a);
    vseq_free(&p->e[i].r);
    ranks_free(&p->e[i].ranks);
  }
  fold_free(p->e);
  p->e = NULL;
  p->n = 0;
}

void inode_free(inode *n) {
  if (!n) return;
  ranks_free(&n->ranks);
  param_free(&n->trips);
  for (int i = 0; i < n->nbody; i++) inode_free(n->body[i]);
  fold_free(n->body);
  for (int i = 0; i < n->nf; i++) param_free(&n->params[i]);
  fold_free(n->params);
  for (int i = 0; i < n->nstats; i++) {
    for (int k = 0; k < n->stats[i].nclasses; k++) ranks_free(&n->stats[i].classes[k].ranks);
    fold_free(n->stats[i].classes);
  }
  fold_free(n->stats);
  fold_free(n->inside);
  fold_free(n);
}

void fold_trace_free(fold_trace *t) {
  for (int i = 0; i < t->n; i++) inode_free(t->body[i]);
  fold_free(t->body);
  for (int i = 0; i < t->ndefs; i++) {
    fold_free(t->defs[i].members);
    fold_free(t->defs[i].remote);
  }
  fold_free(t->defs);
  for (int i = 0; i < t->nchoices; i++) fold_choice_free(t->choices[i]);
  fold_free(t->choices);
  memset(t, 0, sizeof *t);
}
