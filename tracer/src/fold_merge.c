/* benchgen tracer: two compressed traces of disjoint ranks as one, step for step as rsd-compressor's
 * TraceMerger (docs/compression.md, "Merging"): node sequences aligned by Myers' diff within a
 * bound of edits (BoundedMyers), else cut at anchors of call shapes that occur once in each
 * (SequenceAlignment); matched nodes merge their rank lists, parameter entries, statistics and
 * trip counts, loops that share most call sites merge their bodies recursively. */
#include "fold.h"

#include <stdlib.h>
#include <string.h>

#define MAX_EDITS 2000
#define MAX_DEPTH 24

/* One merge's shape ids (ShapeTable): nodes cache theirs under the merge's epoch. */
typedef struct {
  fold_table shapes;
  int epoch;
} merger;

static int g_epoch;

static int shape(merger *m, inode *n) {
  if (n->epoch == m->epoch) return n->shape;
  int id;
  if (!n->is_loop) {
    int64_t key[3] = {0, n->op, (int64_t) n->site};
    id = fold_intern(&m->shapes, key, sizeof key);
  } else {
    int64_t *key = fold_malloc((size_t) (n->nbody + 1) * sizeof *key);
    key[0] = 1;
    for (int i = 0; i < n->nbody; i++) key[i + 1] = shape(m, n->body[i]);
    id = fold_intern(&m->shapes, key, (size_t) (n->nbody + 1) * sizeof *key);
    fold_free(key);
  }
  n->epoch = m->epoch;
  n->shape = id + 1;
  fold_free(n->inside);
  n->inside = NULL;
  n->ninside = -1;
  return n->shape;
}

/* ---- the call shapes inside a loop, as a sorted set --------------------------------------------- */

static void collect(merger *m, inode *n, int **v, int *len, int *cap) {
  if (!n->is_loop) {
    if (*len == *cap) {
      *cap = *cap ? 2 * *cap : 16;
      *v = fold_realloc(*v, (size_t) *cap * sizeof **v);
    }
    (*v)[(*len)++] = shape(m, n);
    return;
  }
  for (int i = 0; i < n->nbody; i++) collect(m, n->body[i], v, len, cap);
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *) a, y = *(const int *) b;
  return x < y ? -1 : x > y;
}

static const int *inside(merger *m, inode *n, int *count) {
  shape(m, n);
  if (n->ninside < 0) {
    int *v = NULL, len = 0, cap = 0;
    collect(m, n, &v, &len, &cap);
    qsort(v, (size_t) len, sizeof *v, cmp_int);
    int k = 0;
    for (int i = 0; i < len; i++)
      if (k == 0 || v[k - 1] != v[i]) v[k++] = v[i];
    n->inside = v;
    n->ninside = k;
  }
  *count = n->ninside;
  return n->inside;
}

/* TraceMerger.matches: the same call at the same site, or loops of one shape or sharing at least
 * half the call shapes of the smaller. */
static int matches(merger *m, inode *x, inode *y) {
  if (!x->is_loop && !y->is_loop) return x->op == y->op && x->site == y->site;
  if (!x->is_loop || !y->is_loop) return 0;
  if (shape(m, x) == shape(m, y)) return 1;
  int nx, ny;
  const int *sx = inside(m, x, &nx), *sy = inside(m, y, &ny);
  int i = 0, j = 0, common = 0;
  while (i < nx && j < ny) {
    if (sx[i] == sy[j]) common++, i++, j++;
    else if (sx[i] < sy[j]) i++;
    else j++;
  }
  int small = nx < ny ? nx : ny;
  return common > 0 && 2 * common >= small;
}

/* ---- which nodes to merge (SequenceAlignment, BoundedMyers) ------------------------------------- */

typedef struct {
  int *v;
  int n, cap;
} pairs;

static void add_pair(pairs *p, int i, int j) {
  if (p->n + 2 > p->cap) {
    p->cap = p->cap ? 2 * p->cap : 32;
    p->v = fold_realloc(p->v, (size_t) p->cap * sizeof *p->v);
  }
  p->v[p->n++] = i;
  p->v[p->n++] = j;
}

/* java-diff-utils' choice: from diagonal k+1 unless k-1 reached further (ties: k+1). */
static int from_above(const int *rows, int prev, int d, int k) {
  return k == -d || (k != d && rows[prev + k - 1 + d - 1] < rows[prev + k + 1 + d - 1]);
}

static int start_x(const int *rows, int prev, int d, int k) {
  return from_above(rows, prev, d, k) ? rows[prev + k + 1 + d - 1]
                                      : rows[prev + k - 1 + d - 1] + 1;
}

/* Myers' greedy diff of a[0..n) and b[0..m) giving up past maxd edits: 1 and the matched pairs
 * (offsets) appended to out, or 0. */
