/* benchgen tracer: the folding compressor, the C twin of rsd-compressor's per-rank compression
 * (docs/compression.md). Each rank folds its events into loops as they are written out, with the
 * same algorithm as org.benchgen.compress.RankCompressor and the same result: floating-point
 * statistics in the same order of operations (the build forbids contracted multiply-adds), value
 * sequences and loops made by the same online folder. Only equality of values matters to the
 * folding, so names and lists are this library's own ids; the text names them.
 *
 * Files: fold_mem.c (its memory, counted), fold_table.c (interning), fold_sort.c (a stable
 * sort), fold_histo.c (histograms), fold_vseq.c (value sequences), fold_folder.c (the loop
 * folder), fold_node.c (RSDs and loops being folded, frozen), fold_encode.c (the vocabulary as
 * the folder sees it), fold_rank.c (one rank's compressor: each event as its RSD stores it),
 * fold_merge.c and fold_classes.c (two traces as one), fold_ranks.c (rank lists), fold_wire.c (a
 * trace as bytes), fold_text.c (the compressed format; its real numbers fold_decimals.c),
 * fold_blocks.c, fold_items.c and fold_pool.c (its shared blocks: which, their lines, and their
 * times), fold_tree.c (the merge of the ranks' traces over a binary tree, and the final write; its
 * own header, fold_tree.h). fold_records.c, which feeds the tracer's records in and moves the traces
 * between ranks over MPI, is the only one that knows the tracer or MPI: the test driver
 * (tracer/test/) links all the others. */
#ifndef BGT_FOLD_H
#define BGT_FOLD_H

/* Fields of the vocabulary, and `members` and `remote`, at most (a call's slot by field). */
#define FOLD_MAX_FIELDS 96

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#pragma GCC visibility push(hidden)

/* ---- fold_mem.c: every allocation of the fold, counted --------------------------------------------- */

void *fold_malloc(size_t n);
void *fold_calloc(size_t n, size_t size);
void *fold_realloc(void *p, size_t n);
void fold_free(void *p);
size_t fold_live_bytes(void);
size_t fold_peak_bytes(void);

/* ---- fold_sort.c: a stable sort (Java's List.sort keeps equal elements in order) --------------- */

/* Sorts n elements of size bytes (at most 256) so that none comes after one it is `after`. */
void fold_sort(void *base, int n, size_t size, int (*after)(const void *a, const void *b));

/* ---- fold_table.c: byte strings interned to dense ids 0, 1, 2, ... -------------------------------- */

typedef struct {
  unsigned char **keys; /* by id: length (size_t) then the bytes */
  int n, cap;
  int *slots; /* open addressing: id + 1, 0 empty */
  size_t nslots;
} fold_table;

int fold_intern(fold_table *t, const void *key, size_t len);
int fold_find(const fold_table *t, const void *key, size_t len); /* its id, or -1 */
const void *fold_key(const fold_table *t, int id, size_t *len);
void fold_table_free(fold_table *t);

/* ---- fold_histo.c: a summary of durations (org.benchgen.ir.Histogram.Builder) --------------------- */

typedef struct {
  int64_t count, min, max;
  double mean, m2;
  /* bin k counts values with 64 - clz(v) == k (bin 0: zeros and negatives), up to the highest
   * bin used: most values are small and builders many (one or two per RSD) */
  int64_t *bins;
  int nbins;
} fold_histo;

void histo_init(fold_histo *h);
void histo_free(fold_histo *h);
void histo_add(fold_histo *h, int64_t v);
void histo_merge(fold_histo *h, const fold_histo *o);
double histo_sd(const fold_histo *h);

/* ---- fold_vseq.c: value sequences (VNode, ValueSeqBuilder, ShortestCycle) ------------------------- */

typedef struct vnode {
  int refs;
  int n;         /* a repetition's body size; 0 for a leaf */
  int64_t times; /* a repetition's count; 0 for a leaf */
  int64_t value; /* a leaf's value */
  uint64_t hash;
  struct vnode **body;
} vnode;

/* A sequence as built: its nodes, one reference each. */
typedef struct {
  vnode **nodes;
  int n;
} vseq;

struct folder;
typedef struct {
  struct folder *folder; /* made on the first change of value */
  int64_t run_value, run_length;
} vseq_builder;

