/* benchgen tracer: the per-call choice section (docs/compressed-format.md, "Choice sections"), the
 * C twin of the section org.benchgen.compress.ChoiceSections makes where the world's steps do not
 * line up (fold_steps.c): one loop of a trip a call on each rank, whose body holds, per call
 * shape, a guard loop of 0 or 1 trips around the shape's one RSD, whose values are each rank's
 * own, folded again as any value sequence. */
#include "fold_steps.h"
#include "vocabulary.h"

#include <string.h>

/* A shape as the ranks are walked: per rank that called it, its guard and values by field. */
typedef struct {
  const fold_shape *shape;
  int nf;
  int *ranks, n;
  fold_pre *guards;
  fold_pre **fields; /* [f][k]: rank k's values, col -1 where it never had the field */
  /* the rank being walked */
  vseq_builder guard, *values;
  unsigned char *present;
  int64_t calls;
} walked;

static void start_rank(walked *w) {
  memset(&w->guard, 0, sizeof w->guard);
  memset(w->values, 0, (size_t) w->nf * sizeof *w->values);
  memset(w->present, 0, (size_t) w->nf);
  w->calls = 0;
}

static void end_rank(walked *w, int rank) {
  if (w->calls == 0) {
    vseq_builder_free(&w->guard);
    for (int f = 0; f < w->nf; f++) vseq_builder_free(&w->values[f]);
    return;
  }
  int k = w->n++;
  w->ranks[k] = rank;
  w->guards[k] = (fold_pre) {EV_PLAIN, 0, vseq_build(&w->guard)};
  vseq_builder_free(&w->guard);
  const fold_call *c = fold_call_of(w->shape->op);
  for (int f = 0; f < w->nf; f++) {
    if (!w->present[f]) {
      /* A field the rank never had stays absent (no entry), as in the RSDs merged. */
      vseq_builder_free(&w->values[f]);
      w->fields[f][k] = (fold_pre) {EV_PLAIN, -1, {NULL, 0}};
    } else {
      w->fields[f][k] = (fold_pre) {fold_field_is_peer(c->field[f]) ? EV_ABSOLUTE : EV_PLAIN, 0,
                                    vseq_build(&w->values[f])};
      vseq_builder_free(&w->values[f]);
    }
  }
}

/* Shape.guarded: the guard loop around the shape's merged RSD. */
static inode *guarded(walked *w) {
  inode *x = fold_calloc(1, sizeof *x);
  x->ranks = ranks_of_sorted(w->ranks, w->n);
  x->op = w->shape->op;
  x->site = w->shape->site;
  x->nf = w->nf;
  x->params = fold_calloc((size_t) (w->nf ? w->nf : 1), sizeof *x->params);
  int *has = fold_malloc((size_t) w->n * sizeof *has);
  fold_pre *vals = fold_malloc((size_t) w->n * sizeof *vals);
  for (int f = 0; f < w->nf; f++) {
    int m = 0;
    for (int k = 0; k < w->n; k++) {
      if (w->fields[f][k].col < 0) continue;
      has[m] = w->ranks[k];
      vals[m++] = w->fields[f][k];
    }
    if (m > 0) x->params[f] = fold_grouped(NULL, has, vals, m);
  }
  fold_free(has);
  fold_free(vals);
  fold_shape_times(x, w->shape);
  inode **b = fold_malloc(sizeof *b);
  b[0] = x;
  return fold_section_loop(ranks_copy(&x->ranks), fold_grouped(NULL, w->ranks, w->guards, w->n),
                           b, 1);
}

inode *fold_calls_section(const fold_trace *t, inode *const *run, int n, const ranklist *ranks,
                          const fold_shape *shapes, int nshapes) {
  fold_table ids = {0};
  walked *w = fold_calloc((size_t) (nshapes ? nshapes : 1), sizeof *w);
  int nr = ranks->size;
  for (int s = 0; s < nshapes; s++) {
    fold_shape_id(&ids, shapes[s].op, shapes[s].site, 1);
    w[s].shape = &shapes[s];
    w[s].nf = fold_call_of(shapes[s].op)->nf;
    w[s].ranks = fold_malloc((size_t) (nr ? nr : 1) * sizeof *w[s].ranks);
    w[s].guards = fold_malloc((size_t) (nr ? nr : 1) * sizeof *w[s].guards);
    w[s].fields = fold_malloc((size_t) (w[s].nf ? w[s].nf : 1) * sizeof *w[s].fields);
    for (int f = 0; f < w[s].nf; f++)
      w[s].fields[f] = fold_malloc((size_t) (nr ? nr : 1) * sizeof **w[s].fields);
    w[s].values = fold_malloc((size_t) (w[s].nf ? w[s].nf : 1) * sizeof *w[s].values);
    w[s].present = fold_malloc((size_t) (w[s].nf ? w[s].nf : 1));
  }
  int *step_ranks = fold_malloc((size_t) (nr ? nr : 1) * sizeof *step_ranks), nsteps = 0;
  fold_pre *calls = fold_malloc((size_t) (nr ? nr : 1) * sizeof *calls);
  for (int i = 0; i < ranks->nruns; i++) {
    for (int q = 0; q < ranks->runs[3 * i + 2]; q++) {
      int r = ranks->runs[3 * i] + q * ranks->runs[3 * i + 1];
      fold_walk *walk = fold_walk_new(t, run, n, r);
      int64_t made = 0, v[FOLD_MAX_FIELDS];
      const inode *x;
      for (int s = 0; s < nshapes; s++) start_rank(&w[s]);
      while (fold_walk_next(walk, &x, v)) {
        walked *taken = &w[fold_shape_id(&ids, x->op, x->site, 0)];
        for (int s = 0; s < nshapes; s++) vseq_push(&w[s].guard, &w[s] == taken);
        for (int f = 0; f < taken->nf; f++) {
          vseq_push(&taken->values[f], v[f]);
          taken->present[f] |= v[f] != V_UNSET;
        }
        taken->calls++;
        made++;
      }
      fold_walk_free(walk);
      if (made > 0) {
        step_ranks[nsteps] = r;
        calls[nsteps].kind = EV_PLAIN;
        calls[nsteps].col = 0;
        calls[nsteps].a = (vseq) {fold_malloc(sizeof(vnode *)), 1};
        calls[nsteps].a.nodes[0] = vnode_leaf(made);
        nsteps++;
      }
      for (int s = 0; s < nshapes; s++) {
        if (made > 0) {
          end_rank(&w[s], r);
        } else {
          vseq_builder_free(&w[s].guard);
          for (int f = 0; f < w[s].nf; f++) vseq_builder_free(&w[s].values[f]);
        }
      }
    }
  }
  inode **body = fold_malloc((size_t) (nshapes ? nshapes : 1) * sizeof *body);
  int nb = 0;
  for (int s = 0; s < nshapes; s++) {
    if (w[s].n > 0) body[nb++] = guarded(&w[s]);
    for (int f = 0; f < w[s].nf; f++) fold_free(w[s].fields[f]);
    fold_free(w[s].fields);
    fold_free(w[s].ranks);
    fold_free(w[s].guards);
    fold_free(w[s].values);
    fold_free(w[s].present);
  }
  inode *out = fold_section_loop(ranks_of_sorted(step_ranks, nsteps),
                        fold_grouped(NULL, step_ranks, calls, nsteps), body, nb);
  fold_free(calls);
  fold_free(step_ranks);
  fold_free(w);
  fold_table_free(&ids);
  return out;
}