static int myers(merger *mg, inode **a, int n, inode **b, int m, int maxd, pairs *out, int ao,
                 int bo) {
  int limit = maxd < n + m ? maxd : n + m;
  size_t cap = 16, used = 0;
  int *rows = fold_malloc(cap * sizeof *rows);
  int *row_start = fold_malloc((size_t) (limit + 1) * sizeof *row_start);
  for (int d = 0; d <= limit; d++) {
    size_t width = (size_t) 2 * d + 1;
    if (used + width > cap) {
      cap = used + width > 2 * cap ? used + width : 2 * cap;
      rows = fold_realloc(rows, cap * sizeof *rows);
    }
    row_start[d] = (int) used;
    int prev = d == 0 ? -1 : row_start[d - 1];
    for (int k = -d; k <= d; k += 2) {
      int x = d == 0 ? 0 : start_x(rows, prev, d, k), y = x - k;
      while (x < n && y < m && matches(mg, a[x], b[y])) x++, y++;
      rows[used + k + d] = x;
      if (x >= n && y >= m) {
        /* Backtrack: the snakes, last first, then reversed into out. */
        int *pr = fold_malloc((size_t) (2 * (n < m ? n : m) + 2) * sizeof *pr), cnt = 0, kk = k;
        for (int dd = d; dd >= 0; dd--) {
          int x_end = rows[row_start[dd] + kk + dd], x_start = 0, k_prev = kk;
          if (dd > 0) {
            int pv = row_start[dd - 1];
            x_start = start_x(rows, pv, dd, kk);
            k_prev = from_above(rows, pv, dd, kk) ? kk + 1 : kk - 1;
          }
          for (int xx = x_end - 1; xx >= x_start; xx--) {
            pr[cnt++] = xx - kk;
            pr[cnt++] = xx;
          }
          kk = k_prev;
        }
        for (int q = cnt - 1; q >= 1; q -= 2) add_pair(out, ao + pr[q], bo + pr[q - 1]);
        fold_free(pr);
        fold_free(rows);
        fold_free(row_start);
        return 1;
      }
    }
    used += width;
  }
  fold_free(rows);
  fold_free(row_start);
  return 0;
}

/* int -> int, for anchors: the position of a key, or -1 when it occurs more than once. */
typedef struct {
  int *keys, *vals;
  size_t cap, n;
} intmap;

static int *slot(intmap *t, int key) {
  if (2 * (t->n + 1) > t->cap) {
    size_t cap = t->cap ? 2 * t->cap : 64;
    int *k = fold_calloc(cap, sizeof *k), *v = fold_calloc(cap, sizeof *v);
    for (size_t i = 0; i < t->cap; i++)
      if (t->keys[i]) {
        size_t s = ((unsigned) t->keys[i] * 2654435761u) & (cap - 1);
        while (k[s]) s = (s + 1) & (cap - 1);
        k[s] = t->keys[i];
        v[s] = t->vals[i];
      }
    fold_free(t->keys);
    fold_free(t->vals);
    t->keys = k;
    t->vals = v;
    t->cap = cap;
  }
  size_t s = ((unsigned) key * 2654435761u) & (t->cap - 1);
  while (t->keys[s] && t->keys[s] != key) s = (s + 1) & (t->cap - 1);
  if (!t->keys[s]) {
    t->keys[s] = key;
    t->vals[s] = -2; /* new */
    t->n++;
  }
  return &t->vals[s];
}

static int lookup(const intmap *t, int key, int missing) {
  if (!t->cap) return missing;
  size_t s = ((unsigned) key * 2654435761u) & (t->cap - 1);
  while (t->keys[s] && t->keys[s] != key) s = (s + 1) & (t->cap - 1);
  return t->keys[s] ? t->vals[s] : missing;
}

static void map_free(intmap *t) {
  fold_free(t->keys);
  fold_free(t->vals);
}

/* Anchors: shapes once in a[alo..ahi) and once in b[blo..bhi), the longest run of them in the same
 * order in both (patience sorting), as pairs. */
