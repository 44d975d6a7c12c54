/* benchgen tracer: online loop detection over a sequence, step for step as rsd-compressor's
 * LoopFolder (docs/compression.md): each pushed node continues the iteration of a loop being
 * matched, or the tail is checked against earlier loop bodies and for an immediate repeat of its
 * last k nodes, within the last `window` nodes. The folder owns its nodes; fold and absorb take
 * the nodes they are given. */
#include "fold.h"

#include <stdlib.h>
#include <string.h>

void folder_init(folder *f, const fold_policy *p, void *ctx, int window) {
  memset(f, 0, sizeof *f);
  f->p = p;
  f->ctx = ctx;
  f->window = window;
  f->track = -1;
}

static void append(folder *f, void *node) {
  if (f->n == f->cap) {
    f->cap = f->cap ? 2 * f->cap : 8;
    f->seq = fold_realloc(f->seq, (size_t) f->cap * sizeof *f->seq);
    f->shapes = fold_realloc(f->shapes, (size_t) f->cap * sizeof *f->shapes);
    f->sizes = fold_realloc(f->sizes, (size_t) f->cap * sizeof *f->sizes);
  }
  f->seq[f->n] = node;
  f->shapes[f->n] = f->p->shape(node);
  f->sizes[f->n] = f->p->body_size(node);
  f->n++;
}

static void set(folder *f, int i, void *node) {
  f->seq[i] = node;
  f->shapes[i] = f->p->shape(node);
  f->sizes[i] = f->p->body_size(node);
}

static void truncate_to(folder *f, int n) {
  f->n = n;
  if (f->track >= n) f->track = -1;
}

/* Nodes from `end` on, saved to move up after a truncation; their count. */
static int save_rest(folder *f, int end) {
  int k = f->n - end;
  if (k > f->restcap) {
    f->restcap = k;
    f->rest = fold_realloc(f->rest, (size_t) k * sizeof *f->rest);
  }
  if (k > 0) memcpy(f->rest, f->seq + end, (size_t) k * sizeof *f->rest);
  return k;
}

/* The nearest loop at p < end-1 whose body nodes p+1 .. end-1 match (in full when `full`, else as
 * a prefix), or -1. */
static int find_loop(folder *f, int end, int full) {
  int lo = end - 1 - f->window > 0 ? end - 1 - f->window : 0;
  for (int p = end - 2; p >= lo; p--) {
    int j = end - 1 - p, size = f->sizes[p];
    if (size == 0 || size < j || (full && size != j)) continue;
    int ok = 1;
    for (int i = 0; i < j && ok; i++) {
      void *b = f->p->body_at(f->seq[p], i);
      ok = f->p->shape(b) == f->shapes[p + 1 + i] && f->p->same(b, f->seq[p + 1 + i]);
    }
    if (ok) return p;
  }
  return -1;
}

/* Absorbs nodes p+1 .. end-1 as one more iteration of the loop at p; later nodes move up. */
static void absorb_after(folder *f, int p, int end) {
  void *loop = f->p->absorb(f->ctx, f->seq[p], f->seq + p + 1, end - p - 1);
  int k = save_rest(f, end);
  truncate_to(f, p + 1);
  set(f, p, loop);
  f->track = k == 0 ? p : -1;
  f->matched = 0;
  for (int i = 0; i < k; i++) append(f, f->rest[i]);
}

/* Folds the k nodes before `end` with the k before them, for the smallest such k in the window. */
static int fold_repeat(folder *f, int end) {
  if (end < 2) return 0;
  uint64_t s = f->shapes[end - 1];
  int lo = end - 1 - f->window > 0 ? end - 1 - f->window : 0;
  for (int j = end - 2; j >= lo; j--) {
    int k = end - 1 - j;
    if (2 * k > end) return 0;
    if (f->shapes[j] != s) continue;
    int ok = 1;
    for (int i = 0; i < k && ok; i++)
      ok = f->shapes[end - 2 * k + i] == f->shapes[end - k + i]
           && f->p->same(f->seq[end - 2 * k + i], f->seq[end - k + i]);
    if (ok) {
      void *loop = f->p->fold(f->ctx, f->seq + end - 2 * k, f->seq + end - k, k);
      int r = save_rest(f, end);
      truncate_to(f, end - 2 * k);
      append(f, loop);
      f->track = -1;
      for (int i = 0; i < r; i++) append(f, f->rest[i]);
      return 1;
    }
  }
  return 0;
}

static void settle_before(folder *f) {
  for (;;) {
    int end = f->n - 1, p = find_loop(f, end, 1);
    if (p >= 0) absorb_after(f, p, end);
    else if (!fold_repeat(f, end)) return;
  }
}

static void reduce(folder *f) {
  int n = f->n, p = find_loop(f, n, 0);
  if (p >= 0) {
    if (n - 1 - p == f->sizes[p]) {
      absorb_after(f, p, n);
    } else {
      f->track = p;
      f->matched = n - 1 - p;
    }
    return;
  }
  if (fold_repeat(f, n)) {
    f->track = f->n - 1;
    f->matched = 0;
  }
}

void folder_push(folder *f, void *node) {
  append(f, node);
  if (f->track >= 0) {
    void *expect = f->p->body_at(f->seq[f->track], f->matched);
    if (f->p->shape(expect) == f->shapes[f->n - 1] && f->p->same(expect, node)) {
      if (++f->matched == f->sizes[f->track]) absorb_after(f, f->track, f->n);
      return;
    }
    f->track = -1;
  }
  settle_before(f);
  reduce(f);
}

void folder_finish(folder *f) {
  for (;;) {
    int end = f->n, p = find_loop(f, end, 1);
    if (p >= 0) {
      absorb_after(f, p, end);
    } else if (!fold_repeat(f, end)) {
      f->track = -1;
      return;
    }
  }
}
