/* benchgen tracer: rank lists (org.benchgen.ir.RankList) as sorted strided runs, and their text. */
#include "fold.h"

#include <stdlib.h>
#include <string.h>

int fold_runs(const int64_t *v, int n, int64_t *runs) {
  int i = 0, k = 0;
  while (i < n) {
    int64_t start = v[i], stride = 1;
    int count = 1;
    if (i + 1 < n && v[i + 1] > v[i]) {
      stride = v[i + 1] - v[i];
      count = 2;
      while (i + count < n && v[i + count] - v[i + count - 1] == stride) count++;
      if (count == 2 && stride != 1) { /* a lone pair with a gap reads better as two singles */
        count = 1;
        stride = 1;
      }
    }
    runs[3 * k] = start;
    runs[3 * k + 1] = stride;
    runs[3 * k + 2] = count;
    k++;
    i += count;
  }
  return k;
}

static ranklist from_sorted(const int *v, int n) {
  int64_t *wide = fold_malloc((size_t) (n ? n : 1) * sizeof *wide);
  int64_t *runs = fold_malloc((size_t) 3 * (n ? n : 1) * sizeof *runs);
  for (int i = 0; i < n; i++) wide[i] = v[i];
  ranklist r = {fold_malloc((size_t) 3 * (n ? n : 1) * sizeof(int)), fold_runs(wide, n, runs), n};
  for (int i = 0; i < 3 * r.nruns; i++) r.runs[i] = (int) runs[i];
  fold_free(wide);
  fold_free(runs);
  return r;
}

static int *expand(const ranklist *r) {
  int *v = fold_malloc((size_t) (r->size ? r->size : 1) * sizeof *v), n = 0;
  for (int i = 0; i < r->nruns; i++)
    for (int k = 0; k < r->runs[3 * i + 2]; k++) v[n++] = r->runs[3 * i] + k * r->runs[3 * i + 1];
  return v;
}

ranklist ranks_of(int rank) { return from_sorted(&rank, 1); }
ranklist ranks_of_sorted(const int *v, int n) { return from_sorted(v, n); }

ranklist ranks_copy(const ranklist *r) {
  ranklist c = *r;
  c.runs = fold_malloc((size_t) 3 * (r->nruns ? r->nruns : 1) * sizeof(int));
  memcpy(c.runs, r->runs, (size_t) 3 * r->nruns * sizeof(int));
  return c;
}

ranklist ranks_union(const ranklist *a, const ranklist *b) {
  if (b->size == 0) return ranks_copy(a);
  if (a->size == 0) return ranks_copy(b);
  int *x = expand(a), *y = expand(b), *m = fold_malloc((size_t) (a->size + b->size) * sizeof *m);
  int i = 0, j = 0, n = 0;
  while (i < a->size || j < b->size) {
    int v = j >= b->size || (i < a->size && x[i] <= y[j]) ? x[i++] : y[j++];
    if (n == 0 || m[n - 1] != v) m[n++] = v;
    if (i < a->size && j < b->size && x[i] == y[j]) j++;
  }
  ranklist r = from_sorted(m, n);
  fold_free(x);
  fold_free(y);
  fold_free(m);
  return r;
}

int ranks_equal(const ranklist *a, const ranklist *b) {
  return a->size == b->size && a->nruns == b->nruns
         && memcmp(a->runs, b->runs, (size_t) 3 * a->nruns * sizeof(int)) == 0;
}

int ranks_contains(const ranklist *r, int x) {
  int lo = 0, hi = r->nruns - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2, start = r->runs[3 * mid];
    if (start > x) {
      hi = mid - 1;
    } else {
      int stride = r->runs[3 * mid + 1], count = r->runs[3 * mid + 2];
      if (x <= start + stride * (count - 1)) return (x - start) % stride == 0;
      lo = mid + 1;
    }
  }
  return 0;
}

int ranks_intersect(const ranklist *a, const ranklist *b) {
  const ranklist *small = a->size <= b->size ? a : b, *large = small == a ? b : a;
  for (int i = 0; i < small->nruns; i++)
    for (int k = 0; k < small->runs[3 * i + 2]; k++)
      if (ranks_contains(large, small->runs[3 * i] + k * small->runs[3 * i + 1])) return 1;
  return 0;
}

int ranks_first(const ranklist *r) { return r->runs[0]; }

int ranks_is_world(const ranklist *r, int world) {
  return world > 0 && r->nruns == 1 && r->runs[0] == 0 && r->runs[1] == 1 && r->runs[2] == world;
}

void fold_print_run(FILE *o, int64_t start, int64_t stride, int64_t count, int as_range) {
  if (count == 1) fprintf(o, "%lld", (long long) start);
  else if (count == 2 && stride == 1 && !as_range)
    fprintf(o, "%lld,%lld", (long long) start, (long long) start + 1);
  else {
    fprintf(o, "%lld..%lld", (long long) start, (long long) (start + stride * (count - 1)));
    if (stride != 1) fprintf(o, ":%lld", (long long) stride);
  }
}

static int same_shape(const ranklist *r, int i, int j) {
  return r->runs[3 * i + 1] == r->runs[3 * j + 1] && r->runs[3 * i + 2] == r->runs[3 * j + 2];
}

void ranks_print(FILE *o, const ranklist *r) {
  if (r->size == 0) {
    fputs("none", o);
    return;
  }
  int n = r->nruns, i = 0, first = 1;
  while (i < n) {
    int m = 1;
    if (i + 1 < n && same_shape(r, i, i + 1)) {
      int d = r->runs[3 * (i + 1)] - r->runs[3 * i];
      while (i + m < n && same_shape(r, i, i + m)
             && r->runs[3 * (i + m)] - r->runs[3 * (i + m - 1)] == d)
        m++;
    }
    if (!first) fputc(',', o);
    first = 0;
    if (m >= 2 && r->runs[3 * i + 2] >= 2) {
      fold_print_run(o, r->runs[3 * i], r->runs[3 * i + 1], r->runs[3 * i + 2], 1);
      fprintf(o, "/%dx%d", r->runs[3 * (i + 1)] - r->runs[3 * i], m);
      i += m;
    } else {
      fold_print_run(o, r->runs[3 * i], r->runs[3 * i + 1], r->runs[3 * i + 2], 0);
      i++;
    }
  }
}

void ranks_free(ranklist *r) {
  fold_free(r->runs);
  r->runs = NULL;
  r->nruns = r->size = 0;
}
