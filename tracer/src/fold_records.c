/* benchgen tracer: the tracer's records into the rank's folding compressor (fold.h), when
 * BENCHGEN_TRACE_FOLD=1 asks for it: each record is folded as it is written out (complete, its
 * completions patched in), so the fold sees exactly the events of the text stream, in its order.
 * At the end the rank writes its compressed trace beside its stream, rank-R.fold. */
#define _GNU_SOURCE
#include "core.h"
#include "fold.h"

#include <errno.h>
#include <stdarg.h>
#include <sys/resource.h>
#include <stdio.h>
#include <string.h>

static fold_rank *g_fold;
static int g_started, g_rank, g_size;
static fold_trace g_trace; /* the rank's, once frozen */
static int g_frozen;
/* Why the ranks below this one in the merge have no trace: lines "rank R <why>", as `benchgen
 * trace` reports them (rank 0 writes them to trace.problems); empty while all have one. */
#define PROBLEMS_MAX (64 << 10)
static char *g_problems;
static size_t g_nproblems;

static void problem(const char *fmt, ...) {
  if (!g_problems) g_problems = fold_calloc(PROBLEMS_MAX + 1, 1);
  if (!g_problems || g_nproblems >= PROBLEMS_MAX - 1) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(g_problems + g_nproblems, PROBLEMS_MAX - g_nproblems, fmt, ap);
  va_end(ap);
  if (n > 0) g_nproblems += (size_t) n < PROBLEMS_MAX - g_nproblems ? (size_t) n : 0;
}

int fold_records_on(void) {
  const char *on = getenv("BENCHGEN_TRACE_FOLD");
  return on && strcmp(on, "1") == 0;
}

/* What the fold of a rank, and the merged trace at a rank, may hold in memory. */
static size_t g_max_bytes = (size_t) 1024 << 20;

void fold_records_start(int rank, int size) {
  if (!fold_records_on()) return;
  const char *mb = getenv("BENCHGEN_TRACE_FOLD_MAX_MB");
  if (mb && atol(mb) > 0) g_max_bytes = (size_t) atol(mb) << 20;
  g_fold = fold_rank_new(rank, size, g_max_bytes);
  g_started = 1;
  g_rank = rank;
  g_size = size;
}

int fold_records_started(void) { return g_started; }

static void fold_event_record(const uint64_t *r, int kind, int op, size_t n) {
  fold_event e;
  const fold_call *c = fold_call_of(op);
  memset(&e, 0, sizeof e);
  e.op = op;
  e.site = r[1] & 0xffffffffffffULL; /* the 12 hex digits the stream writes */
  e.enter = r[2];
  e.exit = r[3];
  e.cpu = kind == K_EVENT_CPU ? (int64_t) r[4] : -1;
  for (int i = 0; i < 24; i++) e.values[i] = V_UNSET;
  for (size_t i = kind == K_EVENT_CPU ? 5 : 4; i < n;) {
    uint64_t h = r[i++];
    int f = (int) (h & 0xff), s = f < 64 ? c->slot_of[f] : -1;
    size_t cnt = (size_t) ((h >> 8) & 0xffffffffULL);
    if (s >= 0 && (h >> 40)) {
      e.lists[s] = (const int64_t *) (r + i);
      e.list_len[s] = (int) cnt;
      e.list_present[s] = 1;
    } else if (s >= 0) {
      e.values[s] = (int64_t) r[i];
    }
    i += cnt;
  }
  fold_rank_event(g_fold, &e);
}

static void fold_comm_record(const uint64_t *r, size_t n) {
  const int64_t *members = NULL, *remote = NULL;
  int nm = 0, nr = 0;
  for (size_t i = 2; i < n;) {
    uint64_t h = r[i++];
    int f = (int) (h & 0xff);
    size_t cnt = (size_t) ((h >> 8) & 0xffffffffULL);
    if (f == F_MEMBERS) members = (const int64_t *) (r + i), nm = (int) cnt;
    if (f == F_REMOTE) remote = (const int64_t *) (r + i), nr = (int) cnt;
    i += cnt;
  }
  fold_rank_comm(g_fold, (int64_t) r[1], members, nm, remote, nr);
}