void vnode_release(vnode *v);
vnode *vnode_leaf(int64_t v);
vnode *vnode_rep(vnode **body, int n, int64_t times); /* takes body's references */
void vseq_push(vseq_builder *b, int64_t v);
void vseq_append_all(vseq_builder *b, const vseq_builder *other);
vseq vseq_build(vseq_builder *b); /* once: the builder is spent */
void vseq_builder_free(vseq_builder *b);
void vseq_free(vseq *s);
int vseq_all_equal(const vseq *s, int64_t v);

/* ---- fold_folder.c: online loop detection over a sequence (LoopFolder) ---------------------------- */

typedef struct {
  uint64_t (*shape)(const void *n);
  int (*same)(const void *a, const void *b);
  int (*body_size)(const void *n);
  void *(*body_at)(const void *loop, int i);
  /* A loop of first then second (k nodes each); takes both. */
  void *(*fold)(void *ctx, void **first, void **second, int k);
  /* The loop with one more iteration (k nodes, taken); may return another node. */
  void *(*absorb)(void *ctx, void *loop, void **iteration, int k);
} fold_policy;

typedef struct folder {
  const fold_policy *p;
  void *ctx;
  int window;
  void **seq;
  uint64_t *shapes;
  int *sizes;
  int n, cap;
  int track, matched;
  void **rest; /* scratch for nodes moved up behind a fold */
  int restcap;
} folder;

void folder_init(folder *f, const fold_policy *p, void *ctx, int window);
void folder_push(folder *f, void *node);
void folder_finish(folder *f);

/* ---- fold_node.c: calls and loops being folded, and frozen --------------------------------------- */

typedef struct {
  uint64_t site; /* the previous call's site: the call path of the interval */
  fold_histo time;
  int64_t cpu_sum, cpu_count;
} fold_path;

typedef struct fnode {
  int shape;
  int is_loop;
  /* a loop */
  struct fnode **body;
  int nbody;
  vseq_builder trips;
  int64_t open;
  /* a call: one execution until settled */
  int op;
  uint64_t site;
  int nf;
  int64_t *abs, *rel;
  int has_after;
  uint64_t after;
  int64_t compute, cpu, duration;
  vseq_builder *abs_seq, *rel_seq; /* once settled; rel_seq only in peer slots */
  unsigned char *is_peer;
  fold_path *paths;
  int npaths, cappaths;
  fold_histo durations;
} fnode;

/* The shapes of one rank's nodes: a call's is its op and site, a loop's its body's shapes. */
int shape_of_call(fold_table *shapes, int op, uint64_t site);
extern const fold_policy FNODE_POLICY; /* ctx: the fold_table of shapes */
fnode *fnode_call(int shape, int op, uint64_t site, int nf, const int64_t *abs,
                  const int64_t *rel, int has_after, uint64_t after, int64_t compute, int64_t cpu,
                  int64_t duration);
void fnode_free(fnode *n);

/* ---- the model of a compressed trace (org.benchgen.ir), frozen from the folder and merged -------- */

/* A set of world ranks as sorted, disjoint strided runs (start, stride, count), canonical as
 * IntRuns.runs makes them: equal sets have equal runs. */
typedef struct {
  int *runs;
  int nruns, size;
} ranklist;

/* IntRuns.runs: greedy strided runs (start, stride, count) of v, a lone pair with a gap as two
 * singles, into runs (3n at most); their count. */
int fold_runs(const int64_t *v, int n, int64_t *runs);
/* IntRuns.appendRun: one run's text (as_range: never as two items). */
void fold_print_run(FILE *o, int64_t start, int64_t stride, int64_t count, int as_range);
ranklist ranks_of(int rank);
ranklist ranks_of_sorted(const int *v, int n); /* ascending, distinct */
ranklist ranks_copy(const ranklist *r);
ranklist ranks_union(const ranklist *a, const ranklist *b);
int ranks_equal(const ranklist *a, const ranklist *b);
/* Whether rank x is in r (a binary search of its runs). */
int ranks_contains(const ranklist *r, int x);
int ranks_intersect(const ranklist *a, const ranklist *b);
int ranks_first(const ranklist *r);
int ranks_is_world(const ranklist *r, int world);
void ranks_print(FILE *o, const ranklist *r); /* RankList.toString: runs of runs as BASE/DxM */
void ranks_free(ranklist *r);

