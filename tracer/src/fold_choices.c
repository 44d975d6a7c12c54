/* benchgen tracer: choice sections (docs/compressed-format.md, "Choice sections" and "Step
 * choices"), the C twin of org.benchgen.compress.ChoiceSections and UnfoldedRuns: after the ranks
 * are merged, each long run of top-level nodes that loops could not fold, drawn from a few call
 * shapes, becomes one loop over the world's steps (fold_steps.c) or, where they do not line up,
 * over its calls (fold_calls.c), each call's own times pooled as a file without shared blocks
 * holds them (fold_item_times). The tracer forms what `benchgen compress` forms, before the writer
 * looks for shared blocks in what is left, so that its trace.bgc is final (issue 50). */
#include "fold.h"
#include "fold_steps.h"

#include <stdlib.h>
#include <string.h>

/* UnfoldedRuns and ChoiceSections.MIN_NODES. */
#define MIN_RSDS 512
#define MIN_RSDS_PER_SHAPE 8
#define MIN_NODES 128

int fold_shape_id(fold_table *t, int op, uint64_t site, int add) {
  unsigned char k[sizeof(int) + sizeof(uint64_t)];
  memcpy(k, &op, sizeof op);
  memcpy(k + sizeof op, &site, sizeof site);
  return add ? fold_intern(t, k, sizeof k) : fold_find(t, k, sizeof k);
}

static int is_comm(int op) {
  const fold_call *c = fold_call_of(op);
  return c->comm_create || c->comm_free;
}

/* How many RSDs create or free communicators, by call shape (ids of `keys`, counts in *counts). */
static void comm_calls(inode *const *body, int n, fold_table *keys, int64_t **counts, int *cap) {
  for (int i = 0; i < n; i++) {
    const inode *x = body[i];
    if (x->is_loop) {
      comm_calls(x->body, x->nbody, keys, counts, cap);
    } else if (is_comm(x->op)) {
      int id = fold_shape_id(keys, x->op, x->site, 1);
      if (id >= *cap) {
        int grow = *cap ? 2 * *cap : 16;
        while (grow <= id) grow *= 2;
        *counts = fold_realloc(*counts, (size_t) grow * sizeof **counts);
        memset(*counts + *cap, 0, (size_t) (grow - *cap) * sizeof **counts);
        *cap = grow;
      }
      (*counts)[id]++;
    }
  }
}

typedef struct {
  fold_table comms;
  int64_t *counts;
  int cap;
} runs_ctx;

static int eligible(const runs_ctx *c, const inode *x) {
  if (x->is_loop) {
    for (int i = 0; i < x->nbody; i++)
      if (!eligible(c, x->body[i])) return 0;
    return 1;
  }
  if (fold_call_of(x->op)->init_or_finalize) return 0;
  if (!is_comm(x->op)) return 1;
  int id = fold_shape_id((fold_table *) &c->comms, x->op, x->site, 0);
  return c->counts[id] >= MIN_RSDS_PER_SHAPE;
}

static int64_t count_rsds(const inode *x, fold_table *shapes) {
  if (!x->is_loop) {
    fold_shape_id(shapes, x->op, x->site, 1);
    return 1;
  }
  int64_t n = 0;
  for (int i = 0; i < x->nbody; i++) n += count_rsds(x->body[i], shapes);
  return n;
}

/* The runs [start, end) of top-level nodes that become sections, pairs in *out; their count. */
static int unfolded_runs(const fold_trace *t, int **out) {
  runs_ctx c = {{0}, NULL, 0};
  comm_calls(t->body, t->n, &c.comms, &c.counts, &c.cap);
  int n = 0;
  *out = NULL;
  for (int i = 0; i < t->n;) {
    if (!eligible(&c, t->body[i])) {
      i++;
      continue;
    }
    int j = i;
    int64_t rsds = 0;
    fold_table shapes = {0};
    while (j < t->n && eligible(&c, t->body[j])) rsds += count_rsds(t->body[j++], &shapes);
    if (j - i >= MIN_NODES && rsds >= MIN_RSDS && rsds >= (int64_t) MIN_RSDS_PER_SHAPE * shapes.n) {
      *out = fold_realloc(*out, (size_t) (n + 1) * 2 * sizeof **out);
      (*out)[2 * n] = i;
      (*out)[2 * n + 1] = j;
      n++;
    }
    fold_table_free(&shapes);
    i = j;
  }
  fold_table_free(&c.comms);
  fold_free(c.counts);
  return n;
}