void fold_record(const uint64_t *r) {
  if (!g_fold) return;
  int kind = (int) (r[0] & 0xff), op = (int) ((r[0] >> 8) & 0xff);
  size_t n = (size_t) (r[0] >> 16);
  if (kind == K_EVENT || kind == K_EVENT_CPU) fold_event_record(r, kind, op, n);
  else if (kind == K_COMM) fold_comm_record(r, n);
}

/* Writes dir/name whole or not at all (through name.part): the trace t, if any, then the text. */
static void write_file(const char *dir, const char *name, const fold_trace *t, const char *text) {
  char path[4200], part[4300];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  snprintf(part, sizeof part, "%s.part", path);
  FILE *out = fopen(part, "w");
  if (!out) {
    fprintf(stderr, "benchgen-trace: cannot write %s: %s\n", part, strerror(errno));
    return;
  }
  if (t) {
    fold_text x = {out, name_text, fold_rank_lists(g_fold), 0, 0, 0, {0}, {NULL}, NULL, 0};
    fold_text_write(&x, t);
  }
  if (text) fputs(text, out);
  int bad = ferror(out);
  bad |= fclose(out) != 0;
  if (bad || rename(part, path) != 0) {
    fprintf(stderr, "benchgen-trace: cannot write %s\n", path);
    remove(part);
  }
}

/* What a rank whose run ended early had folded: its own compressed trace, named as truncated. */
static void write_folded_so_far(const char *dir) {
  fold_trace t;
  if (fold_rank_finish(g_fold, &t) < 0) return;
  char name[64], note[160];
  snprintf(name, sizeof name, "rank-%d.truncated.bgc", g_rank);
  snprintf(note, sizeof note, "# truncated: rank %d's run ended before MPI_Finalize; this is what"
           " it did until then\n", g_rank);
  write_file(dir, name, &t, note);
  fold_trace_free(&t);
}

void fold_records_freeze(const char *why, const char *truncated_dir) {
  if (!g_fold || g_frozen) return;
  if (truncated_dir) write_folded_so_far(truncated_dir);
  if (!why && fold_rank_finish(g_fold, &g_trace) == 0) g_frozen = 1;
  else if (why) problem("rank %d %s\n", g_rank, why);
  else problem("rank %d could not be compressed: %s\n", g_rank, fold_rank_error(g_fold));
}

/* ---- the merge: a binary tree over the ranks, as TraceCompressor splits them --------------------- */

#define CHUNK (1 << 30)

static void send_bytes(MPI_Comm w, int to, uint64_t status, const unsigned char *b, size_t n) {
  uint64_t head[2] = {status, n};
  PMPI_Send(head, 2, MPI_UINT64_T, to, 0, w);
  for (size_t at = 0; at < n; at += CHUNK)
    PMPI_Send((void *) (b + at), (int) (n - at < CHUNK ? n - at : CHUNK), MPI_BYTE, to, 1, w);
}

static unsigned char *recv_bytes(MPI_Comm w, int from, uint64_t *status, size_t *n) {
  uint64_t head[2];
  PMPI_Recv(head, 2, MPI_UINT64_T, from, 0, w, MPI_STATUS_IGNORE);
  *status = head[0];
  *n = (size_t) head[1];
  unsigned char *b = fold_malloc(*n ? *n : 1);
  for (size_t at = 0; at < *n; at += CHUNK)
    PMPI_Recv(b + at, (int) (*n - at < CHUNK ? *n - at : CHUNK), MPI_BYTE, from, 1, w,
              MPI_STATUS_IGNORE);
  return b;
}

/* Ranks lo .. hi-1: the left half's first rank receives the right half's trace from the right
 * half's first rank and merges it after its own. Where a rank has no trace, the problems of all
 * go up instead, in rank order. */