static void anchors(merger *m, inode **a, int alo, int ahi, inode **b, int blo, int bhi,
                    pairs *out) {
  intmap in_b = {0}, in_a = {0};
  for (int j = blo; j < bhi; j++) {
    int *v = slot(&in_b, shape(m, b[j]));
    *v = *v == -2 ? j : -1;
  }
  for (int i = alo; i < ahi; i++) {
    int k = shape(m, a[i]);
    if (lookup(&in_b, k, -1) >= 0) {
      int *v = slot(&in_a, k);
      *v = *v == -2 ? i : -1;
    }
  }
  int cnt = (int) in_a.n, n = 0;
  int *is = fold_malloc((size_t) (cnt + 1) * sizeof *is), *js = fold_malloc((size_t) (cnt + 1) * sizeof *js);
  for (int i = alo; i < ahi; i++) {
    int k = shape(m, a[i]);
    if (lookup(&in_a, k, -3) == i) {
      is[n] = i;
      js[n++] = lookup(&in_b, k, -1);
    }
  }
  int *tails = fold_malloc((size_t) (n + 1) * sizeof *tails), *before = fold_malloc((size_t) (n + 1) * sizeof *before);
  int len = 0;
  for (int x = 0; x < n; x++) {
    int lo = 0, hi = len;
    while (lo < hi) {
      int mid = (lo + hi) / 2;
      if (js[tails[mid]] < js[x]) lo = mid + 1;
      else hi = mid;
    }
    before[x] = lo > 0 ? tails[lo - 1] : -1;
    tails[lo] = x;
    if (lo + 1 > len) len = lo + 1;
  }
  int *run = fold_malloc((size_t) (len + 1) * sizeof *run);
  for (int x = len == 0 ? -1 : tails[len - 1], q = len - 1; x >= 0; x = before[x], q--) run[q] = x;
  for (int q = 0; q < len; q++) add_pair(out, is[run[q]], js[run[q]]);
  fold_free(run);
  fold_free(tails);
  fold_free(before);
  fold_free(is);
  fold_free(js);
  map_free(&in_a);
  map_free(&in_b);
}

static void align(merger *m, inode **a, int alo, int ahi, inode **b, int blo, int bhi, int depth,
                  pairs *out) {
  if (alo == ahi || blo == bhi) return;
  if (myers(m, a + alo, ahi - alo, b + blo, bhi - blo, MAX_EDITS, out, alo, blo)) return;
  if (depth == MAX_DEPTH) return;
  pairs an = {0};
  anchors(m, a, alo, ahi, b, blo, bhi, &an);
  int i = alo, j = blo;
  for (int q = 0; q < an.n; q += 2) {
    align(m, a, i, an.v[q], b, j, an.v[q + 1], depth + 1, out);
    add_pair(out, an.v[q], an.v[q + 1]);
    i = an.v[q] + 1;
    j = an.v[q + 1] + 1;
  }
  if (an.n > 0) align(m, a, i, ahi, b, j, bhi, depth + 1, out);
  fold_free(an.v);
}

/* ---- merging matched nodes ----------------------------------------------------------------------- */

/* EntryValues.unify: the values two rank sets can share, into *u; 0 when they cannot. */
static int unify(const fold_entry *x, const fold_entry *y, fold_entry *u) {
  vseq none = {NULL, 0};
  if (x->kind == EV_UNDECIDED && y->kind == EV_UNDECIDED) {
    int abs = vseq_equal(&x->a, &y->a), rel = vseq_equal(&x->r, &y->r);
    if (abs && rel) *u = (fold_entry){EV_UNDECIDED, vseq_copy(&x->a), vseq_copy(&x->r), {0}, NULL, 0};
    else if (rel) *u = (fold_entry){EV_RELATIVE, vseq_copy(&x->r), none, {0}, NULL, 0};
    else if (abs) *u = (fold_entry){EV_ABSOLUTE, vseq_copy(&x->a), none, {0}, NULL, 0};
    else return 0;
    return 1;
  }
  if (y->kind == EV_UNDECIDED) return unify(y, x, u);
  if (x->kind == EV_UNDECIDED) {
    if ((y->kind == EV_ABSOLUTE && vseq_equal(&y->a, &x->a))
        || (y->kind == EV_RELATIVE && vseq_equal(&y->a, &x->r))) {
      *u = (fold_entry){y->kind, vseq_copy(&y->a), none, {0}, NULL, 0};
      return 1;
    }
    return 0;
  }
  if (x->kind != y->kind || !vseq_equal(&x->a, &y->a)) return 0;
  *u = (fold_entry){x->kind, vseq_copy(&x->a), none, {0}, NULL, 0};
  return 1;
}

static void entry_free(fold_entry *e) {
  vseq_free(&e->a);
  vseq_free(&e->r);
  ranks_free(&e->ranks);
}

static int entry_after(const void *a, const void *b) {
  return ranks_first(&((const fold_entry *) a)->ranks) > ranks_first(&((const fold_entry *) b)->ranks);
}

/* TraceMerger.mergeParam: b's entries into a's (both taken), equal values sharing one entry,
 * ordered by first rank (a stable sort). */
