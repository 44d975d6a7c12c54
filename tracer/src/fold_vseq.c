/* benchgen tracer: value sequences, as rsd-compressor's ValueSeqBuilder makes them: equal values
 * gathered into maximal runs, each run one node for the loop folder (window 16), and the result
 * reduced to its shortest cycle (ShortestCycle). Nodes are immutable and reference-counted. */
#include "fold.h"

#include <stdlib.h>
#include <string.h>

#define VSEQ_WINDOW 16
#define MAX_CYCLE_VALUES (1 << 16)

static uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 33)) * 0xff51afd7ed558ccdULL;
  z = (z ^ (z >> 33)) * 0xc4ceb9fe1a85ec53ULL;
  return z ^ (z >> 33);
}

static vnode *new_leaf(int64_t v) {
  vnode *n = fold_calloc(1, sizeof *n);
  n->refs = 1;
  n->value = v;
  n->hash = mix((uint64_t) v);
  return n;
}

/* Leaves of small values are shared (ValueSeqBuilder.leaf): peers, tags and most counts are small
 * and recur all through a trace, and a leaf per occurrence was most of an irregular fold. The
 * table keeps one reference to each, so they are never freed. */
#define SMALL_LOW (-1024)
#define SMALL_HIGH (1 << 16)
static vnode **g_small;

static vnode *leaf(int64_t v) {
  if (v < SMALL_LOW || v >= SMALL_HIGH) return new_leaf(v);
  if (!g_small) g_small = fold_calloc(SMALL_HIGH - SMALL_LOW, sizeof *g_small);
  vnode **at = &g_small[v - SMALL_LOW];
  if (!*at) *at = new_leaf(v);
  (*at)->refs++;
  return *at;
}

static vnode *retain(vnode *n) {
  n->refs++;
  return n;
}

void vnode_release(vnode *v) {
  if (!v || --v->refs > 0) return;
  for (int i = 0; i < v->n; i++) vnode_release(v->body[i]);
  fold_free(v->body);
  fold_free(v);
}

/* body repeated `times` times; takes the references of body's nodes. */
static vnode *rep(vnode **body, int n, int64_t times) {
  vnode *r = fold_calloc(1, sizeof *r);
  r->refs = 1;
  r->n = n;
  r->times = times;
  r->body = fold_malloc((size_t) n * sizeof *r->body);
  memcpy(r->body, body, (size_t) n * sizeof *body);
  uint64_t h = 0x9E3779B97F4A7C15ULL ^ (uint64_t) times;
  for (int i = 0; i < n; i++) h = mix(h * 31 + body[i]->hash);
  r->hash = mix(h + (uint64_t) times);
  return r;
}

static int vnode_eq(const vnode *a, const vnode *b) {
  if (a == b) return 1;
  if (a->hash != b->hash || a->n != b->n || a->times != b->times) return 0;
  if (a->n == 0) return a->value == b->value;
  for (int i = 0; i < a->n; i++)
    if (!vnode_eq(a->body[i], b->body[i])) return 0;
  return 1;
}

/* ---- the folder's rules for value nodes ---------------------------------------------------------- */

static uint64_t v_shape(const void *n) { return ((const vnode *) n)->hash; }
static int v_same(const void *a, const void *b) { return vnode_eq(a, b); }
static int v_body_size(const void *n) { return ((const vnode *) n)->n; }
static void *v_body_at(const void *loop, int i) { return ((const vnode *) loop)->body[i]; }

static void *v_fold(void *ctx, void **first, void **second, int k) {
  for (int i = 0; i < k; i++) vnode_release(second[i]);
  return rep((vnode **) first, k, 2);
}

static void *v_absorb(void *ctx, void *loop, void **iteration, int k) {
  vnode *r = loop;
  for (int i = 0; i < k; i++) vnode_release(iteration[i]);
  if (r->refs == 1) { /* only the folder sees it: the same node, one more time */
    vnode *again = rep(r->body, r->n, r->times + 1);
    fold_free(r->body);
    fold_free(r);
    return again;
  }
  for (int i = 0; i < r->n; i++) retain(r->body[i]);
  vnode *again = rep(r->body, r->n, r->times + 1);
  vnode_release(r);
  return again;
}

static const fold_policy VNODE_POLICY = {v_shape, v_same, v_body_size, v_body_at, v_fold,
                                         v_absorb};

/* ---- building -------------------------------------------------------------------------------------- */

static void push_to_folder(vseq_builder *b, int64_t v, int64_t times) {
  if (!b->folder) {
    b->folder = fold_malloc(sizeof *b->folder);
    folder_init(b->folder, &VNODE_POLICY, NULL, VSEQ_WINDOW);
  }
  vnode *l = leaf(v);
  folder_push(b->folder, times == 1 ? l : rep(&l, 1, times));
}

static void flush(vseq_builder *b) {
  if (b->run_length > 0) {
    int64_t t = b->run_length;
    b->run_length = 0;
    push_to_folder(b, b->run_value, t);
  }
}

static void push_times(vseq_builder *b, int64_t v, int64_t times) {
  if (b->run_length > 0 && v == b->run_value) {
    b->run_length += times;
    return;
  }
  flush(b);
  b->run_value = v;
  b->run_length = times;
}

void vseq_push(vseq_builder *b, int64_t v) { push_times(b, v, 1); }

static void push_node(vseq_builder *b, const vnode *n) {
  if (n->n == 0) {
    vseq_push(b, n->value);
  } else if (n->n == 1 && n->body[0]->n == 0) {
    push_times(b, n->body[0]->value, n->times);
  } else {
    for (int64_t t = 0; t < n->times; t++)
      for (int i = 0; i < n->n; i++) push_node(b, n->body[i]);
  }
}