static void collect(MPI_Comm w, int lo, int hi) {
  if (hi - lo == 1) return;
  int mid = (int) (((unsigned) lo + (unsigned) hi) >> 1);
  if (g_rank < mid) {
    collect(w, lo, mid);
    if (g_rank != lo) return;
    uint64_t ok;
    size_t n;
    unsigned char *b = recv_bytes(w, mid, &ok, &n);
    if (!ok) {
      problem("%.*s", (int) n, (const char *) b);
    } else if (g_frozen) {
      fold_trace t;
      char why[512];
      if (fold_wire_get(b, n, &t, intern, fold_rank_lists(g_fold)) < 0)
        problem("rank %d: the trace of ranks %d..%d arrived damaged\n", g_rank, mid, hi - 1);
      else if (fold_merge(&g_trace, &t, why, sizeof why) < 0)
        problem("ranks %d..%d could not be merged: %s\n", lo, hi - 1, why);
      else if (fold_live_bytes() > g_max_bytes)
        problem("ranks %d..%d: their merged trace took more than BENCHGEN_TRACE_FOLD_MAX_MB=%zu"
                " MB (trace with --raw and compress after the run)\n", lo, hi - 1,
                g_max_bytes >> 20);
    }
    if (g_nproblems && g_frozen) {
      fold_trace_free(&g_trace);
      g_frozen = 0;
    }
    fold_free(b);
  } else {
    collect(w, mid, hi);
    if (g_rank != mid) return;
    if (g_frozen) {
      fold_bytes out = {0};
      fold_wire_put(&out, &g_trace, name_text, fold_rank_lists(g_fold));
      send_bytes(w, lo, 1, out.b, out.n);
      fold_free(out.b);
      fold_trace_free(&g_trace);
      g_frozen = 0;
    } else {
      send_bytes(w, lo, 0, (const unsigned char *) g_problems, g_nproblems);
    }
  }
}

/* Rank 0's report of the ranks that have no trace, for `benchgen trace`. */
static void write_problems(const char *dir) {
  write_file(dir, "trace.problems", NULL, g_problems);
  fprintf(stderr, "benchgen-trace: no compressed trace:\n%.*s", (int) g_nproblems, g_problems);
}

void fold_records_merge(const char *dir) {
  if (!g_started) return;
  if (!g_frozen && !g_nproblems) problem("rank %d recorded nothing\n", g_rank);
  MPI_Comm w;
  PMPI_Comm_dup(MPI_COMM_WORLD, &w);
  uint64_t t0 = now_ns();
  collect(w, 0, g_size);
  /* What the fold cost: events summed, the most any rank spent folding and its peak memory. */
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  int64_t mine[3] = {(int64_t) g_flush_ns, (int64_t) ru.ru_maxrss, (int64_t) fold_peak_bytes()};
  int64_t most[3] = {0, 0, 0};
  int64_t events = g_fold ? fold_rank_events(g_fold) : 0, all = 0;
  PMPI_Reduce(mine, most, 3, MPI_INT64_T, MPI_MAX, 0, w);
  PMPI_Reduce(&events, &all, 1, MPI_INT64_T, MPI_SUM, 0, w);
  double merge_s = (double) (now_ns() - t0) / 1e9;
  PMPI_Comm_free(&w);
  if (g_rank == 0) {
    if (g_frozen) write_file(dir, "trace.bgc", &g_trace, NULL);
    else write_problems(dir);
    fprintf(stderr, "benchgen-trace: %d ranks folded %lld events (a rank spent at most %.3f s"
            " writing its events out; its fold held at most %.2f MB, the process peaked at %.1f"
            " MB); merged in %.3f s\n", g_size, (long long) all, (double) most[0] / 1e9,
            (double) most[2] / 1048576.0, (double) most[1] / 1024.0, merge_s);
  }
  if (g_frozen) fold_trace_free(&g_trace);
  g_frozen = 0;
  fold_free(g_problems);
  g_problems = NULL;
  g_nproblems = 0;
  fold_rank_free(g_fold);
  g_fold = NULL;
}
