/* benchgen tracer: a choice section whose iterations are the world's steps
 * (docs/compressed-format.md, "Step choices"), the C twin of org.benchgen.compress.StepChoices,
 * step for step: each rank's calls in the run are cut before every blocking collective of the
 * whole world, a rank's step is interned as its path (the shapes it called) and values, the
 * world's configuration of a step as the ranks' steps one rank at a time; the section is one
 * loop of a trip a step whose body holds each shape once, in an order every path keeps, in a
 * guard loop, its trips and values columns of one table (fold_choice). Entries are grouped here
 * for both kinds of section (fold_grouped). */
#include "fold_steps.h"
#include "vocabulary.h"

#include <string.h>

#define MAX_CONFIGS 4096

typedef struct {
  const fold_trace *t;
  const fold_shape *shapes;
  int nshapes;
  fold_table shape_ids; /* (op, site) -> its index in shapes */
  fold_table paths;     /* a path's shapes (ints) -> its number */
  int nranks;
  int *ranks;
  fold_table *locals; /* per rank: (path, values) -> its local step */
  int **seq;          /* per rank: its local step at each step */
  int steps;
  int configs;
  int *world;    /* the configuration of each step */
  int *by_rank;  /* [k * configs + c]: rank k's local step in configuration c */
  int **offsets; /* [path][shape]: where its values start in the path's, -1: not called */
  fold_choice *table;
  fold_table columns; /* a column's values and when -> its index - 1 */
  const int64_t *numbers;
  int nn;
} ctx;

static int shape_of(ctx *c, int op, uint64_t site) {
  return fold_shape_id(&c->shape_ids, op, site, 1);
}

/* Whether a call starts a step: a blocking collective that every rank of the world makes. */
static int starts(const fold_call *f, const int64_t *v) {
  if (!(f->collective || f->comm_create) || f->creates_request) return 0;
  int64_t sync = f->slot_sync >= 0 ? v[f->slot_sync]
                 : f->slot_comm >= 0 && v[f->slot_comm] != V_UNSET ? v[f->slot_comm] : 0;
  return sync == 0;
}

/* A local step's key: its path's number, then its calls' values. */
static int intern_local(ctx *c, int k, const int *path, int np, const int64_t *vals, int nv) {
  int id = fold_intern(&c->paths, path, (size_t) np * sizeof *path);
  int64_t *key = fold_malloc((size_t) (nv + 1) * sizeof *key);
  key[0] = id;
  memcpy(key + 1, vals, (size_t) nv * sizeof *vals);
  int l = fold_intern(&c->locals[k], key, (size_t) (nv + 1) * sizeof *key);
  fold_free(key);
  return l;
}

/* Rank k's local step l: its path and values. */
static const int64_t *local(const ctx *c, int k, int l, int *path) {
  size_t len;
  const int64_t *key = fold_key(&c->locals[k], l, &len);
  *path = (int) key[0];
  return key + 1;
}

/* Cuts rank k's calls into steps; 0, or -1 where they do not line up. */
static int cut(ctx *c, inode *const *run, int n, int k) {
  fold_walk *w = fold_walk_new(c->t, run, n, c->ranks[k]);
  int *path = NULL, np = 0, capp = 0, *seq = NULL, ns = 0, caps = 0, bad = 0;
  int64_t *vals = NULL;
  int nv = 0, capv = 0;
  const inode *x;
  int64_t v[FOLD_MAX_FIELDS];
  for (int more = 1; more && !bad;) {
    more = fold_walk_next(w, &x, v);
    int st = more && starts(fold_call_of(x->op), v);
    if ((!more || st) && np > 0) {
      if (ns == caps) seq = fold_realloc(seq, (size_t) (caps = caps ? 2 * caps : 16) * sizeof *seq);
      seq[ns++] = intern_local(c, k, path, np, vals, nv);
      np = nv = 0;
    } else if (more && np == 0 && !st) {
      bad = 1;
    }
    if (!more || bad) break;
    if (np == capp) path = fold_realloc(path, (size_t) (capp = capp ? 2 * capp : 8) * sizeof *path);
    path[np++] = shape_of(c, x->op, x->site);
    if (nv + x->nf > capv) {
      capv = 2 * (nv + x->nf);
      vals = fold_realloc(vals, (size_t) capv * sizeof *vals);
    }
    memcpy(vals + nv, v, (size_t) x->nf * sizeof *v);
    nv += x->nf;
  }
  fold_walk_free(w);
  fold_free(path);
  fold_free(vals);
  if (bad || ns == 0 || (c->steps >= 0 && ns != c->steps)) {
    fold_free(seq);
    return -1;
  }
  c->steps = ns;
  c->seq[k] = seq;
  return 0;
}