/* A frozen histogram (org.benchgen.ir.Histogram): the deviation, not the sum of squares, is kept,
 * and merging derives the sum of squares from it as the Java model does. */
typedef struct {
  int64_t count, min, max;
  double mean, sd;
  int bins; /* its bin counts, interned (hist_bins): histograms are many, their bins alike */
} fold_hist;

fold_hist hist_freeze(const fold_histo *h);
fold_hist hist_merge(const fold_hist *a, const fold_hist *b);
void hist_bins(const fold_hist *h, int64_t bins[65]);  /* the 65 counts */
int hist_intern_bins(const int64_t bins[65]);          /* the id of these counts */

vseq vseq_copy(const vseq *s);
int vseq_equal(const vseq *a, const vseq *b);

/* A parameter entry's values (EntryValues): plain, peers absolute or relative, or peers of one
 * rank set both ways until a merge decides (undecided: `a` absolute, `r` relative). */
enum { EV_PLAIN, EV_ABSOLUTE, EV_RELATIVE, EV_UNDECIDED };
struct fold_choice;
typedef struct {
  int kind;
  vseq a, r;
  ranklist ranks;
  /* A column of a step-choice table (fold_steps.c) instead of `a`, where table is not NULL:
   * `$C.J` in the text, its values those of column `column` (1-based) at its steps. */
  const struct fold_choice *table;
  int column;
} fold_entry;

typedef struct {
  int n; /* 0: absent */
  fold_entry *e;
} fold_param;

typedef struct {
  ranklist ranks;
  fold_hist time;
  int has_cpu;
  double cpu;
} fold_class;

typedef struct {
  uint64_t after;
  fold_hist time;
  int has_cpu;
  double cpu;
  fold_class *classes; /* none where the ranks are alike */
  int nclasses;
} fold_stat;

typedef struct inode {
  int is_loop;
  ranklist ranks;
  fold_param trips;
  struct inode **body;
  int nbody;
  int op;
  uint64_t site;
  int nf;
  fold_param *params;
  fold_stat *stats;
  int nstats;
  fold_hist duration;
  /* a merge's caches: the shape id and the call shapes inside (sorted), for merge `epoch` */
  int epoch, shape, *inside, ninside;
} inode;

/* A communicator as the compressed trace writes it: an intercommunicator with the group of the
 * lowest rank first (CommDef.inter). */
typedef struct {
  int64_t id;
  int64_t *members, *remote;
  int nmembers, nremote;
} fold_def;

/* A step-choice table (ir.ChoiceTable, docs/compressed-format.md "Step choices"; fold_steps.h):
 * the world's configuration at each step, and columns of one value a configuration, each read
 * at every step or (when > 0) only at the steps whose configuration is not 0 in column `when`. */
typedef struct fold_choice {
  int number; /* as written: 1, 2, 3... in order of use (0 while it has no column) */
  int configs, steps;
  int *seq;
  int64_t **cols;
  int *when;
  int ncols;
} fold_choice;

/* A (partly merged) compressed trace; names and lists are ids of the tables the user gives. */
typedef struct {
  int world;
  fold_def *defs;
  int ndefs;
  inode **body;
  int n;
  fold_choice **choices; /* the tables its sections' entries name (fold_choices.c), owned */
  int nchoices;
  int keep_ids; /* write communicator ids as they are (a section formed where they were kept) */
} fold_trace;

inode *fnode_freeze(fnode *n, int rank);
void inode_free(inode *n);
void fold_trace_free(fold_trace *t);

/* ---- fold_merge.c: two traces of disjoint ranks as one (TraceMerger) ----------------------------- */

/* Merges b into a (both taken; a holds the result). 0, or -1 with a message in `why`. */
int fold_merge(fold_trace *a, fold_trace *b, char *why, size_t cap);
/* fold_classes.c: b's compute statistics into a's (ComputeClasses.merge). */
void fold_merge_stats(inode *a, const ranklist *ar, inode *b, const ranklist *br);
/* ComputeStat.mergeCpu: the mean CPU time of two groups of intervals, weighted by their counts;
 * none (*has 0) unless both have one. */
