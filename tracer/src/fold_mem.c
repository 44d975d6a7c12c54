/* benchgen tracer: the folding compressor's memory. Every allocation of the fold_*.c files goes
 * through here, so that a rank knows what its fold holds and gives it up past
 * BENCHGEN_TRACE_FOLD_MAX_MB (a trace too irregular to fold in bounded memory), instead of taking
 * the application's. Out of memory is fatal: the tracer cannot go on without its records. */
#define _GNU_SOURCE
#include "fold.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>

static size_t g_live, g_peak; /* bytes held by the fold (malloc's usable sizes), and the most */

static void *held(void *p) {
  if (!p) {
    fputs("benchgen-trace: out of memory while folding the trace\n", stderr);
    abort();
  }
  g_live += malloc_usable_size(p);
  if (g_live > g_peak) g_peak = g_live;
  return p;
}

void *fold_malloc(size_t n) { return held(malloc(n ? n : 1)); }

void *fold_calloc(size_t n, size_t size) { return held(calloc(n ? n : 1, size ? size : 1)); }

void *fold_realloc(void *p, size_t n) {
  size_t before = p ? malloc_usable_size(p) : 0;
  void *q = realloc(p, n ? n : 1);
  if (q) g_live -= before;
  return held(q);
}

void fold_free(void *p) {
  if (!p) return;
  g_live -= malloc_usable_size(p);
  free(p);
}

size_t fold_live_bytes(void) { return g_live; }
size_t fold_peak_bytes(void) { return g_peak; }