/* The world's configurations, one rank at a time; 0, or -1 past MAX_CONFIGS. */
static int configurations(ctx *c) {
  int *cur = fold_calloc((size_t) c->steps, sizeof *cur);
  int *members = fold_calloc(1, sizeof *members), nmembers = 1;
  for (int k = 0; k < c->nranks; k++) {
    fold_table ids = {0};
    int *next = NULL, cap = 0;
    for (int i = 0; i < c->steps; i++) {
      int64_t key = (int64_t) cur[i] << 32 | (int64_t) c->seq[k][i];
      int id = fold_find(&ids, &key, sizeof key);
      if (id < 0) {
        if (ids.n == MAX_CONFIGS) {
          fold_table_free(&ids);
          fold_free(next);
          fold_free(members);
          fold_free(cur);
          return -1;
        }
        id = fold_intern(&ids, &key, sizeof key);
        if (id >= cap) {
          cap = 2 * (id + 1);
          next = fold_realloc(next, (size_t) cap * (size_t) (k + 1) * sizeof *next);
        }
        memcpy(next + (size_t) id * (k + 1), members + (size_t) cur[i] * k,
               (size_t) k * sizeof *next);
        next[(size_t) id * (k + 1) + k] = c->seq[k][i];
      }
      cur[i] = id;
    }
    nmembers = ids.n;
    fold_table_free(&ids);
    fold_free(members);
    members = next;
  }
  c->configs = nmembers;
  c->world = cur;
  c->by_rank = fold_malloc((size_t) c->nranks * (size_t) nmembers * sizeof *c->by_rank);
  for (int m = 0; m < nmembers; m++)
    for (int k = 0; k < c->nranks; k++)
      c->by_rank[(size_t) k * nmembers + m] = members[(size_t) m * c->nranks + k];
  fold_free(members);
  return 0;
}

/* StepChoices.order: the shapes in an order every path keeps, the earliest first where several
 * may come next; their count, or -1 where a path calls a shape twice or two disagree. */
static int order(const ctx *c, int *out) {
  int n = c->nshapes, no = 0, *before = fold_calloc((size_t) n + 1, sizeof *before);
  unsigned char *used = fold_calloc((size_t) n + 1, 1), *done = fold_calloc((size_t) n + 1, 1);
  int *edges = NULL, nedges = 0, ok = 1;
  for (int p = 0; p < c->paths.n && ok; p++) {
    size_t len;
    const int *path = fold_key(&c->paths, p, &len);
    int m = (int) (len / sizeof *path);
    unsigned char *seen = fold_calloc((size_t) n + 1, 1);
    for (int i = 0; i < m && ok; i++) {
      if (seen[path[i]]) ok = 0;
      seen[path[i]] = used[path[i]] = 1;
      if (i > 0) {
        edges = fold_realloc(edges, (size_t) (nedges + 1) * 2 * sizeof *edges);
        edges[2 * nedges] = path[i - 1];
        edges[2 * nedges + 1] = path[i];
        nedges++;
        before[path[i]]++;
      }
    }
    fold_free(seen);
  }
  while (ok) {
    int next = -1;
    for (int s = 0; s < n && next < 0; s++)
      if (used[s] && !done[s] && before[s] == 0) next = s;
    if (next < 0) break;
    done[next] = 1;
    out[no++] = next;
    for (int e = 0; e < nedges; e++)
      if (edges[2 * e] == next) before[edges[2 * e + 1]]--;
  }
  for (int s = 0; s < n && ok; s++) ok = !used[s] || done[s];
  fold_free(before);
  fold_free(used);
  fold_free(done);
  fold_free(edges);
  return ok ? no : -1;
}

