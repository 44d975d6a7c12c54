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

static int bin_of(int64_t v) { return v <= 0 ? 0 : 64 - __builtin_clzll((unsigned long long) v); }

void histo_add(fold_histo *h, int64_t v) {
  h->count++;
  if (v < h->min) h->min = v;
  if (v > h->max) h->max = v;
  double d = (double) v - h->mean;
  h->mean += d / (double) h->count;
  h->m2 += d * ((double) v - h->mean);
  h->bins[bin_of(v)]++;
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
  for (int k = 0; k < 65; k++) h->bins[k] += o->bins[k];
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

fold_hist hist_freeze(const fold_histo *h) {
  fold_hist f;
  f.count = h->count;
  f.min = h->min;
  f.max = h->max;
  f.mean = h->mean;
  f.sd = histo_sd(h);
  memcpy(f.bins, h->bins, sizeof f.bins);
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
  for (int k = 0; k < 65; k++) m.bins[k] = a->bins[k] + b->bins[k];
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