void vseq_append_all(vseq_builder *b, const vseq_builder *other) {
  if (other->folder)
    for (int i = 0; i < other->folder->n; i++) push_node(b, other->folder->seq[i]);
  if (other->run_length > 0) push_times(b, other->run_value, other->run_length);
}

/* The folded nodes, a whole that is one repetition reduced to its body; references taken. */
static vseq folded(vseq_builder *b) {
  flush(b);
  folder_finish(b->folder);
  vnode **at = (vnode **) b->folder->seq;
  int k = b->folder->n;
  while (k == 1 && at[0]->n > 0) {
    k = at[0]->n;
    at = at[0]->body;
  }
  vseq s = {fold_malloc((size_t) (k ? k : 1) * sizeof(vnode *)), k};
  for (int i = 0; i < k; i++) s.nodes[i] = retain(at[i]);
  return s;
}

static void free_folder(folder *f) {
  if (!f) return;
  for (int i = 0; i < f->n; i++) vnode_release(f->seq[i]);
  fold_free(f->seq);
  fold_free(f->shapes);
  fold_free(f->sizes);
  fold_free(f->rest);
  fold_free(f);
}

void vseq_builder_free(vseq_builder *b) {
  free_folder(b->folder);
  b->folder = NULL;
  b->run_length = 0;
}

void vseq_free(vseq *s) {
  for (int i = 0; i < s->n; i++) vnode_release(s->nodes[i]);
  fold_free(s->nodes);
  s->nodes = NULL;
  s->n = 0;
}

/* ---- the shortest cycle ------------------------------------------------------------------------- */

/* One pass of the values of nodes, into out (at most MAX_CYCLE_VALUES: else -1). */
static int expand(vnode *const *nodes, int n, int64_t *out, int *len) {
  for (int i = 0; i < n; i++) {
    const vnode *v = nodes[i];
    if (v->n == 0) {
      if (*len == MAX_CYCLE_VALUES) return -1;
      out[(*len)++] = v->value;
      continue;
    }
    for (int64_t t = 0; t < v->times; t++)
      if (expand(v->body, v->n, out, len) < 0) return -1;
  }
  return 0;
}

/* Nodes counted through repetitions: what writing them costs. */
static long size_of(vnode *const *nodes, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) s += nodes[i]->n > 0 ? 1 + size_of(nodes[i]->body, nodes[i]->n) : 1;
  return s;
}

/* The smallest p with v[i] == v[i + p] for all i (the prefix function). */
static int period(const int64_t *v, int n, int *border) {
  border[0] = 0;
  for (int i = 1; i < n; i++) {
    int k = border[i - 1];
    while (k > 0 && v[i] != v[k]) k = border[k - 1];
    border[i] = v[i] == v[k] ? k + 1 : 0;
  }
  return n - border[n - 1];
}

vseq vseq_build(vseq_builder *b) {
  vseq s = {NULL, 0};
  if (!b->folder) {
    if (b->run_length > 0) {
      s.nodes = fold_malloc(sizeof *s.nodes);
      s.nodes[0] = leaf(b->run_value);
      s.n = 1;
    }
    return s;
  }
  s = folded(b);
  /* Scratch for one cycle, kept: every parameter of every RSD is built through here. */
  static int64_t *v;
  static int *border;
  if (!v) v = fold_malloc(MAX_CYCLE_VALUES * sizeof *v);
  if (!border) border = fold_malloc(MAX_CYCLE_VALUES * sizeof *border);
  int len = 0;
  if (v && border && expand(s.nodes, s.n, v, &len) == 0 && len >= 2) {
    int p = period(v, len, border);
    if (2 * p <= len) {
      vseq_builder c = {NULL, 0, 0};
      for (int i = 0; i < p; i++) vseq_push(&c, v[i]);
      vseq cycle;
      if (!c.folder) {
        cycle.nodes = fold_malloc(sizeof *cycle.nodes);
        cycle.nodes[0] = leaf(c.run_value);
        cycle.n = 1;
      } else {
        cycle = folded(&c);
      }
      vseq_builder_free(&c);
      if (size_of(cycle.nodes, cycle.n) < size_of(s.nodes, s.n)) {
        vseq_free(&s);
        s = cycle;
      } else {
        vseq_free(&cycle);
      }
    }
  }
  return s;
}

int vseq_all_equal(const vseq *s, int64_t v) {
  if (s->n == 0) return 0;
  for (int i = 0; i < s->n; i++) {
    const vnode *x = s->nodes[i];
    if (x->n == 0 ? x->value != v : !vseq_all_equal(&(vseq){x->body, x->n}, v)) return 0;
  }
  return 1;
}

vseq vseq_copy(const vseq *s) {
  vseq c = {fold_malloc((size_t) (s->n ? s->n : 1) * sizeof(vnode *)), s->n};
  for (int i = 0; i < s->n; i++) c.nodes[i] = retain(s->nodes[i]);
  return c;
}

int vseq_equal(const vseq *a, const vseq *b) {
  if (a->n != b->n) return 0;
  for (int i = 0; i < a->n; i++)
    if (!vnode_eq(a->nodes[i], b->nodes[i])) return 0;
  return 1;
}

vnode *vnode_leaf(int64_t v) { return leaf(v); }
vnode *vnode_rep(vnode **body, int n, int64_t times) { return rep(body, n, times); }