/* The column of these values (one a configuration) read under column `when` (0: every step). */
static int column(ctx *c, const int64_t *values, int when) {
  int64_t *key = fold_malloc((size_t) (c->configs + 1) * sizeof *key);
  memcpy(key, values, (size_t) c->configs * sizeof *key);
  key[c->configs] = when;
  int before = c->columns.n;
  int id = fold_intern(&c->columns, key, (size_t) (c->configs + 1) * sizeof *key);
  fold_free(key);
  if (id == before) {
    fold_choice *t = c->table;
    t->cols = fold_realloc(t->cols, (size_t) (t->ncols + 1) * sizeof *t->cols);
    t->when = fold_realloc(t->when, (size_t) (t->ncols + 1) * sizeof *t->when);
    t->cols[t->ncols] = fold_malloc((size_t) c->configs * sizeof **t->cols);
    memcpy(t->cols[t->ncols], values, (size_t) c->configs * sizeof **t->cols);
    t->when[t->ncols++] = when;
  }
  return id + 1;
}

/* ---- the section --------------------------------------------------------------------------- */


static vseq one(int64_t v) {
  vseq s = {fold_malloc(sizeof(vnode *)), 1};
  s.nodes[0] = vnode_leaf(v);
  return s;
}

/* Whether two columns give the same values at their steps (ValueSeq equality: leaves). */
static int same_column(const fold_choice *t, int x, int y) {
  if (x == y) return 1;
  const int64_t *a = t->cols[x - 1], *b = t->cols[y - 1];
  const int64_t *wa = t->when[x - 1] ? t->cols[t->when[x - 1] - 1] : NULL;
  const int64_t *wb = t->when[y - 1] ? t->cols[t->when[y - 1] - 1] : NULL;
  int i = 0, j = 0;
  for (;;) {
    while (i < t->steps && wa && wa[t->seq[i]] == 0) i++;
    while (j < t->steps && wb && wb[t->seq[j]] == 0) j++;
    if (i == t->steps || j == t->steps) return i == t->steps && j == t->steps;
    if (a[t->seq[i++]] != b[t->seq[j++]]) return 0;
  }
}

static int same(const fold_choice *t, const fold_pre *x, const fold_pre *y) {
  if (x->kind != y->kind || (x->col > 0) != (y->col > 0)) return 0;
  return x->col ? same_column(t, x->col, y->col) : vseq_equal(&x->a, &y->a);
}

fold_param fold_grouped(const fold_choice *t, const int *ranks, fold_pre *v, int n) {
  fold_param p = {0, fold_calloc((size_t) (n ? n : 1), sizeof(fold_entry))};
  int *group = fold_malloc((size_t) (n ? n : 1) * sizeof *group);
  int *members = fold_malloc((size_t) (n ? n : 1) * sizeof *members);
  for (int i = 0; i < n; i++) group[i] = -1;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i && group[i] < 0; j++)
      if (group[j] == j && same(t, &v[j], &v[i])) group[i] = j;
    if (group[i] >= 0) {
      vseq_free(&v[i].a);
      continue;
    }
    group[i] = i;
    int m = 0;
    for (int j = i; j < n; j++)
      if (j == i || (group[j] == -1 && same(t, &v[i], &v[j]))) members[m++] = ranks[j];
    fold_entry *e = &p.e[p.n++];
    e->kind = v[i].kind;
    e->a = v[i].a;
    e->ranks = ranks_of_sorted(members, m);
    if (v[i].col) {
      e->table = t;
      e->column = v[i].col;
    }
  }
  fold_free(group);
  fold_free(members);
  return p;
}

/* StepChoices.values: rank k's values of field slot f of its calls of shape s: a constant, a
 * column under its guard, or (names, lists) its own sequence; 0 where absent. */
