/* benchgen tracer: shared blocks (docs/compressed-format.md, "Shared blocks"), the C twin of
 * org.benchgen.ir.format.SharedBlocks, step for step, so that the trace.bgc the
 * library writes alone is the file benchgen's writer writes of the same trace (issue 50: before,
 * `benchgen trace` read the tracer's file and wrote it again in Java to get its blocks). A
 * sequence of sibling nodes that occurs in several places is written once as a block, each place
 * as `use B n=K`; the places' times are pooled as the file holds them (fold_pool.c), so the
 * choice and the pooled bits are Java's. The shared cases (tracer/test/cases/blocks.cases) and
 * cli's FoldTwinTest keep the two one; docs/compression.md says how. */
#include "fold.h"

#include <stdlib.h>
#include <string.h>

/* SharedBlocks' bounds: blocks are looked for in traces of at most MAX_NODES nodes and
 * MAX_ENTRIES parameter entries (the search costs more beyond, and the reader refuses files
 * whose uses put more in place: BlockUses), among runs of up to MAX_LENGTH siblings, at most
 * MAX_BLOCKS blocks. */
#define MAX_NODES 5000
#define MAX_ENTRIES (1 << 20)
#define MAX_LENGTH 24
#define MAX_BLOCKS 128
#define MAX_TEXT ((int64_t) 128 << 20)
#define MAX_COMPUTE_LINES ((int64_t) 1 << 20)
/* What a use line and a block's own two lines cost, and a call's time lines on average. */
#define USE_BYTES 16
#define BLOCK_BYTES 16
#define TIME_BYTES 90

typedef struct {
  fold_shared *s;
  const fold_lines *lines;
  fold_table shapes;  /* a number per distinct shape, kept from round to round */
  fold_table refused; /* sequences of shapes whose places would not pool */
} ctx;

/* ---- items ---------------------------------------------------------------------------------------- */

static int text_of(ctx *c, const inode *n) {
  size_t len;
  char *t = n->is_loop ? c->lines->loop(c->lines->ctx, n, &len)
                       : c->lines->call(c->lines->ctx, n, &len);
  int id = fold_intern(&c->s->texts, t, len);
  free(t);
  return id;
}

static int64_t text_len(const ctx *c, int text) {
  size_t len;
  fold_key(&c->s->texts, text, &len);
  return (int64_t) len;
}

static fold_item *call_item(ctx *c, const inode *n) {
  fold_item *it = fold_item_new(c->s, FI_CALL);
  it->node = n;
  it->text = text_of(c, n);
  fold_item_times(it, n);
  return it;
}

static void items_of(ctx *c, fold_items *out, inode *const *body, int n) {
  for (int i = 0; i < n; i++) {
    const inode *x = body[i];
    if (!x->is_loop) {
      fold_items_push(out, call_item(c, x));
      continue;
    }
    fold_item *r = fold_item_new(c->s, FI_REP);
    r->node = x;
    r->text = text_of(c, x);
    items_of(c, &r->body, x->body, x->nbody);
    fold_items_push(out, r);
  }
}

/* ---- what the search looks at ------------------------------------------------------------------ */

static void count(inode *const *body, int n, int64_t size[2]) {
  for (int i = 0; i < n; i++) {
    size[0]++;
    if (body[i]->is_loop) {
      size[1] += body[i]->trips.n;
      count(body[i]->body, body[i]->nbody, size);
    } else {
      for (int f = 0; f < body[i]->nf; f++) size[1] += body[i]->params[f].n;
    }
  }
}

int fold_blocks_looks_for(const fold_trace *t) {
  int64_t size[2] = {0, 0};
  count(t->body, t->n, size);
  return size[0] <= MAX_NODES && size[1] <= MAX_ENTRIES;
}

typedef struct {
  fold_items **v;
  int n, cap;
} bodies;

