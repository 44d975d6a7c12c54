/* benchgen tracer, unit tests: the loop folder (fold_folder.c) over tokens, for folder.cases. A
 * token stands for a call of that name; a loop keeps its body and the trip count of each instance,
 * and merges with a loop of its shape instance by instance and body node by body node, as the
 * compressor's loop nodes do (fold_node.c). The Java side has the same nodes
 * (org.benchgen.compress.TwinCasesTest), so the cases test the two folders, not two policies. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "fold_unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tnode {
  const char *token; /* NULL: a loop */
  uint64_t shape;
  struct tnode **body;
  int n;
  int64_t *trips, open;
  int ntrips;
} tnode;

static uint64_t hash_text(const char *s) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (; *s; s++) h = (h ^ (unsigned char) *s) * 0x100000001b3ULL;
  return h;
}

static tnode *token(const char *s) {
  tnode *t = calloc(1, sizeof *t);
  t->token = s;
  t->shape = hash_text(s);
  return t;
}

static void tnode_free(tnode *t) {
  for (int i = 0; i < t->n; i++) tnode_free(t->body[i]);
  free(t->body);
  free(t->trips);
  free(t);
}

/* The same shape: equal tokens, or loops of bodies of the same shapes (trip counts aside). */
static int same(const void *x, const void *y) {
  const tnode *a = x, *b = y;
  if (a->shape != b->shape || !a->token != !b->token || a->n != b->n) return 0;
  if (a->token) return strcmp(a->token, b->token) == 0;
  for (int i = 0; i < a->n; i++)
    if (!same(a->body[i], b->body[i])) return 0;
  return 1;
}

/* The open instance's trip count becomes the loop's last; no instance is open after. */
static void settle(tnode *t) {
  if (t->token || t->open == 0) return;
  t->trips = realloc(t->trips, (size_t) (t->ntrips + 1) * sizeof *t->trips);
  t->trips[t->ntrips++] = t->open;
  t->open = 0;
}

static void merge(tnode *a, tnode *b) {
  if (a->token) return;
  settle(a);
  settle(b);
  a->trips = realloc(a->trips, (size_t) (a->ntrips + b->ntrips) * sizeof *a->trips);
  memcpy(a->trips + a->ntrips, b->trips, (size_t) b->ntrips * sizeof *b->trips);
  a->ntrips += b->ntrips;
  for (int i = 0; i < a->n; i++) merge(a->body[i], b->body[i]);
}

static uint64_t shape(const void *n) { return ((const tnode *) n)->shape; }
static int body_size(const void *n) { return ((const tnode *) n)->n; }
static void *body_at(const void *loop, int i) { return ((const tnode *) loop)->body[i]; }

static void *absorb(void *ctx, void *loop, void **iteration, int k) {
  tnode *l = loop;
  l->open++;
  for (int i = 0; i < k; i++) {
    merge(l->body[i], iteration[i]);
    tnode_free(iteration[i]);
  }
  return l;
}

static void *fold(void *ctx, void **first, void **second, int k) {
  tnode *l = calloc(1, sizeof *l);
  l->n = k;
  l->body = malloc((size_t) k * sizeof *l->body);
  memcpy(l->body, first, (size_t) k * sizeof *first);
  uint64_t h = 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < k; i++) {
    settle(l->body[i]);
    h = (h ^ l->body[i]->shape) * 0x100000001b3ULL;
  }
  l->shape = h;
  l->open = 1;
  return absorb(ctx, l, second, k);
}

static const fold_policy TOKENS = {shape, same, body_size, body_at, fold, absorb};

static void print(FILE *o, tnode *t) {
  if (t->token) {
    fputs(t->token, o);
    return;
  }
  settle(t);
  fputc('(', o);
  for (int i = 0; i < t->n; i++) {
    if (i) fputc(' ', o);
    print(o, t->body[i]);
  }
  fputs(")*", o);
  for (int i = 0; i < t->ntrips; i++) fprintf(o, "%s%lld", i ? "/" : "", (long long) t->trips[i]);
}

/* "WINDOW: TOKENS" folded, as the folder leaves them once finished. */
char *case_folder(const char *input, char *why, size_t cap) {
  char *end;
  long window = strtol(input, &end, 10);
  if (end == input || *end != ':' || window < 1) {
    snprintf(why, cap, "expected WINDOW: TOKENS");
    return NULL;
  }
  words w = words_of(end + 1);
  folder f;
  folder_init(&f, &TOKENS, NULL, (int) window);
  for (int i = 0; i < w.n; i++) folder_push(&f, token(w.w[i]));
  folder_finish(&f);
  char *text = NULL;
  size_t len = 0;
  FILE *o = open_memstream(&text, &len);
  for (int i = 0; i < f.n; i++) {
    if (i) fputc(' ', o);
    print(o, f.seq[i]);
    tnode_free(f.seq[i]);
  }
  fclose(o);
  fold_free(f.seq);
  fold_free(f.shapes);
  fold_free(f.sizes);
  fold_free(f.rest);
  words_free(&w);
  return text;
}
