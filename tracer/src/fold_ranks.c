/* benchgen tracer: rank lists (org.benchgen.ir.RankList) as sorted strided runs, and their text. */
#include "fold.h"

#include <stdlib.h>
#include <string.h>

static void *must(void *p) {
  if (!p) abort();
  return p;
}

/* IntRuns.runs: greedy runs of sorted distinct values, a lone pair with a gap as two singles. */
static ranklist from_sorted(const int *v, int n) {
  ranklist r = {must(malloc((size_t) 3 * (n ? n : 1) * sizeof(int))), 0, n};
  int i = 0;
  while (i < n) {
    int start = v[i], count = 1, stride = 1;
    if (i + 1 < n && v[i + 1] > v[i]) {
      stride = v[i + 1] - v[i];
      count = 2;
      while (i + count < n && v[i + count] - v[i + count - 1] == stride) count++;
      if (count == 2 && stride != 1) {
        count = 1;
        stride = 1;
      }
    }
    r.runs[3 * r.nruns] = start;
    r.runs[3 * r.nruns + 1] = stride;
    r.runs[3 * r.nruns + 2] = count;
    r.nruns++;
    i += count;
  }
  return r;
}

static int *expand(const ranklist *r) {
  int *v = must(malloc((size_t) (r->size ? r->size : 1) * sizeof *v)), n = 0;
  for (int i = 0; i < r->nruns; i++)
    for (int k = 0; k < r->runs[3 * i + 2]; k++) v[n++] = r->runs[3 * i] + k * r->runs[3 * i + 1];
  return v;
}

ranklist ranks_of(int rank) { return from_sorted(&rank, 1); }

ranklist ranks_copy(const ranklist *r) {
  ranklist c = *r;
  c.runs = must(malloc((size_t) 3 * (r->nruns ? r->nruns : 1) * sizeof(int)));
  memcpy(c.runs, r->runs, (size_t) 3 * r->nruns * sizeof(int));
  return c;
}

ranklist ranks_union(const ranklist *a, const ranklist *b) {
  if (b->size == 0) return ranks_copy(a);
  if (a->size == 0) return ranks_copy(b);
  int *x = expand(a), *y = expand(b), *m = must(malloc((size_t) (a->size + b->size) * sizeof *m));
  int i = 0, j = 0, n = 0;
  while (i < a->size || j < b->size) {
    int v = j >= b->size || (i < a->size && x[i] <= y[j]) ? x[i++] : y[j++];
    if (n == 0 || m[n - 1] != v) m[n++] = v;
    if (i < a->size && j < b->size && x[i] == y[j]) j++;
  }
  ranklist r = from_sorted(m, n);
  free(x);
  free(y);
  free(m);
  return r;
}

int ranks_equal(const ranklist *a, const ranklist *b) {
  return a->size == b->size && a->nruns == b->nruns
         && memcmp(a->runs, b->runs, (size_t) 3 * a->nruns * sizeof(int)) == 0;
}

static int contains(const ranklist *r, int x) {
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
      if (contains(large, small->runs[3 * i] + k * small->runs[3 * i + 1])) return 1;
  return 0;
}

int ranks_first(const ranklist *r) { return r->runs[0]; }

int ranks_is_world(const ranklist *r, int world) {
  return world > 0 && r->nruns == 1 && r->runs[0] == 0 && r->runs[1] == 1 && r->runs[2] == world;
}

static void run(FILE *o, int start, int stride, int count, int as_range) {
  if (count == 1) fprintf(o, "%d", start);
  else if (count == 2 && stride == 1 && !as_range) fprintf(o, "%d,%d", start, start + 1);
  else {
    fprintf(o, "%d..%d", start, start + stride * (count - 1));
    if (stride != 1) fprintf(o, ":%d", stride);
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
      run(o, r->runs[3 * i], r->runs[3 * i + 1], r->runs[3 * i + 2], 1);
      fprintf(o, "/%dx%d", r->runs[3 * (i + 1)] - r->runs[3 * i], m);
      i += m;
    } else {
      run(o, r->runs[3 * i], r->runs[3 * i + 1], r->runs[3 * i + 2], 0);
      i++;
    }
  }
}

void ranks_free(ranklist *r) {
  free(r->runs);
  r->runs = NULL;
  r->nruns = r->size = 0;
}
