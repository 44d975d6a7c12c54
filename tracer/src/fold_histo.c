/* benchgen tracer: histograms of durations, org.benchgen.ir.Histogram.Builder operation for
 * operation (Welford's update, Chan et al.'s pooling), so that means and deviations come out as
 * the Java compressor's to the last bit. */
#include "fold.h"

#include <math.h>
#include <string.h>

void histo_init(fold_histo *h) {
  memset(h, 0, sizeof *h);
  h->min = INT64_MAX;
  h->max = INT64_MIN;
}

void histo_free(fold_histo *h) {
  fold_free(h->bins);
  h->bins = NULL;
  h->nbins = 0;
}

/* Room for bins 0 .. n-1, the new ones 0. */
static void grow(fold_histo *h, int n) {
  if (n <= h->nbins) return;
  h->bins = fold_realloc(h->bins, (size_t) n * sizeof *h->bins);
  memset(h->bins + h->nbins, 0, (size_t) (n - h->nbins) * sizeof *h->bins);
  h->nbins = n;
}

static int bin_of(int64_t v) { return v <= 0 ? 0 : 64 - __builtin_clzll((unsigned long long) v); }

void histo_add(fold_histo *h, int64_t v) {
  h->count++;
  if (v < h->min) h->min = v;
  if (v > h->max) h->max = v;
  double d = (double) v - h->mean;
  h->mean += d / (double) h->count;
  h->m2 += d * ((double) v - h->mean);
  int k = bin_of(v);
  grow(h, k + 1);
  h->bins[k]++;
}

void histo_merge(fold_histo *h, const fold_histo *o) {
  if (o->count == 0) return;
  double mean, m2;
  if (h->count == 0) {
    mean = o->mean;
    m2 = o->m2;
  } else {
    double n = (double) h->count + (double) o->count;
    double d = o->mean - h->mean;
    mean = h->mean + d * (double) o->count / n;
    m2 = h->m2 + o->m2 + d * d * ((double) h->count * (double) o->count / n);
  }
  grow(h, o->nbins);
  for (int k = 0; k < o->nbins; k++) h->bins[k] += o->bins[k];
  h->count += o->count;
  if (o->min < h->min) h->min = o->min;
  if (o->max > h->max) h->max = o->max;
  h->mean = mean;
  h->m2 = m2;
}

double histo_sd(const fold_histo *h) {
  if (h->count <= 1) return 0;
  double v = h->m2 / (double) (h->count - 1);
  return sqrt(v > 0 ? v : 0);
}

/* ---- frozen (org.benchgen.ir.Histogram) ---------------------------------------------------------- */

/* The bin counts of frozen histograms, interned: the first bin used, then the counts up to the
 * last. Kept for the life of the process (a few distinct vectors, however many histograms). */
static fold_table g_bins;

int hist_intern_bins(const int64_t bins[65]) {
  int lo = 0, hi = 64;
  while (lo < 65 && !bins[lo]) lo++;
  while (hi >= lo && !bins[hi]) hi--;
  int64_t key[66];
  key[0] = lo;
  int n = hi >= lo ? hi - lo + 1 : 0;
  if (n) memcpy(key + 1, bins + lo, (size_t) n * sizeof *key);
  return fold_intern(&g_bins, key, (size_t) (n + 1) * sizeof *key);
}

void hist_bins(const fold_hist *h, int64_t bins[65]) {
  size_t len;
  const int64_t *key = fold_key(&g_bins, h->bins, &len);
  int64_t lo;
  memcpy(&lo, key, sizeof lo);
  memset(bins, 0, 65 * sizeof *bins);
  if (len > sizeof lo) memcpy(bins + lo, (const char *) key + sizeof lo, len - sizeof lo);
}

fold_hist hist_freeze(const fold_histo *h) {
  fold_hist f;
  int64_t bins[65] = {0};
  f.count = h->count;
  f.min = h->min;
  f.max = h->max;
  f.mean = h->mean;
  f.sd = histo_sd(h);
  if (h->nbins) memcpy(bins, h->bins, (size_t) h->nbins * sizeof *bins);
  f.bins = hist_intern_bins(bins);
  return f;
}

/* Histogram.m2: the sum of squares from the deviation, as the model keeps it. */
static double m2_of(const fold_hist *h) {
  return h->count > 1 ? h->sd * h->sd * (double) (h->count - 1) : 0;
}

fold_hist hist_merge(const fold_hist *a, const fold_hist *b) {
  fold_hist m;
  double ma = m2_of(a), mb = m2_of(b), mean, m2;
  if (a->count == 0) {
    mean = b->mean;
    m2 = mb;
  } else if (b->count == 0) {
    mean = a->mean;
    m2 = ma;
  } else {
    double n = (double) a->count + (double) b->count;
    double d = b->mean - a->mean;
    mean = a->mean + d * (double) b->count / n;
    m2 = ma + mb + d * d * ((double) a->count * (double) b->count / n);
  }
  int64_t x[65], y[65];
  hist_bins(a, x);
  hist_bins(b, y);
  for (int k = 0; k < 65; k++) x[k] += y[k];
  m.bins = hist_intern_bins(x);
  m.count = a->count + b->count;
  m.min = a->min < b->min ? a->min : b->min;
  m.max = a->max > b->max ? a->max : b->max;
  m.mean = mean;
  if (m.count > 1) {
    double v = m2 / (double) (m.count - 1);
    m.sd = sqrt(v > 0 ? v : 0);
  } else {
    m.sd = 0;
  }
  return m;
}