void fold_merge_cpu(const fold_hist *a, int ha, double ca, const fold_hist *b, int hb, double cb,
                    int *has, double *cpu);

/* ---- fold_encode.c: one rank's events as its RSDs store them (EventEncoder, LiveRequests) -------- */

/* The vocabulary as the folder needs it: each call's fields in slot order. */
typedef struct {
  int nf;
  int field[24]; /* enum field of each slot */
  int slot_comm, slot_req, slot_reqs, slot_done, slot_thread;
  int creates_request, persistent;
  /* its kind, as the choice sections ask (fold_choices.c); slot_sync: the field of the
   * communicator it synchronizes (MPI_Comm_create_group's newcomm), -1 for comm */
  unsigned char collective, comm_create, comm_free, init_or_finalize;
  int slot_sync;
  signed char slot_of[FOLD_MAX_FIELDS]; /* by enum field: its slot, or -1 */
} fold_call;

const fold_call *fold_call_of(int op);
int fold_field_is_list(int f);
int fold_field_is_peer(int f);
int fold_field_is_name(int f);
int fold_field_is_comm(int f); /* holds communicator ids (comm, newcomm, pcomm) */
const char *fold_field_key(int f);
const char *fold_op_name(int op);
int fold_op_count(void);
const char *fold_symbol_text(int64_t v); /* NULL: not a symbol */

typedef struct {
  int64_t id;
  int64_t *members, *remote;
  int nmembers, nremote;
  int64_t me, n; /* the rank's index in members (-1: none), and how many its peers are among */
} fold_comm;

/* One event as the reader hands it to the compressor: values by slot (V_UNSET absent), lists by
 * slot (present or not). */
typedef struct {
  int op;
  uint64_t site;
  uint64_t enter, exit;
  int64_t cpu; /* -1: not recorded */
  int64_t values[24];
  const int64_t *lists[24];
  int list_len[24];
  unsigned char list_present[24];
} fold_event;

/* ---- fold_rank.c: the rank's compressor ---------------------------------------------------------- */

typedef struct fold_rank fold_rank;
/* A rank's compressor, which gives up (fold_rank_error) once the fold holds more than max_bytes. */
fold_rank *fold_rank_new(int rank, int size, size_t max_bytes);
void fold_rank_comm(fold_rank *r, int64_t id, const int64_t *members, int nmembers,
                    const int64_t *remote, int nremote);
/* 0, or -1 with r's error set: the fold then stops (the stream stays whole). */
int fold_rank_event(fold_rank *r, const fold_event *e);
const char *fold_rank_error(const fold_rank *r);
int64_t fold_rank_events(const fold_rank *r);
/* Settles the tail and freezes the rank's compressed trace into `out`; 0, or -1 on an error. */
int fold_rank_finish(fold_rank *r, fold_trace *out);
fold_table *fold_rank_lists(fold_rank *r); /* the lists its trace names */
void fold_rank_free(fold_rank *r);

/* ---- fold_wire.c: a trace as bytes, to send it to the rank that merges it ------------------------ */

typedef struct {
  unsigned char *b;
  size_t n, cap;
} fold_bytes;

/* Names and lists go by content: the receiver interns them in its own tables. */
void fold_wire_put(fold_bytes *out, const fold_trace *t, const char *(*name)(int64_t),
                   const fold_table *lists);
/* 0, or -1 on bytes that are no trace. */
int fold_wire_get(const unsigned char *b, size_t n, fold_trace *t, int64_t (*intern)(const char *),
                  fold_table *lists);

/* ---- fold_blocks.c: shared blocks (org.benchgen.ir.format.SharedBlocks) ------------------------- */

/* A line of the body as the writer writes it (Item.java): a call with its times as the file holds
 * them (pooled where it stands for several places), a loop over items, or `use B n=K`. */
enum { FI_CALL, FI_REP, FI_USE };
struct fold_item;
typedef struct {
  struct fold_item **v;
  int n, cap;
} fold_items;

typedef struct fold_item {
  int kind;
  const inode *node; /* FI_CALL, FI_REP: the node whose line this is */
  int text;          /* FI_CALL, FI_REP: its line's text (an id of fold_shared.texts) */
  fold_stat *stats;  /* FI_CALL: its compute paths and call time, as written, pooled */
  int nstats;
  fold_hist duration;
  fold_items body;   /* FI_REP */
  int block;         /* FI_USE: the block, and how many times this place made its first call */
  int64_t calls;
} fold_item;