static int values(ctx *c, int k, int s, int f, int field, int guard, fold_pre *out) {
  int configs = c->configs, present = 0, constant = 1, any = 0;
  int plain = !fold_field_is_name(field) && !fold_field_is_list(field);
  int64_t *v = fold_calloc((size_t) configs, sizeof *v), only = 0;
  unsigned char *read = fold_calloc((size_t) configs, 1);
  for (int m = 0; m < configs; m++) {
    int path;
    const int64_t *vals = local(c, k, c->by_rank[(size_t) k * configs + m], &path);
    int at = c->offsets[path][s];
    if (at < 0) continue;
    int64_t x = vals[at + f];
    read[m] = 1;
    v[m] = x;
    present |= x != V_UNSET;
    constant &= !any || x == only;
    only = any ? only : x;
    any = 1;
  }
  out->kind = fold_field_is_peer(field) ? EV_ABSOLUTE : EV_PLAIN;
  out->col = 0;
  if (!present) {
  } else if (constant) {
    out->a = one(only);
  } else if (plain) {
    /* A column holds what the file writes: communicators by their numbers. */
    if (fold_field_is_comm(field))
      for (int m = 0; m < configs; m++) v[m] = fold_comm_written(c->numbers, c->nn, v[m]);
    out->a = (vseq) {NULL, 0};
    out->col = column(c, v, guard);
  } else {
    vseq_builder b = {0};
    for (int i = 0; i < c->steps; i++)
      if (read[c->world[i]]) vseq_push(&b, v[c->world[i]]);
    out->a = vseq_build(&b);
    vseq_builder_free(&b);
  }
  fold_free(v);
  fold_free(read);
  return present;
}

static inode *rsd(ctx *c, int s, const int *on, const int *onk, const int *guards, int non) {
  const fold_shape *sh = &c->shapes[s];
  const fold_call *call = fold_call_of(sh->op);
  inode *x = fold_calloc(1, sizeof *x);
  x->ranks = ranks_of_sorted(on, non);
  x->op = sh->op;
  x->site = sh->site;
  x->nf = call->nf;
  x->params = fold_calloc((size_t) (call->nf ? call->nf : 1), sizeof *x->params);
  fold_pre *v = fold_malloc((size_t) non * sizeof *v);
  int *has = fold_malloc((size_t) non * sizeof *has);
  for (int f = 0; f < call->nf; f++) {
    int n = 0;
    for (int j = 0; j < non; j++)
      if (values(c, onk[j], s, f, call->field[f], guards[j], &v[n])) has[n++] = on[j];
    if (n > 0) x->params[f] = fold_grouped(c->table, has, v, n);
  }
  fold_free(v);
  fold_free(has);
  fold_shape_times(x, sh);
  return x;
}

inode *fold_section_loop(ranklist ranks, fold_param trips, inode **body, int n) {
  inode *l = fold_calloc(1, sizeof *l);
  l->is_loop = 1;
  l->ranks = ranks;
  l->trips = trips;
  l->body = body;
  l->nbody = n;
  return l;
}

void fold_shape_times(inode *x, const fold_shape *sh) {
  x->nstats = sh->nstats;
  x->stats = fold_calloc((size_t) (sh->nstats ? sh->nstats : 1), sizeof *x->stats);
  for (int i = 0; i < sh->nstats; i++) {
    x->stats[i] = sh->stats[i];
    x->stats[i].classes = NULL;
    if (!sh->stats[i].nclasses) continue;
    x->stats[i].classes = fold_malloc((size_t) sh->stats[i].nclasses * sizeof(fold_class));
    for (int k = 0; k < sh->stats[i].nclasses; k++) {
      x->stats[i].classes[k] = sh->stats[i].classes[k];
      x->stats[i].classes[k].ranks = ranks_copy(&sh->stats[i].classes[k].ranks);
    }
  }
  x->duration = sh->duration;
}

