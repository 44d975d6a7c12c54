/* benchgen tracer: the times of shared blocks (docs/compressed-format.md, "Shared blocks"), the C
 * twin of org.benchgen.ir.format.AsWritten and SharedBlocks.pool: every call's times as the file
 * holds them (means and deviations at the digits written, read back), and the places of a block
 * pooled into one, column by column: counts summed where they are proportional to the places'
 * first calls, call times pooled as CallTime.merge does, compute paths merged path by path
 * (Histogram.merge, ComputeStat.mergeCpu, RankClass.join), to the bit. fold_blocks.c chooses the
 * blocks. */
#include "fold.h"

#include <stdlib.h>
#include <string.h>

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

void fold_item_times(fold_item *it, const inode *n) {
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
}

/* ---- pooling the places of a block ------------------------------------------------------------- */

static int same_ranks(const fold_stat *a, const fold_stat *b) {
  if (a->nclasses != b->nclasses || a->nclasses == 0) return 0;
  for (int k = 0; k < a->nclasses; k++)
    if (!ranks_equal(&a->classes[k].ranks, &b->classes[k].ranks)) return 0;
  return 1;
}

void fold_stats_free(fold_stat *st, int n) {
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
        fold_stats_free(st, n);
        return -1;
      }
    }
  }
  out->stats = st;
  out->nstats = n;
  return 0;
}

/* CallTime.merge's mean: Histogram.pool without sums of squares. */
double fold_pool_mean(int64_t na, double ma, int64_t nb, double mb) {
  if (na == 0) return mb;
  if (nb == 0) return ma;
  double n = (double) na + (double) nb;
  double d = mb - ma;
  return ma + d * (double) nb / n;
}

/* One column of the copies (items of one shape) as one item, or NULL where the counts are not
 * proportional to the copies' first calls, or the times do not pool. */
static fold_item *pool_item(fold_shared *s, fold_item *const *column, int m,
                            const int64_t *calls) {
  const fold_item *first = column[0];
  if (first->kind == FI_REP) {
    fold_item ***bodies = fold_malloc((size_t) m * sizeof *bodies);
    for (int i = 0; i < m; i++) bodies[i] = column[i]->body.v;
    fold_items b = {NULL, 0, 0};
    int ok = fold_pool(s, (fold_item **const *) bodies, m, first->body.n, calls, &b);
    fold_free(bodies);
    if (ok < 0) {
      fold_free(b.v);
      return NULL;
    }
    fold_item *r = fold_item_new(s, FI_REP);
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
    fold_item *u = fold_item_new(s, FI_USE);
    u->block = first->block;
    u->calls = sum;
    return u;
  }
  fold_item *p = fold_item_new(s, FI_CALL);
  p->node = first->node;
  p->text = first->text;
  int64_t n = 0;
  double mean = 0;
  for (int i = 0; i < m; i++) {
    const fold_hist *d = &column[i]->duration;
    mean = fold_pool_mean(n, mean, d->count, d->mean);
    n = n > INT64_MAX - d->count ? INT64_MAX : n + d->count;
  }
  p->duration.count = n;
  p->duration.mean = mean;
  if (pool_compute(column, m, p) < 0) return NULL;
  return p;
}

/* The copies (m sequences of len items, the same shapes item by item) as one, into out; -1
 * where they do not pool. */
int fold_pool(fold_shared *s, fold_item **const *copies, int m, int len, const int64_t *calls,
                fold_items *out) {
  for (int i = 0; i < m; i++)
    if (calls[i] <= 0) return -1;
  fold_item **column = fold_malloc((size_t) m * sizeof *column);
  int ok = 0;
  for (int j = 0; j < len && ok == 0; j++) {
    for (int i = 0; i < m; i++) column[i] = copies[i][j];
    fold_item *p = pool_item(s, column, m, calls);
    if (p) fold_items_push(out, p);
    else ok = -1;
  }
  fold_free(column);
  return ok;
}