static void collect(bodies *out, fold_items *b) {
  if (out->n == out->cap) {
    out->cap = out->cap ? 2 * out->cap : 64;
    out->v = fold_realloc(out->v, (size_t) out->cap * sizeof *out->v);
  }
  out->v[out->n++] = b;
  for (int i = 0; i < b->n; i++)
    if (b->v[i]->kind == FI_REP) collect(out, &b->v[i]->body);
}

/* Every body: the top one, then the blocks' and the loops' inside them, in document order. */
static bodies all_bodies(fold_items *top, fold_items **blocks, int nblocks) {
  bodies out = {NULL, 0, 0};
  collect(&out, top);
  for (int k = 0; k < nblocks; k++) collect(&out, blocks[k]);
  return out;
}

/* A number per distinct shape: the same call line; a loop's line and its body's shapes; the
 * same block. */
static int shape(ctx *c, const fold_item *it) {
  if (it->kind == FI_USE) {
    int key[2] = {2, it->block};
    return fold_intern(&c->shapes, key, sizeof key);
  }
  if (it->kind == FI_CALL) {
    int key[2] = {0, it->text};
    return fold_intern(&c->shapes, key, sizeof key);
  }
  int *key = fold_malloc((size_t) (it->body.n + 2) * sizeof *key);
  key[0] = 1;
  key[1] = it->text;
  for (int i = 0; i < it->body.n; i++) key[i + 2] = shape(c, it->body.v[i]);
  int id = fold_intern(&c->shapes, key, (size_t) (it->body.n + 2) * sizeof *key);
  fold_free(key);
  return id;
}

/* About how many bytes an item takes, from its lines alone (never its times). */
static int64_t bytes(const ctx *c, const fold_item *it) {
  if (it->kind == FI_CALL) return text_len(c, it->text) + TIME_BYTES;
  if (it->kind == FI_USE) return USE_BYTES;
  int64_t b = text_len(c, it->text) + 4;
  for (int i = 0; i < it->body.n; i++) b += bytes(c, it->body.v[i]);
  return b;
}

/* How many times a sequence made its first call. */
static int64_t first_calls(fold_item *const *v, int n) {
  if (n == 0) return 0;
  if (v[0]->kind == FI_CALL) return v[0]->duration.count;
  if (v[0]->kind == FI_REP) return first_calls(v[0]->body.v, v[0]->body.n);
  return v[0]->calls;
}

/* ---- the search: one block a round ------------------------------------------------------------ */

/* The round's sequences of siblings, numbered in document order of their first place, as
 * SharedBlocks' LinkedHashMap keeps them. A sequence is held as its first place (body, start,
 * length) in the round's shape ids, not copied, its hash made prefix by prefix, and its places
 * chained through one array: a trace of 5,000 nodes has up to 120,000 prefixes a round and up to
 * 128 rounds, and a copy and an allocation a prefix took 3 s of a 4,000-node trace's 107 blocks. */
typedef struct {
  int body, start, len;
  uint64_t hash;
  int first, last, count; /* its places: indexes into the round's place arrays */
} seq;

typedef struct {
  int **ids;  /* the shapes of each body's items */
  seq *v;
  int n;
  int *slots; /* open addressing: sequence + 1, 0 empty */
  size_t mask;
  int *pbody, *pstart, *pnext; /* places */
  int np;
} round;

static uint64_t hash_step(uint64_t h, int id) {
  return (h ^ (uint64_t) (unsigned) id) * 0x100000001b3ULL;
}

/* The sequence ids[body][start .. start+len), its hash h: a new place of it. */
static void seq_place(round *r, int body, int start, int len, uint64_t h) {
  size_t at = (size_t) (h ^ (h >> 29)) & r->mask;
  const int *key = r->ids[body] + start;
  int q;
  for (;;) {
    q = r->slots[at] - 1;
    if (q < 0) break;
    const seq *x = &r->v[q];
    if (x->hash == h && x->len == len
        && memcmp(r->ids[x->body] + x->start, key, (size_t) len * sizeof *key) == 0)
      break;
    at = (at + 1) & r->mask;
  }
  if (q < 0) {
    q = r->n++;
    r->v[q] = (seq) {body, start, len, h, -1, -1, 0};
    r->slots[at] = q + 1;
  }
  int p = r->np++;
  r->pbody[p] = body;
  r->pstart[p] = start;
  r->pnext[p] = -1;
  seq *x = &r->v[q];
  if (x->last >= 0) r->pnext[x->last] = p;
  else x->first = p;
  x->last = p;
  x->count++;
}

