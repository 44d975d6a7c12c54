/* benchgen tracer: compute statistics merged across ranks with load imbalance kept
 * (rsd-compressor's ComputeClasses): per call path, the rank classes of both sides joined where
 * their ranks overlap, sorted by mean, alike neighbours swept together, and more than
 * MAX_CLASSES grouped by the optimal partition of the line of means (ComputeClasses.cluster). */
#include "fold.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CLASSES 4
#define SAME_FRACTION 0.02
#define SAME_NS 100.0
#define SAME_TOTAL_NS 100000.0

/* ComputeStat.mergeCpu: weighted by counts, where both have one. */
void fold_merge_cpu(const fold_hist *a, int ha, double ca, const fold_hist *b, int hb,
                      double cb, int *has, double *cpu) {
  *has = ha && hb;
  if (!*has) {
    *cpu = 0;
    return;
  }
  int64_t n = a->count + b->count;
  *cpu = n == 0 ? 0 : ((double) a->count * ca + (double) b->count * cb) / (double) n;
}

/* RankClass.join: both as one (a's fields replaced, b freed). */
static void join(fold_class *a, fold_class *b) {
  ranklist r = ranks_union(&a->ranks, &b->ranks);
  int has;
  double cpu;
  fold_merge_cpu(&a->time, a->has_cpu, a->cpu, &b->time, b->has_cpu, b->cpu, &has, &cpu);
  a->time = hist_merge(&a->time, &b->time);
  a->has_cpu = has;
  a->cpu = cpu;
  ranks_free(&a->ranks);
  ranks_free(&b->ranks);
  a->ranks = r;
}

static double per_rank(const fold_class *c) {
  return (double) c->time.count / (double) (c->ranks.size > 1 ? c->ranks.size : 1);
}

static int alike(const fold_class *a, const fold_class *b) {
  double d = fabs(a->time.mean - b->time.mean);
  double hi = a->time.mean > b->time.mean ? a->time.mean : b->time.mean;
  double pa = per_rank(a), pb = per_rank(b);
  return d <= SAME_NS || d <= SAME_FRACTION * hi || d * (pa < pb ? pa : pb) < SAME_TOTAL_NS;
}

/* The sum of squared deviations of x[i..j) from their mean. */
static double spread(const double *x, int i, int j) {
  double s = 0;
  for (int t = i; t < j; t++) s += x[t];
  double m = s / (double) (j - i), c = 0;
  for (int t = i; t < j; t++) {
    double d = x[t] - m;
    c += d * d;
  }
  return c;
}

/* ComputeClasses.cluster: n > MAX_CLASSES classes (in order of mean) joined into MAX_CLASSES runs of
 * neighbours with the least total spread of their means; ties to the earliest cut. */
static int cluster(fold_class *c, int n) {
  int k = MAX_CLASSES;
  double *x = fold_malloc((size_t) n * sizeof *x);
  double *best = fold_malloc((size_t) (k + 1) * (n + 1) * sizeof *best);
  int *cut = fold_malloc((size_t) (k + 1) * (n + 1) * sizeof *cut);
  for (int i = 0; i < n; i++) x[i] = c[i].time.mean;
#define B(g, j) best[(g) * (n + 1) + (j)]
#define C(g, j) cut[(g) * (n + 1) + (j)]
  for (int j = 1; j <= n; j++) {
    B(1, j) = spread(x, 0, j);
    C(1, j) = 0;
  }
  for (int g = 2; g <= k; g++)
    for (int j = g; j <= n; j++) {
      B(g, j) = INFINITY;
      for (int i = g - 1; i < j; i++) {
        double v = B(g - 1, i) + spread(x, i, j);
        if (v < B(g, j)) {
          B(g, j) = v;
          C(g, j) = i;
        }
      }
    }
  int starts[MAX_CLASSES + 1], j = n;
  starts[k] = n;
  for (int g = k; g >= 1; g--) {
    starts[g - 1] = C(g, j);
    j = C(g, j);
  }
#undef B
#undef C
  int out = 0;
  for (int g = 0; g < k; g++) {
    fold_class joined = c[starts[g]];
    for (int t = starts[g] + 1; t < starts[g + 1]; t++) join(&joined, &c[t]);
    c[out++] = joined;
  }
  fold_free(x);
  fold_free(best);
  fold_free(cut);
  return out;
}

