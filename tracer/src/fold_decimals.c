/* benchgen tracer: the format's real numbers (org.benchgen.ir.format.Decimals): a mean to 6
 * significant digits within [min, max], a standard deviation to 3, the double's exact binary value
 * rounded half to even (as printf rounds it), written without exponent. Apart from fold_text.c,
 * which writes them, because fold_pool.c reads them back to pool times as the file holds them. */
#include "fold.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MEAN_DIGITS 6
#define SD_DIGITS 3

/* v rounded to `digits` significant digits: its digits without trailing zeros, in d, and the power
 * of ten of the last one (q); returns their count (0 for zero). */
static int round_digits(double v, int digits, char *d, int *q, int *negative) {
  char buf[64]; /* d.ddddde+XXX */
  snprintf(buf, sizeof buf, "%.*e", digits - 1, v);
  const char *p = buf;
  *negative = *p == '-';
  if (*negative) p++;
  int n = 0;
  for (; *p && *p != 'e'; p++)
    if (*p >= '0' && *p <= '9') d[n++] = *p;
  int e = *p == 'e' ? (int) strtol(p + 1, NULL, 10) : 0;
  while (n > 0 && d[n - 1] == '0') n--;
  d[n] = 0;
  *q = e - (n - 1);
  if (n == 0) *negative = 0;
  return n;
}

/* The plain text of +-d x 10^q (BigDecimal.toPlainString, no exponent). */
static void plain(char *buf, size_t cap, const char *d, int n, int q, int negative) {
  size_t at = 0;
#define PUT(c) do { if (at + 1 < cap) buf[at++] = (c); } while (0)
  if (n == 0) {
    PUT('0');
  } else {
    if (negative) PUT('-');
    if (q >= 0) {
      for (int i = 0; i < n; i++) PUT(d[i]);
      for (int i = 0; i < q; i++) PUT('0');
    } else {
      int k = n + q; /* digits before the point */
      if (k > 0) {
        for (int i = 0; i < k; i++) PUT(d[i]);
        PUT('.');
        for (int i = k; i < n; i++) PUT(d[i]);
      } else {
        PUT('0');
        PUT('.');
        for (int i = 0; i < -k; i++) PUT('0');
        for (int i = 0; i < n; i++) PUT(d[i]);
      }
    }
  }
  buf[at] = 0;
#undef PUT
}

/* Compares +-d x 10^q with the integer x: <0, 0, >0. */
static int compare(const char *d, int n, int q, int negative, int64_t x) {
  if (n == 0) return x > 0 ? -1 : x < 0 ? 1 : 0;
  if (negative != (x < 0)) return negative ? -1 : 1;
  unsigned __int128 a = 0, b = x < 0 ? (unsigned __int128) (-(x + 1)) + 1 : (unsigned __int128) x;
  for (int i = 0; i < n; i++) a = a * 10 + (unsigned) (d[i] - '0');
  int c;
  if (q >= 0) {
    if (q > 25) c = 1;
    else {
      for (int i = 0; i < q; i++) a *= 10;
      c = a > b ? 1 : a < b ? -1 : 0;
    }
  } else if (-q > 18) {
    c = b == 0 ? 1 : -1;
  } else {
    for (int i = 0; i < -q; i++) b *= 10;
    c = a > b ? 1 : a < b ? -1 : 0;
  }
  return negative ? -c : c;
}

void fold_sd_text(char *buf, size_t cap, double sd) {
  char d[32];
  int q, neg, n = round_digits(sd, SD_DIGITS, d, &q, &neg);
  plain(buf, cap, d, n, q, neg);
}

void fold_mean_text(char *buf, size_t cap, double mean, int64_t min, int64_t max) {
  char d[32];
  int q, neg, n = round_digits(mean, MEAN_DIGITS, d, &q, &neg);
  if (compare(d, n, q, neg, max) > 0) snprintf(buf, cap, "%lld", (long long) max);
  else if (compare(d, n, q, neg, min) < 0) snprintf(buf, cap, "%lld", (long long) min);
  else plain(buf, cap, d, n, q, neg);
}
