/* benchgen tracer, unit tests: shared blocks (fold_blocks.c), for blocks.cases. A word NAME:COUNT
 * is a call whose line reads NAME and which made COUNT calls; NAME{ opens a loop whose line reads
 * NAME, } closes it. The blocks are chosen by the lines' texts and the calls' counts alone, which
 * is what the cases fix; the times they pool are compared on whole traces (cli's FoldTwinTest).
 * The Java side builds the same nodes (org.benchgen.ir.format.TwinCasesTest). */
#define _POSIX_C_SOURCE 200809L /* open_memstream, strdup */
#include "fold_unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A node's line: its name, kept in `site` as an index of the case's words. */
static char *line(void *ctx, const inode *n, size_t *len) {
  const words *w = ctx;
  const char *s = w->w[n->site];
  size_t k = strcspn(s, n->is_loop ? "{" : ":");
  *len = k;
  return strndup(s, k);
}

/* The nodes of words from *at to the } that closes them (or the end); NULL on a bad word. */
static inode **nodes(const words *w, int *at, int *n, int *bad) {
  inode **out = NULL;
  *n = 0;
  while (*at < w->n && strcmp(w->w[*at], "}") != 0) {
    const char *s = w->w[*at];
    inode *x = calloc(1, sizeof *x);
    x->ranks = ranks_of(0);
    x->site = (uint64_t) *at;
    (*at)++;
    size_t k = strlen(s);
    if (k > 1 && s[k - 1] == '{') {
      x->is_loop = 1;
      x->body = nodes(w, at, &x->nbody, bad);
      if (*at < w->n) (*at)++; /* its } */
    } else {
      const char *colon = strchr(s, ':');
      if (!colon) *bad = 1;
      x->duration.count = colon ? strtoll(colon + 1, NULL, 10) : 0;
      x->duration.mean = 100;
    }
    out = realloc(out, (size_t) (*n + 1) * sizeof *out);
    out[(*n)++] = x;
  }
  return out;
}

static void free_nodes(inode **v, int n) {
  for (int i = 0; i < n; i++) {
    free_nodes(v[i]->body, v[i]->nbody);
    ranks_free(&v[i]->ranks);
    free(v[i]);
  }
  free(v);
}

static void items(FILE *o, const fold_items *b, const words *w) {
  for (int i = 0; i < b->n; i++) {
    const fold_item *it = b->v[i];
    if (i) fputc(' ', o);
    if (it->kind == FI_USE) {
      fprintf(o, "use%d:%lld", it->block, (long long) it->calls);
      continue;
    }
    size_t len;
    char *name = line((void *) w, it->node, &len);
    if (it->kind == FI_CALL) {
      fprintf(o, "%s:%lld", name, (long long) it->duration.count);
    } else {
      fprintf(o, "%s{ ", name);
      items(o, &it->body, w);
      fputs(" }", o);
    }
    free(name);
  }
}

/* blocks.cases: NODES => block 1 { ITEMS } ... | ITEMS. */
char *case_blocks(const char *input, char *why, size_t cap) {
  words w = words_of(input);
  int at = 0, bad = 0;
  fold_trace t = {0};
  t.world = 1;
  t.body = nodes(&w, &at, &t.n, &bad);
  if (bad || at != w.n || t.n == 0) {
    snprintf(why, cap, "expected NAME:COUNT, NAME{ ... }");
    free_nodes(t.body, t.n);
    words_free(&w);
    return NULL;
  }
  fold_shared s;
  fold_lines lines = {&w, line, line};
  fold_blocks(&s, &t, &lines);
  char *buf = NULL;
  size_t len = 0;
  FILE *o = open_memstream(&buf, &len);
  for (int k = 0; k < s.nblocks; k++) {
    fprintf(o, "block %d { ", k + 1);
    items(o, s.blocks[k], &w);
    fputs(" } ", o);
  }
  fputs("| ", o);
  items(o, &s.top, &w);
  fclose(o);
  fold_shared_free(&s);
  free_nodes(t.body, t.n);
  words_free(&w);
  return buf;
}