/* The texts of call and loop lines by which blocks tell nodes apart and count bytes
 * (CompressedTraceWriter.callText, loopText): ranks as at the top, no shorthands. malloc'd. */
typedef struct {
  void *ctx;
  char *(*call)(void *ctx, const inode *n, size_t *len);
  char *(*loop)(void *ctx, const inode *n, size_t *len);
} fold_lines;

typedef struct {
  fold_items top;      /* the body, with uses of the blocks */
  fold_items **blocks; /* block k + 1 is blocks[k]; it uses only blocks before it */
  int nblocks;
  fold_table texts;
  fold_item **all; /* every item made, freed together */
  int nall, capall;
} fold_shared;

/* Whether blocks are looked for in t (SharedBlocks.looksFor: at most 5,000 nodes and 2^20
 * parameter entries). */
int fold_blocks_looks_for(const fold_trace *t);
/* t's body as items with blocks where sharing saves bytes, chosen as SharedBlocks.of chooses
 * them (the same blocks, times pooled to the same bits). Call only where looks_for says so. */
void fold_blocks(fold_shared *s, const fold_trace *t, const fold_lines *lines);
void fold_shared_free(fold_shared *s);
fold_item *fold_item_new(fold_shared *s, int kind); /* freed with s */
void fold_items_push(fold_items *b, fold_item *it);
/* fold_items.c: b[at .. at+len) replaced by one item; b[at] replaced by the items of r. */
void fold_items_replace(fold_items *b, int at, int len, fold_item *it);
void fold_items_splice(fold_items *b, int at, const fold_items *r);
void fold_shared_drop_blocks(fold_shared *s); /* no blocks: their lists freed */

/* ---- fold_pool.c: the times of shared blocks (AsWritten, SharedBlocks.pool) ---------------------- */

/* A call item's times: n's, as the file holds them (means and deviations at the digits written,
 * read back), so that pooling them gives the bits Java's pooling of the file's times gives. */
void fold_item_times(fold_item *it, const inode *n);
/* The m copies (sequences of len items of the same shapes, copies[i] the first of each) as one,
 * into out: counts summed, times pooled; -1 where the counts are not proportional to calls (each
 * copy's first call's count) or a compute path's rank classes differ between copies. */
int fold_pool(fold_shared *s, fold_item **const *copies, int m, int len, const int64_t *calls,
              fold_items *out);
void fold_stats_free(fold_stat *st, int n);
/* CallTime.merge's mean: Histogram.pool without sums of squares. */
double fold_pool_mean(int64_t na, double ma, int64_t nb, double mb);

/* ---- fold_text.c: the compressed format (CompressedTraceWriter) ---------------------------------- */

typedef struct {
  FILE *out;
  const char *(*name)(int64_t id); /* a name field's text */
  const fold_table *lists;         /* interned lists: id -> values */
  int has_above;                   /* the site of the call line above (after=^), once there is one */
  uint64_t above;
  int above_npeers;                /* its peer fields (dest=^src): keys and texts, in field order */
  int above_field[3];
  char *above_text[3];
  int64_t *comm_number;            /* pairs (tracer's id, number) by id, where numbered (CommNumbers) */
  int ncomms;
  ranklist world;                  /* the top level's ranks, while a trace is written */
  const char *sites;               /* its site lines (site_lines.c), after the comm lines; or NULL */
} fold_text;

void fold_text_write(fold_text *t, const fold_trace *tr);
/* A name as the format writes it (Names.encode), the characters of `also` escaped too. */
void fold_name_write(FILE *o, const char *s, const char *also);
/* A value sequence as a parameter writes it (ValueText.seq): `field` says how its values read
 * (-1: integers and symbols), `relative` gives peers their sign. */
void fold_text_values(fold_text *t, int field, const vseq *s, int relative);
/* A histogram's real numbers as the format writes them (Decimals): a mean to 6 significant digits
 * within [min, max], a standard deviation to 3; no exponent. */
void fold_mean_text(char *buf, size_t cap, double mean, int64_t min, int64_t max);
void fold_sd_text(char *buf, size_t cap, double sd);

#pragma GCC visibility pop

#endif
