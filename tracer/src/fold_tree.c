/* benchgen tracer: the ranks' compressed traces merged over a binary tree, as TraceCompressor
 * splits the ranks, and the result written. Nothing here knows MPI: the tracer moves the traces
 * between ranks over MPI (fold_records.c), the test driver (tracer/test/fold_driver.c) through
 * memory in one process, and both merge and write with this one code, so that the driver checks
 * the order of the merges and the file the tracer writes, not a copy of them. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "fold_tree.h"
#include "fold_steps.h"
#include "errnames.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* What a rank keeps of its problems and those of the ranks it merged: lines "rank R <why>". */
#define PROBLEMS_MAX (64 << 10)

void fold_part_problem(fold_part *p, const char *fmt, ...) {
  if (!p->problems) p->problems = fold_calloc(PROBLEMS_MAX + 1, 1);
  if (!p->problems || p->nproblems >= PROBLEMS_MAX - 1) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(p->problems + p->nproblems, PROBLEMS_MAX - p->nproblems, fmt, ap);
  va_end(ap);
  if (n > 0) p->nproblems += (size_t) n < PROBLEMS_MAX - p->nproblems ? (size_t) n : 0;
}

void fold_part_freeze(fold_part *p, const char *why) {
  if (!why && fold_rank_finish(p->fold, &p->trace) == 0) p->frozen = 1;
  else if (why) fold_part_problem(p, "rank %d %s\n", p->rank, why);
  else fold_part_problem(p, "rank %d could not be compressed: %s\n", p->rank,
                         fold_rank_error(p->fold));
}

void fold_part_free(fold_part *p) {
  if (p->frozen) fold_trace_free(&p->trace);
  p->frozen = 0;
  fold_free(p->problems);
  p->problems = NULL;
  p->nproblems = 0;
  fold_rank_free(p->fold);
  p->fold = NULL;
}

/* This thread's CPU time: a step's own work is timed apart from its send and receive, which
 * wait for other ranks (and busy-poll under most MPIs), so that the merge's cost along the
 * tree can be read on a machine with fewer cores than ranks (docs/tracer.md). */
static uint64_t work_clock(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* Rank mid's side of a step: its trace (then gone from it), or the problems of its ranks. */
static void give(const fold_tree_io *io, fold_part *p, int lo) {
  if (p->frozen) {
    fold_bytes out = {0};
    uint64_t t0 = work_clock();
    fold_wire_put(&out, &p->trace, io->name, fold_rank_lists(p->fold));
    p->work_ns += work_clock() - t0;
    io->send(io->ctx, p->rank, lo, 1, out.b, out.n);
    fold_free(out.b);
    fold_trace_free(&p->trace);
    p->frozen = 0;
  } else {
    io->send(io->ctx, p->rank, lo, 0, (const unsigned char *) p->problems, p->nproblems);
  }
}

/* Rank lo's side: ranks mid .. hi-1 merged after its own, or their problems added to its own.
 * Where any rank has no trace, the problems of all go up instead, in rank order. */
static void take(const fold_tree_io *io, fold_part *p, int mid, int hi) {
  uint64_t ok;
  size_t n;
  unsigned char *b = io->recv(io->ctx, p->rank, mid, &ok, &n);
  uint64_t t0 = work_clock();
  if (!ok) {
    fold_part_problem(p, "%.*s", (int) n, (const char *) b);
  } else if (p->frozen) {
    fold_trace t;
    char why[512];
    if (fold_wire_get(b, n, &t, io->intern, fold_rank_lists(p->fold)) < 0)
      fold_part_problem(p, "rank %d: the trace of ranks %d..%d arrived damaged\n", p->rank, mid,
                        hi - 1);
    else if (fold_merge(&p->trace, &t, why, sizeof why) < 0)
      fold_part_problem(p, "ranks %d..%d could not be merged: %s\n", p->rank, hi - 1, why);
    else if (fold_live_bytes() > p->max_bytes)
      fold_part_problem(p, "ranks %d..%d: their merged trace took more than"
                        " BENCHGEN_TRACE_FOLD_MAX_MB=%zu MB (trace with --raw and compress after"
                        " the run)\n", p->rank, hi - 1, p->max_bytes >> 20);
  }
  if (p->nproblems && p->frozen) {
    fold_trace_free(&p->trace);
    p->frozen = 0;
  }
  fold_free(b);
  p->work_ns += work_clock() - t0;
}

void fold_tree_merge(const fold_tree_io *io, int lo, int hi) {
  /* A step involves ranks lo and mid only: a process skips the ranges that hold none of its own,
   * and each of its ranks takes its steps in the same order as in a job of one rank a process. */
  if (hi - lo <= 1 || hi <= io->first || lo >= io->last) return;
  int mid = (int) (((unsigned) lo + (unsigned) hi) >> 1);
  fold_tree_merge(io, lo, mid);
  fold_tree_merge(io, mid, hi);
  if (mid >= io->first && mid < io->last) give(io, &io->parts[mid - io->first], lo);
  if (lo >= io->first && lo < io->last) take(io, &io->parts[lo - io->first], mid, hi);
}

int fold_write_file(const char *dir, const char *name, const fold_trace *t,
                    const fold_table *lists, const char *(*names)(int64_t), const char *sites,
                    const char *text) {
  char path[4200], part[4300];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  snprintf(part, sizeof part, "%s.part", path);
  FILE *out = fopen(part, "w");
  if (!out) {
    fprintf(stderr, "benchgen-trace: cannot write %s: %s\n", part, strerror(errno));
    return -1;
  }
  if (t) {
    fold_text x = {.out = out, .name = names, .lists = lists, .sites = sites};
    fold_text_write(&x, t);
  }
  if (text) fputs(text, out);
  int bad = ferror(out);
  int err = bad ? errno : 0;
  if (fclose(out) != 0 && !bad) {
    bad = 1;
    err = errno;
  }
  if (!bad && rename(part, path) != 0) {
    bad = 1;
    err = errno;
  }
  if (bad) {
    /* Left under a name that says so and why (a rename takes no space on a full disk), never
     * under the final name: `benchgen trace` names the file and the cause. */
    char unwritten[4400];
    snprintf(unwritten, sizeof unwritten, "%s.unwritten-%s", path, bgt_errno_name(err ? err : EIO));
    if (rename(part, unwritten) != 0) remove(part);
    fprintf(stderr, "benchgen-trace: cannot write %s: %s\n", path, strerror(err ? err : EIO));
    return -1;
  }
  return 0;
}

int fold_tree_write(fold_part *p, const char *dir, const char *name,
                    const char *(*names)(int64_t), const char *sites) {
  if (p->frozen) {
    fold_choices(&p->trace);
    return fold_write_file(dir, name, &p->trace, fold_rank_lists(p->fold), names, sites, NULL);
  }
  fold_write_file(dir, "trace.problems", NULL, NULL, NULL, NULL, p->problems);
  fprintf(stderr, "benchgen-trace: no compressed trace:\n%.*s", (int) p->nproblems,
          p->problems ? p->problems : "");
  return -1;
}
