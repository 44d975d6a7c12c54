/* benchgen tracer: one rank's calls in a merged trace, in order, with their values (the C twin of
 * org.benchgen.traverse.TraversalContext, for the choice sections that fold_choices.c forms after
 * the merge): each loop run as many times as the rank's next trip count says, each parameter
 * entry read by a cursor of its own, cyclically, peers stored relative made absolute. */
#include "fold_steps.h"
#include "vocabulary.h"

#include <string.h>

/* A cursor in a value sequence: a stack of the repetitions it is inside. */
typedef struct {
  vnode *const *nodes;
  int n, i;
  int64_t left; /* iterations of this level left, this one included */
} vlevel;

typedef struct {
  const fold_entry *e; /* NULL: a free slot */
  vlevel *st;
  int depth, cap;
} vcursor;

typedef struct {
  inode *const *body;
  int n, index;
  int64_t iteration, trips; /* trips 0: the top level, run once */
} wframe;

struct fold_walk {
  const fold_trace *t;
  int rank;
  wframe *st;
  int depth, cap;
  vcursor *cur; /* open addressing by entry */
  size_t ncur, used;
};

static void vpush(vcursor *c, vnode *const *nodes, int n, int64_t times) {
  if (c->depth == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 4;
    c->st = fold_realloc(c->st, (size_t) c->cap * sizeof *c->st);
  }
  c->st[c->depth++] = (vlevel) {nodes, n, 0, times};
}

/* The next value of a non-empty sequence, from its start again after its end. */
static int64_t vnext(vcursor *c, const vseq *s) {
  for (;;) {
    if (c->depth == 0) vpush(c, s->nodes, s->n, 1);
    vlevel *l = &c->st[c->depth - 1];
    if (l->i >= l->n) {
      if (--l->left > 0) {
        l->i = 0;
        continue;
      }
      c->depth--;
      if (c->depth > 0) c->st[c->depth - 1].i++;
      continue;
    }
    const vnode *x = l->nodes[l->i];
    if (x->n == 0) {
      l->i++;
      return x->value;
    }
    vpush(c, x->body, x->n, x->times);
  }
}

static size_t slot_of(const fold_walk *w, const fold_entry *e) {
  uintptr_t h = (uintptr_t) e;
  h ^= h >> 17;
  h *= 0x9E3779B97F4A7C15ull;
  return (size_t) (h >> 7) & (w->ncur - 1);
}

static vcursor *cursor(fold_walk *w, const fold_entry *e) {
  if (2 * (w->used + 1) > w->ncur) {
    vcursor *old = w->cur;
    size_t n = w->ncur;
    w->ncur = n ? 2 * n : 64;
    w->cur = fold_calloc(w->ncur, sizeof *w->cur);
    for (size_t i = 0; i < n; i++) {
      if (!old[i].e) continue;
      size_t k = slot_of(w, old[i].e);
      while (w->cur[k].e) k = (k + 1) & (w->ncur - 1);
      w->cur[k] = old[i];
    }
    fold_free(old);
  }
  size_t k = slot_of(w, e);
  while (w->cur[k].e && w->cur[k].e != e) k = (k + 1) & (w->ncur - 1);
  if (!w->cur[k].e) {
    w->cur[k].e = e;
    w->used++;
  }
  return &w->cur[k];
}

/* The rank's entry of p, or NULL. */
static const fold_entry *entry_for(const fold_param *p, int rank) {
  for (int i = 0; i < p->n; i++)
    if (ranks_contains(&p->e[i].ranks, rank)) return &p->e[i];
  return NULL;
}

/* The next value of e for this rank (an entry of a trace without choice tables). */
static int64_t next(fold_walk *w, const fold_entry *e) {
  if (e->a.n == 0) return V_UNSET;
  if (e->a.n == 1 && e->a.nodes[0]->n == 0) return e->a.nodes[0]->value; /* one value */
  return vnext(cursor(w, e), &e->a);
}

/* The rank's place in communicator id's group, and the size of the group its peers are in
 * (Communicators.rankIn, peerSize); -1 where it is no member. */
static int64_t place(const fold_walk *w, int64_t id, int64_t *size) {
  if (id == 0) {
    *size = w->t->world;
    return w->rank;
  }
  for (int i = 0; i < w->t->ndefs; i++) {
    const fold_def *d = &w->t->defs[i];
    if (d->id != id) continue;
    for (int k = 0; k < d->nmembers; k++)
      if (d->members[k] == w->rank) {
        *size = d->nremote ? d->nremote : d->nmembers;
        return k;
      }
    for (int k = 0; k < d->nremote; k++)
      if (d->remote[k] == w->rank) {
        *size = d->nmembers;
        return k;
      }
  }
  return -1;
}

fold_walk *fold_walk_new(const fold_trace *t, inode *const *body, int n, int rank) {
  fold_walk *w = fold_calloc(1, sizeof *w);
  w->t = t;
  w->rank = rank;
  w->cap = 8;
  w->st = fold_malloc((size_t) w->cap * sizeof *w->st);
  w->st[0] = (wframe) {body, n, 0, 0, 0};
  w->depth = 1;
  return w;
}

int fold_walk_next(fold_walk *w, const inode **rsd, int64_t *values) {
  while (w->depth > 0) {
    wframe *f = &w->st[w->depth - 1];
    if (f->index >= f->n) {
      if (f->trips > 0 && ++f->iteration < f->trips) {
        f->index = 0;
        continue;
      }
      if (--w->depth > 0) w->st[w->depth - 1].index++;
      continue;
    }
    const inode *x = f->body[f->index];
    if (!ranks_contains(&x->ranks, w->rank)) {
      f->index++;
      continue;
    }
    if (x->is_loop) {
      const fold_entry *e = entry_for(&x->trips, w->rank);
      int64_t trips = e ? next(w, e) : 0;
      if (trips <= 0) {
        f->index++;
        continue;
      }
      if (w->depth == w->cap) {
        w->cap *= 2;
        w->st = fold_realloc(w->st, (size_t) w->cap * sizeof *w->st);
      }
      w->st[w->depth++] = (wframe) {x->body, x->nbody, 0, 0, trips};
      continue;
    }
    int relative[FOLD_MAX_FIELDS] = {0};
    for (int i = 0; i < x->nf; i++) {
      const fold_entry *e = entry_for(&x->params[i], w->rank);
      values[i] = e ? next(w, e) : V_UNSET;
      relative[i] = e && e->kind == EV_RELATIVE;
    }
    const fold_call *c = fold_call_of(x->op);
    for (int i = 0; i < x->nf; i++) {
      if (!relative[i] || fold_symbol_text(values[i]) || c->slot_comm < 0) continue;
      int64_t size, me = place(w, values[c->slot_comm], &size);
      if (me >= 0 && size > 0) values[i] = ((me + values[i]) % size + size) % size;
    }
    f->index++;
    *rsd = x;
    return 1;
  }
  return 0;
}

void fold_walk_free(fold_walk *w) {
  if (!w) return;
  for (size_t i = 0; i < w->ncur; i++) fold_free(w->cur[i].st);
  fold_free(w->cur);
  fold_free(w->st);
  fold_free(w);
}
