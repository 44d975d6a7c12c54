/* benchgen tracer: choice sections (fold_choices.c), their world steps (fold_steps.c) or calls
 * (fold_calls.c), the walk they take of a merged trace (fold_walk.c) and their tables' lines
 * (fold_choice_lines.c); apart from fold.h, the compressor's own header. */
#ifndef BGT_FOLD_STEPS_H
#define BGT_FOLD_STEPS_H

#include "fold.h"

#pragma GCC visibility push(hidden)

/* ---- fold_choices.c: choice sections, formed after the merge (ChoiceSections) ------------- */

/* t with each long run of top-level nodes that loops did not fold made a section of world steps
 * (fold_steps.c) or per call (fold_calls.c), before the writer looks for shared blocks; t as it
 * was where it has no such run (docs/compression.md, "Choice sections"). */
void fold_choices(fold_trace *t);

/* ---- fold_choice_lines.c: the `choice` and `column` lines of a trace's tables ------------- */

void fold_choice_lines(FILE *o, const fold_trace *tr);
void fold_choice_free(fold_choice *c);

/* CommNumbers as the writer applies it: pairs (id, number) sorted by id, malloc'd, and their
 * count in *n (0 and NULL: the ids are written as they are); an id as written. */
int64_t *fold_comm_numbers(const fold_trace *tr, int *n);
int64_t fold_comm_written(const int64_t *numbers, int n, int64_t id);

/* A call shape's id in t: (op, site) interned (add) or found (-1: none). */
int fold_shape_id(fold_table *t, int op, uint64_t site, int add);

/* One call shape of a section (a call at a site): the compute paths and call time of the RSDs it
 * stands for, pooled as ChoiceSections.Shape pools them. */
typedef struct {
  int op;
  uint64_t site;
  fold_stat *stats;
  int nstats;
  ranklist pooled;
  fold_hist duration; /* count and mean */
} fold_shape;

/* The step-choice section (StepChoices.section) of the n top-level nodes `run` of t, on `ranks`,
 * shapes in order of first appearance; its table in *table. NULL where it does not form: a rank
 * calls before its first world collective, the ranks' step counts differ, a step calls a shape
 * twice, two paths call two shapes in opposite orders, or more than 4,096 configurations.
 * `numbers` (nn pairs, fold_comm_numbers) gives communicators the numbers the file writes, which
 * a column holds. */
inode *fold_steps_section(const fold_trace *t, inode *const *run, int n, const ranklist *ranks,
                          const fold_shape *shapes, int nshapes, const int64_t *numbers, int nn,
                          fold_choice **table);

/* A section's loop (takes all); an RSD of a section given its shape's times (copied). */
inode *fold_section_loop(ranklist ranks, fold_param trips, inode **body, int n);
void fold_shape_times(inode *x, const fold_shape *sh);

/* An entry before grouping: a column of table t (col > 0) or a sequence, plain or absolute
 * peers. */
typedef struct {
  int kind, col;
  vseq a;
} fold_pre;

/* Param.grouped: ranks (ascending) with equal values share an entry, entries in order of their
 * first rank; takes the sequences. Two columns are equal where their values at their steps are. */
fold_param fold_grouped(const fold_choice *t, const int *ranks, fold_pre *v, int n);

/* fold_calls.c: the per-call section (ChoiceSections.section): one loop of a trip a call on each
 * rank, a guard loop of 0 or 1 trips per shape around its RSD, values each rank's own sequences. */
inode *fold_calls_section(const fold_trace *t, inode *const *run, int n, const ranklist *ranks,
                          const fold_shape *shapes, int nshapes);

/* fold_walk.c: one rank's calls in a merged trace (TraversalContext). */
typedef struct fold_walk fold_walk;
fold_walk *fold_walk_new(const fold_trace *t, inode *const *body, int n, int rank);
/* The rank's next call: its RSD, and its values by slot in values[0 .. nf) (peers absolute,
 * V_UNSET where absent); 0 at the end. */
int fold_walk_next(fold_walk *w, const inode **rsd, int64_t *values);
void fold_walk_free(fold_walk *w);

#pragma GCC visibility pop

#endif