typedef struct {
  int seq;    /* the sequence's number in the round */
  int from;   /* its places apart: apart[from .. from + n) (pairs body, start) */
  int n;
  int64_t gain;
} candidate;

/* The largest gain first, equal gains in document order (Java's stable List.sort): stability by
 * the sequences' numbers, which are in document order, through qsort. */
static int by_gain(const void *a, const void *b) {
  const candidate *x = a, *y = b;
  if (x->gain != y->gain) return x->gain > y->gain ? -1 : 1;
  return (x->seq > y->seq) - (x->seq < y->seq);
}

/* Forms the block that saves the most, if one saves anything; whether it did. */
static int share_one(ctx *c) {
  fold_shared *s = c->s;
  bodies b = all_bodies(&s->top, s->blocks, s->nblocks);
  round r = {0};
  r.ids = fold_malloc((size_t) b.n * sizeof *r.ids);
  size_t prefixes = 0;
  for (int k = 0; k < b.n; k++) {
    r.ids[k] = fold_malloc((size_t) (b.v[k]->n ? b.v[k]->n : 1) * sizeof **r.ids);
    for (int i = 0; i < b.v[k]->n; i++) r.ids[k][i] = shape(c, b.v[k]->v[i]);
    prefixes += (size_t) b.v[k]->n * MAX_LENGTH;
  }
  int *frequency = fold_calloc((size_t) c->shapes.n + 1, sizeof *frequency);
  for (int k = 0; k < b.n; k++)
    for (int i = 0; i < b.v[k]->n; i++) frequency[r.ids[k][i]]++;
  /* Every sequence of siblings that could repeat, with where it starts, in document order. */
  size_t nslots = 64;
  while (nslots < 2 * prefixes) nslots *= 2;
  r.slots = fold_calloc(nslots, sizeof *r.slots);
  r.mask = nslots - 1;
  size_t cap = prefixes ? prefixes : 1;
  r.v = fold_malloc(cap * sizeof *r.v);
  r.pbody = fold_malloc(cap * sizeof *r.pbody);
  r.pstart = fold_malloc(cap * sizeof *r.pstart);
  r.pnext = fold_malloc(cap * sizeof *r.pnext);
  for (int k = 0; k < b.n; k++) {
    int n = b.v[k]->n;
    for (int i = 0; i < n; i++) {
      uint64_t h = 0xcbf29ce484222325ULL;
      for (int j = i; j < n && j - i < MAX_LENGTH && frequency[r.ids[k][j]] > 1; j++) {
        h = hash_step(h, r.ids[k][j]);
        seq_place(&r, k, i, j - i + 1, h);
      }
    }
  }
  candidate *cand = fold_malloc((size_t) (r.n ? r.n : 1) * sizeof *cand);
  int *apart = fold_malloc((size_t) 2 * (r.np ? r.np : 1) * sizeof *apart), napart = 0;
  int ncand = 0;
  for (int q = 0; q < r.n; q++) {
    const seq *x = &r.v[q];
    if (x->count < 2
        || fold_find(&c->refused, r.ids[x->body] + x->start, (size_t) x->len * sizeof(int)) >= 0)
      continue;
    int from = napart, n = 0;
    for (int p = x->first; p >= 0; p = r.pnext[p]) {
      int body = r.pbody[p], start = r.pstart[p];
      int *last = n ? &apart[2 * (from + n - 1)] : NULL;
      if (!last || last[0] != body || last[1] + x->len <= start) {
        apart[2 * (from + n)] = body;
        apart[2 * (from + n) + 1] = start;
        n++;
      }
    }
    int64_t size = 0;
    for (int i = 0; i < x->len; i++) size += bytes(c, b.v[apart[2 * from]]->v[apart[2 * from + 1] + i]);
    int64_t gain = (n - 1) * size - n * USE_BYTES - BLOCK_BYTES;
    if (n > 1 && gain > 0) {
      cand[ncand++] = (candidate) {q, from, n, gain};
      napart += n;
    }
  }
  qsort(cand, (size_t) ncand, sizeof *cand, by_gain);
  int formed = 0;
  for (int x = 0; x < ncand && !formed; x++) {
    const seq *sq = &r.v[cand[x].seq];
    int len = sq->len, m = cand[x].n;
    const int *at = apart + 2 * cand[x].from;
    fold_item ***copies = fold_malloc((size_t) m * sizeof *copies);
    int64_t *calls = fold_malloc((size_t) m * sizeof *calls);
    for (int i = 0; i < m; i++) {
      copies[i] = b.v[at[2 * i]]->v + at[2 * i + 1];
      calls[i] = first_calls(copies[i], len);
    }
    fold_items *pooled = fold_calloc(1, sizeof *pooled);
    if (fold_pool(s, (fold_item **const *) copies, m, len, calls, pooled) < 0) {
      fold_intern(&c->refused, r.ids[sq->body] + sq->start, (size_t) len * sizeof(int));
      fold_free(pooled->v);
      fold_free(pooled);
    } else {
      s->blocks = fold_realloc(s->blocks, (size_t) (s->nblocks + 1) * sizeof *s->blocks);
      s->blocks[s->nblocks++] = pooled;
      /* From the last place back, so that earlier starts in the same body stay valid. */
      for (int i = m - 1; i >= 0; i--) {
        fold_item *u = fold_item_new(s, FI_USE);
        u->block = s->nblocks;
        u->calls = calls[i];
        fold_items_replace(b.v[at[2 * i]], at[2 * i + 1], len, u);
      }
      formed = 1;
    }
    fold_free(copies);
    fold_free(calls);
  }
  fold_free(apart);
  fold_free(cand);
  fold_free(r.v);
  fold_free(r.slots);
  fold_free(r.pbody);
  fold_free(r.pstart);
  fold_free(r.pnext);
  fold_free(frequency);
  for (int k = 0; k < b.n; k++) fold_free(r.ids[k]);
  fold_free(r.ids);
  fold_free(b.v);
  return formed;
}

