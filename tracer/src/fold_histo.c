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
