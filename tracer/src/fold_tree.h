/* benchgen tracer: the ranks' traces merged over a binary tree and written (fold_tree.c), apart
 * from fold.h, the compressor's own header: the tracer (fold_records.c) and the test driver
 * (tracer/test/fold_driver.c) move the traces between ranks, each its own way. */
#ifndef BGT_FOLD_TREE_H
#define BGT_FOLD_TREE_H

#include "fold.h"

#pragma GCC visibility push(hidden)

/* One rank's part in the merge: its trace once frozen, or why it (or a rank merged into it) has
 * none. */
typedef struct {
  int rank;
  fold_rank *fold; /* its compressor: its table of lists names the lists of `trace` */
  fold_trace trace;
  int frozen;
  char *problems; /* lines "rank R <why>", as `benchgen trace` reports them; NULL while none */
  size_t nproblems;
  size_t max_bytes; /* what a merged trace may hold (BENCHGEN_TRACE_FOLD_MAX_MB) */
  uint64_t work_ns; /* CPU time spent packing, unpacking and merging traces, waits left out */
} fold_part;

void fold_part_problem(fold_part *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The rank's events are all folded: freeze its trace, or give it up for `why` (not NULL). */
void fold_part_freeze(fold_part *p, const char *why);
void fold_part_free(fold_part *p);

/* How traces travel between the ranks: over MPI in the tracer, through memory in the test driver.
 * This process holds the parts of ranks first .. last-1, parts[0] being first's. */
typedef struct {
  void *ctx;
  fold_part *parts;
  int first, last;
  /* ok 1: the bytes are a trace (fold_wire); 0: they are the problems of the sender's ranks. */
  void (*send)(void *ctx, int from, int to, uint64_t ok, const unsigned char *b, size_t n);
  unsigned char *(*recv)(void *ctx, int to, int from, uint64_t *ok, size_t *n); /* fold_malloc'd */
  const char *(*name)(int64_t id);  /* a name's text */
  int64_t (*intern)(const char *s); /* a name's id */
} fold_tree_io;

/* Merges ranks lo .. hi-1 as ranks lo .. mid-1 then mid .. hi-1 (mid = (lo + hi) / 2), each
 * merged so first: rank lo receives the trace of rank mid and merges it after its own. Every
 * process calls it with the whole world; rank lo ends with the result. */
void fold_tree_merge(const fold_tree_io *io, int lo, int hi);
/* Writes dir/name whole or not at all (through name.part): the trace t, if any, with its site
 * lines `sites` (NULL: none), then the text. 0, or -1 (said on stderr). */
int fold_write_file(const char *dir, const char *name, const fold_trace *t,
                    const fold_table *lists, const char *(*names)(int64_t), const char *sites,
                    const char *text);
/* The end of the merge, at its first rank: dir/name, the compressed trace with its choice
 * sections formed (fold_choices.c) and its site lines `sites` (site_lines.c; NULL: none); or
 * where a rank had none, dir/trace.problems (and the problems on stderr) and -1. */
int fold_tree_write(fold_part *p, const char *dir, const char *name,
                    const char *(*names)(int64_t), const char *sites);

#pragma GCC visibility pop

#endif