/* ---- the blocks kept, numbered in the order they are first needed ------------------------------ */

typedef struct {
  int *uses, *numbers;
  fold_items **out;
  int nout;
} numbering;

static void renumber(ctx *c, fold_items *body, numbering *nb) {
  for (int i = 0; i < body->n; i++) {
    fold_item *it = body->v[i];
    if (it->kind == FI_REP) {
      renumber(c, &it->body, nb);
    } else if (it->kind == FI_USE) {
      fold_items *b = c->s->blocks[it->block - 1];
      if (nb->uses[it->block] == 1) {
        /* Used once: put back in place, its counts being that place's. */
        fold_items_splice(body, i, b);
        i--;
        continue;
      }
      if (!nb->numbers[it->block]) {
        renumber(c, b, nb);
        nb->out[nb->nout] = b;
        nb->numbers[it->block] = ++nb->nout;
      }
      it->block = nb->numbers[it->block];
    }
  }
}

/* Nodes, entries, line bytes and compute lines of items, uses of earlier blocks expanded. */
static void size(const ctx *c, const fold_items *items, int64_t (*blocks)[4], int64_t s[4]) {
  for (int i = 0; i < items->n; i++) {
    const fold_item *it = items->v[i];
    int64_t add[4] = {0, 0, 0, 0};
    if (it->kind == FI_USE) {
      memcpy(add, blocks[it->block], sizeof add);
    } else if (it->kind == FI_REP) {
      size(c, &it->body, blocks, add);
      add[0]++;
      add[1] += it->node->trips.n;
      add[2] += text_len(c, it->text) + 2;
    } else {
      add[0] = 1;
      for (int f = 0; f < it->node->nf; f++) add[1] += it->node->params[f].n;
      add[2] = text_len(c, it->text);
      for (int k = 0; k < it->nstats; k++) add[3] += it->stats[k].nclasses ? it->stats[k].nclasses : 1;
    }
    for (int k = 0; k < 4; k++) s[k] += add[k];
  }
}

