/* benchgen tracer: the lines of a trace written with shared blocks (fold_item, fold_items,
 * fold_shared): made, spliced and freed. The search for blocks is fold_blocks.c, their times
 * fold_pool.c. */
#include "fold.h"

#include <string.h>

fold_item *fold_item_new(fold_shared *s, int kind) {
  fold_item *it = fold_calloc(1, sizeof *it);
  it->kind = kind;
  if (s->nall == s->capall) {
    s->capall = s->capall ? 2 * s->capall : 256;
    s->all = fold_realloc(s->all, (size_t) s->capall * sizeof *s->all);
  }
  s->all[s->nall++] = it;
  return it;
}

void fold_items_push(fold_items *b, fold_item *it) {
  if (b->n == b->cap) {
    b->cap = b->cap ? 2 * b->cap : 8;
    b->v = fold_realloc(b->v, (size_t) b->cap * sizeof *b->v);
  }
  b->v[b->n++] = it;
}

/* b[at .. at+len) replaced by one item. */
void fold_items_replace(fold_items *b, int at, int len, fold_item *it) {
  memmove(b->v + at + 1, b->v + at + len, (size_t) (b->n - at - len) * sizeof *b->v);
  b->n -= len - 1;
  b->v[at] = it;
}

/* b[at] replaced by the items of r (a block put back in place). */
void fold_items_splice(fold_items *b, int at, const fold_items *r) {
  int grow = r->n - 1;
  if (b->n + grow > b->cap) {
    b->cap = b->n + grow + 8;
    b->v = fold_realloc(b->v, (size_t) b->cap * sizeof *b->v);
  }
  memmove(b->v + at + r->n, b->v + at + 1, (size_t) (b->n - at - 1) * sizeof *b->v);
  memcpy(b->v + at, r->v, (size_t) r->n * sizeof *b->v);
  b->n += grow;
}

void fold_shared_drop_blocks(fold_shared *s) {
  for (int k = 0; k < s->nblocks; k++) {
    fold_free(s->blocks[k]->v);
    fold_free(s->blocks[k]);
  }
  fold_free(s->blocks);
  s->blocks = NULL;
  s->nblocks = 0;
}

void fold_shared_free(fold_shared *s) {
  for (int i = 0; i < s->nall; i++) {
    fold_item *it = s->all[i];
    if (it->kind == FI_CALL) fold_stats_free(it->stats, it->nstats);
    fold_free(it->body.v);
    fold_free(it);
  }
  fold_free(s->all);
  fold_free(s->top.v);
  fold_shared_drop_blocks(s);
  fold_table_free(&s->texts);
  memset(s, 0, sizeof *s);
}