/* StepChoices.build: the loop over the steps. */
static inode *build(ctx *c) {
  int *ord = fold_malloc((size_t) (c->nshapes + 1) * sizeof *ord), n = order(c, ord);
  if (n < 0) {
    fold_free(ord);
    return NULL;
  }
  c->offsets = fold_malloc((size_t) (c->paths.n + 1) * sizeof *c->offsets);
  for (int p = 0; p < c->paths.n; p++) {
    size_t len;
    const int *path = fold_key(&c->paths, p, &len);
    c->offsets[p] = fold_malloc((size_t) (c->nshapes + 1) * sizeof **c->offsets);
    for (int s = 0; s < c->nshapes; s++) c->offsets[p][s] = -1;
    for (int i = 0, o = 0; i < (int) (len / sizeof *path); i++) {
      c->offsets[p][path[i]] = o;
      o += fold_call_of(c->shapes[path[i]].op)->nf;
    }
  }
  fold_choice *t = fold_calloc(1, sizeof *t);
  t->configs = c->configs;
  t->steps = c->steps;
  t->seq = c->world;
  c->world = NULL;
  c->table = t;
  inode **body = fold_malloc((size_t) (n ? n : 1) * sizeof *body);
  int *on = fold_malloc((size_t) c->nranks * sizeof *on);
  int *onk = fold_malloc((size_t) c->nranks * sizeof *onk);
  int *guards = fold_malloc((size_t) c->nranks * sizeof *guards);
  fold_pre *trips = fold_malloc((size_t) c->nranks * sizeof *trips);
  int64_t *g = fold_malloc((size_t) c->configs * sizeof *g);
  for (int i = 0; i < n; i++) {
    int s = ord[i], non = 0, always = 1;
    for (int k = 0; k < c->nranks; k++) {
      int any = 0, every = 1;
      for (int m = 0; m < c->configs; m++) {
        int path;
        local(c, k, c->by_rank[(size_t) k * c->configs + m], &path);
        g[m] = c->offsets[path][s] >= 0;
        any |= g[m] == 1;
        every &= g[m] == 1;
      }
      always &= every;
      if (!any) continue;
      on[non] = c->ranks[k];
      onk[non] = k;
      guards[non] = every ? 0 : column(c, g, 0);
      trips[non] = (fold_pre) {EV_PLAIN, guards[non], every ? one(1) : (vseq) {NULL, 0}};
      non++;
    }
    inode *r = rsd(c, s, on, onk, guards, non);
    if (always) {
      for (int k = 0; k < non; k++) vseq_free(&trips[k].a);
      body[i] = r;
    } else {
      inode **b = fold_malloc(sizeof *b);
      b[0] = r;
      body[i] = fold_section_loop(ranks_of_sorted(on, non),
                                  fold_grouped(c->table, on, trips, non), b, 1);
    }
  }
  fold_pre *outer = fold_malloc((size_t) c->nranks * sizeof *outer);
  for (int k = 0; k < c->nranks; k++) outer[k] = (fold_pre) {EV_PLAIN, 0, one(c->steps)};
  inode *l = fold_section_loop(ranks_of_sorted(c->ranks, c->nranks),
                               fold_grouped(c->table, c->ranks, outer, c->nranks), body, n);
  fold_free(outer);
  fold_free(g);
  fold_free(trips);
  fold_free(guards);
  fold_free(on);
  fold_free(onk);
  fold_free(ord);
  return l;
}

inode *fold_steps_section(const fold_trace *t, inode *const *run, int n, const ranklist *ranks,
                          const fold_shape *shapes, int nshapes, const int64_t *numbers, int nn,
                          fold_choice **table) {
  ctx c = {0};
  c.t = t;
  c.shapes = shapes;
  c.nshapes = nshapes;
  c.numbers = numbers;
  c.nn = nn;
  c.steps = -1;
  for (int s = 0; s < nshapes; s++) shape_of(&c, shapes[s].op, shapes[s].site);
  c.nranks = ranks->size;
  c.ranks = fold_malloc((size_t) (c.nranks ? c.nranks : 1) * sizeof *c.ranks);
  for (int i = 0, at = 0; i < ranks->nruns; i++)
    for (int k = 0; k < ranks->runs[3 * i + 2]; k++)
      c.ranks[at++] = ranks->runs[3 * i] + k * ranks->runs[3 * i + 1];
  c.locals = fold_calloc((size_t) (c.nranks ? c.nranks : 1), sizeof *c.locals);
  c.seq = fold_calloc((size_t) (c.nranks ? c.nranks : 1), sizeof *c.seq);
  inode *out = NULL;
  int ok = c.nranks > 0;
  for (int k = 0; k < c.nranks && ok; k++) ok = cut(&c, run, n, k) == 0;
  if (ok && configurations(&c) == 0) out = build(&c);
  *table = out ? c.table : NULL;
  if (!out) fold_choice_free(c.table);
  for (int k = 0; k < c.nranks; k++) {
    fold_table_free(&c.locals[k]);
    fold_free(c.seq[k]);
  }
  for (int p = 0; c.offsets && p < c.paths.n; p++) fold_free(c.offsets[p]);
  fold_free(c.offsets);
  fold_free(c.locals);
  fold_free(c.seq);
  fold_free(c.ranks);
  fold_free(c.world);
  fold_free(c.by_rank);
  fold_table_free(&c.shape_ids);
  fold_table_free(&c.paths);
  fold_table_free(&c.columns);
  return out;
}