/* ChoiceSections.Shape.absorb: r's times as the file holds them pooled into shape s. */
static void absorb(fold_shape *s, const inode *r) {
  fold_item it = {0};
  fold_item_times(&it, r);
  inode acc = {0}, b = {0};
  acc.stats = s->stats;
  acc.nstats = s->nstats;
  b.stats = it.stats;
  b.nstats = it.nstats;
  fold_merge_stats(&acc, &s->pooled, &b, &r->ranks);
  s->stats = acc.stats;
  s->nstats = acc.nstats;
  fold_stats_free(b.stats, b.nstats);
  ranklist u = ranks_union(&s->pooled, &r->ranks);
  ranks_free(&s->pooled);
  s->pooled = u;
  s->duration.mean = fold_pool_mean(s->duration.count, s->duration.mean, it.duration.count,
                                    it.duration.mean);
  s->duration.count = s->duration.count > INT64_MAX - it.duration.count
                          ? INT64_MAX : s->duration.count + it.duration.count;
}

static void scan(inode *const *body, int n, fold_table *keys, fold_shape **shapes, int *cap) {
  for (int i = 0; i < n; i++) {
    const inode *x = body[i];
    if (x->is_loop) {
      scan(x->body, x->nbody, keys, shapes, cap);
      continue;
    }
    int before = keys->n, id = fold_shape_id(keys, x->op, x->site, 1);
    if (id == before) {
      if (id >= *cap) {
        *cap = *cap ? 2 * *cap : 8;
        *shapes = fold_realloc(*shapes, (size_t) *cap * sizeof **shapes);
      }
      memset(&(*shapes)[id], 0, sizeof **shapes);
      (*shapes)[id].op = x->op;
      (*shapes)[id].site = x->site;
    }
    fold_shape *s = &(*shapes)[id];
    absorb(s, x);
  }
}

/* The section of the run [start, end) of t: of world steps (its table in *table), else per call. */
static inode *section(const fold_trace *t, int start, int end, const int64_t *numbers, int nn,
                      fold_choice **table) {
  fold_table keys = {0};
  fold_shape *shapes = NULL;
  int cap = 0;
  ranklist ranks = {0};
  for (int i = start; i < end; i++) {
    ranklist u = ranks_union(&ranks, &t->body[i]->ranks);
    ranks_free(&ranks);
    ranks = u;
  }
  scan(t->body + start, end - start, &keys, &shapes, &cap);
  inode *out = fold_steps_section(t, t->body + start, end - start, &ranks, shapes, keys.n,
                                  numbers, nn, table);
  /* Where the world's steps do not line up: the per-call section (no table). */
  if (!out) out = fold_calls_section(t, t->body + start, end - start, &ranks, shapes, keys.n);
  for (int k = 0; k < keys.n; k++) {
    fold_stats_free(shapes[k].stats, shapes[k].nstats);
    ranks_free(&shapes[k].pooled);
  }
  fold_free(shapes);
  fold_table_free(&keys);
  ranks_free(&ranks);
  return out;
}

void fold_choices(fold_trace *t) {
  int *spans, n = unfolded_runs(t, &spans);
  if (n == 0) return;
  int nn;
  int64_t *numbers = fold_comm_numbers(t, &nn);
  inode **made = fold_calloc((size_t) n, sizeof *made);
  fold_choice **tables = fold_calloc((size_t) n, sizeof *tables);
  for (int k = 0; k < n; k++)
    made[k] = section(t, spans[2 * k], spans[2 * k + 1], numbers, nn, &tables[k]);
  /* The ids as the file of the unformed trace held them, whatever the sections move. */
  t->keep_ids = nn == 0;
  int out = 0, at = 0;
  for (int k = 0; k < n; k++) {
    while (at < spans[2 * k]) t->body[out++] = t->body[at++];
    for (; at < spans[2 * k + 1]; at++) inode_free(t->body[at]);
    t->body[out++] = made[k];
    made[k] = NULL;
  }
  while (at < t->n) t->body[out++] = t->body[at++];
  t->n = out;
  /* Tables are numbered in order of first use: those of sections with no column are not. */
  t->choices = fold_realloc(t->choices, (size_t) (t->nchoices + n) * sizeof *t->choices);
  int number = 0;
  for (int k = 0; k < t->nchoices; k++) number += t->choices[k]->number > 0;
  for (int k = 0; k < n; k++) {
    if (!tables[k]) continue;
    tables[k]->number = tables[k]->ncols > 0 ? ++number : 0;
    t->choices[t->nchoices++] = tables[k];
    tables[k] = NULL;
  }
  for (int k = 0; k < n; k++) {
    inode_free(made[k]);
    fold_choice_free(tables[k]);
  }
  fold_free(tables);
  fold_free(made);
  fold_free(spans);
  free(numbers);
}