static fold_param merge_param(fold_param a, fold_param b) {
  fold_param out = {a.n, fold_malloc((size_t) (a.n + b.n + 1) * sizeof(fold_entry))};
  if (a.n) memcpy(out.e, a.e, (size_t) a.n * sizeof *a.e);
  fold_free(a.e);
  for (int i = 0; i < b.n; i++) {
    fold_entry *e = &b.e[i], u;
    int merged = 0;
    for (int k = 0; k < out.n && !merged; k++) {
      if (unify(&out.e[k], e, &u)) {
        u.ranks = ranks_union(&out.e[k].ranks, &e->ranks);
        entry_free(&out.e[k]);
        out.e[k] = u;
        merged = 1;
      }
    }
    if (merged) entry_free(e);
    else out.e[out.n++] = *e;
  }
  fold_free(b.e);
  fold_sort(out.e, out.n, sizeof *out.e, entry_after);
  return out;
}

static void merge_seq(merger *m, inode ***a, int *na, inode **b, int nb);

/* a and b matched (see matches): b merged into a, b freed. */
static void merge_node(merger *m, inode *a, inode *b) {
  ranklist ranks = ranks_union(&a->ranks, &b->ranks);
  if (a->is_loop) {
    a->trips = merge_param(a->trips, b->trips);
    b->trips.n = 0;
    b->trips.e = NULL;
    merge_seq(m, &a->body, &a->nbody, b->body, b->nbody);
    fold_free(b->body);
    b->body = NULL;
    b->nbody = 0;
  } else {
    for (int k = 0; k < a->nf; k++) {
      a->params[k] = merge_param(a->params[k], b->params[k]);
      b->params[k].n = 0;
      b->params[k].e = NULL;
    }
    fold_merge_stats(a, &a->ranks, b, &b->ranks);
    a->duration = hist_merge(&a->duration, &b->duration);
  }
  ranks_free(&a->ranks);
  a->ranks = ranks;
  a->epoch = 0; /* its shape may have changed (a loop's body) */
  inode_free(b);
}

/* TraceMerger.mergeSeq: *a becomes the merged sequence; b's nodes are taken. */
static void merge_seq(merger *m, inode ***a, int *na, inode **b, int nb) {
  if (nb == 0) return;
  if (*na == 0) {
    fold_free(*a);
    *a = fold_malloc((size_t) nb * sizeof **a);
    memcpy(*a, b, (size_t) nb * sizeof *b);
    *na = nb;
    return;
  }
  pairs p = {0};
  align(m, *a, 0, *na, b, 0, nb, 0, &p);
  inode **x = *a, **out = fold_malloc((size_t) (*na + nb) * sizeof *out);
  int n = 0, i = 0, j = 0;
  for (int q = 0; q < p.n; q += 2) {
    while (i < p.v[q]) out[n++] = x[i++];
    while (j < p.v[q + 1]) out[n++] = b[j++];
    merge_node(m, x[i], b[j]);
    out[n++] = x[i];
    i++;
    j++;
  }
  while (i < *na) out[n++] = x[i++];
  while (j < nb) out[n++] = b[j++];
  fold_free(p.v);
  fold_free(x);
  *a = out;
  *na = n;
}

/* ---- communicators ------------------------------------------------------------------------------- */

static int same_list(const int64_t *x, int nx, const int64_t *y, int ny) {
  return nx == ny && memcmp(x, y, (size_t) nx * sizeof *x) == 0;
}

static int def_after(const void *a, const void *b) {
  return ((const fold_def *) a)->id > ((const fold_def *) b)->id;
}

static int merge_defs(fold_trace *a, fold_trace *b, char *why, size_t cap) {
  a->defs = fold_realloc(a->defs, (size_t) (a->ndefs + b->ndefs + 1) * sizeof *a->defs);
  for (int i = 0; i < b->ndefs; i++) {
    fold_def *c = &b->defs[i], *old = NULL;
    for (int k = a->ndefs - 1; k >= 0 && !old; k--) /* the last definition, as a map keeps it */
      if (a->defs[k].id == c->id) old = &a->defs[k];
    if (!old) {
      a->defs[a->ndefs++] = *c;
      c->members = c->remote = NULL;
    } else if (!same_list(old->members, old->nmembers, c->members, c->nmembers)
               || !same_list(old->remote, old->nremote, c->remote, c->nremote)) {
      snprintf(why, cap, "communicator %lld is defined with different members on different"
               " ranks", (long long) c->id);
      return -1;
    }
  }
  fold_sort(a->defs, a->ndefs, sizeof *a->defs, def_after);
  return 0;
}

int fold_merge(fold_trace *a, fold_trace *b, char *why, size_t cap) {
  if (a->world != b->world) {
    snprintf(why, cap, "ranks disagree on the world size: %d and %d", a->world, b->world);
    fold_trace_free(b);
    return -1;
  }
  if (merge_defs(a, b, why, cap) < 0) {
    fold_trace_free(b);
    return -1;
  }
  merger m = {{0}, ++g_epoch};
  merge_seq(&m, &a->body, &a->n, b->body, b->n);
  fold_free(b->body);
  b->body = NULL;
  b->n = 0;
  fold_trace_free(b);
  fold_table_free(&m.shapes);
  return 0;
}