static int mean_after(const void *a, const void *b) {
  return ((const fold_class *) a)->time.mean > ((const fold_class *) b)->time.mean;
}

static int first_rank_after(const void *a, const void *b) {
  return ranks_first(&((const fold_class *) a)->ranks) > ranks_first(&((const fold_class *) b)->ranks);
}

/* ComputeClasses.group: classes (taken) regrouped in place; their new count. */
static int group(fold_class *c, int n) {
  /* Join overlapping rank sets. */
  int m = 0;
  for (int i = 0; i < n; i++) {
    fold_class joined = c[i];
    for (int k = m - 1; k >= 0; k--) {
      if (ranks_intersect(&joined.ranks, &c[k].ranks)) {
        fold_class old = c[k];
        memmove(c + k, c + k + 1, (size_t) (m - k - 1) * sizeof *c);
        m--;
        join(&old, &joined);
        joined = old;
      }
    }
    c[m++] = joined;
  }
  fold_sort(c, m, sizeof *c, mean_after);
  int s = 0;
  for (int i = 0; i < m; i++) {
    if (s > 0 && alike(&c[s - 1], &c[i])) join(&c[s - 1], &c[i]);
    else c[s++] = c[i];
  }
  if (s > MAX_CLASSES) s = cluster(c, s);
  fold_sort(c, s, sizeof *c, first_rank_after);
  return s;
}

/* ComputeStat.classesOr: the stat's classes, or one class of the RSD's ranks; appended to c. */
static int classes_or(const fold_stat *s, const ranklist *ranks, fold_class *c) {
  if (s->nclasses == 0) {
    c[0] = (fold_class){ranks_copy(ranks), s->time, s->has_cpu, s->cpu};
    return 1;
  }
  for (int i = 0; i < s->nclasses; i++) {
    c[i] = s->classes[i];
    c[i].ranks = ranks_copy(&s->classes[i].ranks);
  }
  return s->nclasses;
}

static void stat_clear(fold_stat *s) {
  for (int i = 0; i < s->nclasses; i++) ranks_free(&s->classes[i].ranks);
  fold_free(s->classes);
  s->classes = NULL;
  s->nclasses = 0;
}

/* ComputeStat.ofClasses: one class is the pooled stat; more are kept with their join as pool. */
static void of_classes(fold_stat *s, fold_class *c, int n) {
  stat_clear(s);
  if (n == 1) {
    s->time = c[0].time;
    s->has_cpu = c[0].has_cpu;
    s->cpu = c[0].cpu;
    ranks_free(&c[0].ranks);
    fold_free(c);
    return;
  }
  fold_class pooled = c[0];
  pooled.ranks = ranks_copy(&c[0].ranks);
  for (int i = 1; i < n; i++) {
    fold_class next = c[i];
    next.ranks = ranks_copy(&c[i].ranks);
    join(&pooled, &next);
  }
  ranks_free(&pooled.ranks);
  s->time = pooled.time;
  s->has_cpu = pooled.has_cpu;
  s->cpu = pooled.cpu;
  s->classes = c;
  s->nclasses = n;
}

void fold_merge_stats(inode *a, const ranklist *ar, inode *b, const ranklist *br) {
  a->stats = fold_realloc(a->stats, (size_t) (a->nstats + b->nstats + 1) * sizeof *a->stats);
  for (int i = 0; i < b->nstats; i++) {
    fold_stat *c = &b->stats[i], *old = NULL;
    for (int k = 0; k < a->nstats && !old; k++)
      if (a->stats[k].after == c->after) old = &a->stats[k];
    if (!old) {
      a->stats[a->nstats++] = *c;
      c->classes = NULL;
      c->nclasses = 0;
      continue;
    }
    fold_class *all = fold_malloc((size_t) (old->nclasses + c->nclasses + 2) * sizeof *all);
    int n = classes_or(old, ar, all);
    n += classes_or(c, br, all + n);
    n = group(all, n);
    of_classes(old, all, n);
  }
}