/* Whether the uses put in place no more than the reader accepts (BlockUses), counted as it
 * counts: per use line, the block's nodes, entries, line bytes and compute lines. */
static int placed(const ctx *c) {
  const fold_shared *s = c->s;
  int64_t (*sizes)[4] = fold_calloc((size_t) s->nblocks + 1, sizeof *sizes);
  for (int k = 0; k < s->nblocks; k++) size(c, s->blocks[k], sizes, sizes[k + 1]);
  int64_t total[4] = {0, 0, 0, 0};
  bodies b = all_bodies((fold_items *) &s->top, s->blocks, s->nblocks);
  for (int k = 0; k < b.n; k++)
    for (int i = 0; i < b.v[k]->n; i++)
      if (b.v[k]->v[i]->kind == FI_USE)
        for (int x = 0; x < 4; x++) total[x] += sizes[b.v[k]->v[i]->block][x];
  fold_free(b.v);
  fold_free(sizes);
  return total[0] <= MAX_NODES && total[1] <= MAX_ENTRIES && total[2] <= MAX_TEXT
      && total[3] <= MAX_COMPUTE_LINES;
}

/* The blocks used more than once, numbered so that a block comes before any that uses it; one
 * used once is put back in place. */
static void finish(ctx *c) {
  fold_shared *s = c->s;
  numbering nb;
  nb.uses = fold_calloc((size_t) s->nblocks + 1, sizeof *nb.uses);
  nb.numbers = fold_calloc((size_t) s->nblocks + 1, sizeof *nb.numbers);
  nb.out = fold_calloc((size_t) s->nblocks + 1, sizeof *nb.out);
  nb.nout = 0;
  bodies b = all_bodies(&s->top, s->blocks, s->nblocks);
  for (int k = 0; k < b.n; k++)
    for (int i = 0; i < b.v[k]->n; i++)
      if (b.v[k]->v[i]->kind == FI_USE) nb.uses[b.v[k]->v[i]->block]++;
  fold_free(b.v);
  renumber(c, &s->top, &nb);
  /* The blocks not kept are no longer reached: their item lists go (the items with `all`). */
  for (int k = 0; k < s->nblocks; k++) {
    int kept = 0;
    for (int j = 0; j < nb.nout; j++) kept |= nb.out[j] == s->blocks[k];
    if (!kept) {
      fold_free(s->blocks[k]->v);
      fold_free(s->blocks[k]);
    }
  }
  fold_free(s->blocks);
  s->blocks = nb.out;
  s->nblocks = nb.nout;
  fold_free(nb.uses);
  fold_free(nb.numbers);
}

void fold_blocks(fold_shared *s, const fold_trace *t, const fold_lines *lines) {
  memset(s, 0, sizeof *s);
  ctx c = {s, lines, {0}, {0}};
  items_of(&c, &s->top, t->body, t->n);
  while (s->nblocks < MAX_BLOCKS && share_one(&c)) {
    /* one block a round: the next round searches the bodies as this one left them */
  }
  finish(&c);
  if (!placed(&c)) {
    /* Past the reader's limits: no blocks, the body as it was. */
    fold_shared_drop_blocks(s);
    fold_free(s->top.v);
    memset(&s->top, 0, sizeof s->top);
    items_of(&c, &s->top, t->body, t->n);
  }
  fold_table_free(&c.shapes);
  fold_table_free(&c.refused);
}
