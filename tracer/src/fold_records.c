/* benchgen tracer: the tracer's records into the rank's folding compressor (fold.h), when
 * BENCHGEN_TRACE_FOLD=1 asks for it: each record is folded as it is written out (complete, its
 * completions patched in), so the fold sees exactly the events of the text stream, in its order.
 * In MPI_Finalize the ranks merge their traces (fold_tree.c, which this file gives MPI to move
 * them); after PMPI_Finalize rank 0 writes trace.bgc. The only fold file that knows the tracer or
 * MPI. */
#define _GNU_SOURCE
#include "core.h"
#include "fold_tree.h"
#include "site_lines.h"

#include <sys/resource.h>
#include <stdio.h>
#include <string.h>

/* The rank's part in the merge (fold_tree.c): its compressor, then its trace or its problems. */
static fold_part g_part;
static int g_started, g_size;

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
  g_part.rank = rank;
  g_part.fold = fold_rank_new(rank, size, g_max_bytes);
  g_part.max_bytes = g_max_bytes;
  g_started = 1;
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
    int f = (int) (h & 0xff), s = f < FOLD_MAX_FIELDS ? c->slot_of[f] : -1;
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
  fold_rank_event(g_part.fold, &e);
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
  fold_rank_comm(g_part.fold, (int64_t) r[1], members, nm, remote, nr);
}

void fold_record(const uint64_t *r) {
  if (!g_part.fold) return;
  int kind = (int) (r[0] & 0xff), op = (int) ((r[0] >> 8) & 0xff);
  size_t n = (size_t) (r[0] >> 16);
  if (kind == K_EVENT || kind == K_EVENT_CPU) fold_event_record(r, kind, op, n);
  else if (kind == K_COMM) fold_comm_record(r, n);
}

/* What a rank whose run ended early had folded: its own compressed trace, named as truncated. */
static void write_folded_so_far(const char *dir) {
  fold_trace t;
  if (fold_rank_finish(g_part.fold, &t) < 0) return;
  char name[64], note[160];
  snprintf(name, sizeof name, "rank-%d.truncated.bgc", g_part.rank);
  snprintf(note, sizeof note, "# truncated: rank %d's run ended before MPI_Finalize; this is what"
           " it did until then\n", g_part.rank);
  fold_write_file(dir, name, &t, fold_rank_lists(g_part.fold), name_text, NULL, note);
  fold_trace_free(&t);
}

void fold_records_freeze(const char *why, const char *truncated_dir) {
  if (!g_part.fold || g_part.frozen) return;
  if (truncated_dir) write_folded_so_far(truncated_dir);
  fold_part_freeze(&g_part, why);
}

/* ---- the merge (fold_tree.c), its traces moved between ranks over MPI --------------------------- */

#define CHUNK (1 << 30)

/* fold_tree_io.send: `w` is the private duplicate of MPI_COMM_WORLD. */
static void send_bytes(void *w, int from, int to, uint64_t ok, const unsigned char *b, size_t n) {
  MPI_Comm c = *(MPI_Comm *) w;
  uint64_t head[2] = {ok, n};
  PMPI_Send(head, 2, MPI_UINT64_T, to, 0, c);
  for (size_t at = 0; at < n; at += CHUNK)
    PMPI_Send((void *) (b + at), (int) (n - at < CHUNK ? n - at : CHUNK), MPI_BYTE, to, 1, c);
}

static unsigned char *recv_bytes(void *w, int to, int from, uint64_t *ok, size_t *n) {
  MPI_Comm c = *(MPI_Comm *) w;
  uint64_t head[2];
  PMPI_Recv(head, 2, MPI_UINT64_T, from, 0, c, MPI_STATUS_IGNORE);
  *ok = head[0];
  *n = (size_t) head[1];
  unsigned char *b = fold_malloc(*n ? *n : 1);
  for (size_t at = 0; at < *n; at += CHUNK)
    PMPI_Recv(b + at, (int) (*n - at < CHUNK ? *n - at : CHUNK), MPI_BYTE, from, 1, c,
              MPI_STATUS_IGNORE);
  return b;
}

/* What the merge measured, for rank 0's summary line once the files are written. */
static int g_merged;
static int64_t g_most[4], g_all;
static double g_merge_s;

void fold_records_merge(void) {
  if (!g_started) return;
  if (!g_part.frozen && !g_part.nproblems)
    fold_part_problem(&g_part, "rank %d recorded nothing\n", g_part.rank);
  MPI_Comm w;
  PMPI_Comm_dup(MPI_COMM_WORLD, &w);
  uint64_t t0 = now_ns();
  fold_tree_io io = {&w, &g_part, g_part.rank, g_part.rank + 1, send_bytes, recv_bytes,
                     name_text, intern};
  fold_tree_merge(&io, 0, g_size);
  site_table_merge(&w, g_part.rank, g_size);
  /* What the fold cost: events summed, the most any rank spent folding and its peak memory. */
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  int64_t mine[4] = {(int64_t) g_flush_ns, (int64_t) ru.ru_maxrss, (int64_t) fold_peak_bytes(),
                     (int64_t) g_part.work_ns};
  int64_t events = g_part.fold ? fold_rank_events(g_part.fold) : 0;
  PMPI_Reduce(mine, g_most, 4, MPI_INT64_T, MPI_MAX, 0, w);
  PMPI_Reduce(&events, &g_all, 1, MPI_INT64_T, MPI_SUM, 0, w);
  g_merge_s = (double) (now_ns() - t0) / 1e9;
  PMPI_Comm_free(&w);
  g_merged = 1;
  /* Rank 0 keeps its part to write it after PMPI_Finalize (fold_records_write). */
  if (g_part.rank != 0) fold_part_free(&g_part);
}

void fold_records_write(const char *dir) {
  if (!g_merged || g_part.rank != 0) return;
  g_merged = 0;
  /* The write is rank 0's alone, and with the shared blocks (fold_blocks.c) and the sites'
   * places (site_lines.c: addr2line per module, here where no MPI is live) the last step of the
   * trace's making: said apart from the merge, so that its cost stays in sight. */
  uint64_t w0 = now_ns();
  char *sites = NULL, where[160] = "";
  if (g_part.frozen) {
    size_t len;
    const char *table = site_table_text(&len);
    int located = 0, total = 0;
    if (len) {
      sites = site_lines_of(table, len, &located, &total);
      snprintf(where, sizeof where, " (%d of %d call sites located in the source, in %.3f s)",
               located, total, (double) (now_ns() - w0) / 1e9);
    }
    site_table_write(dir);
  }
  fold_tree_write(&g_part, dir, "trace.bgc", name_text, sites);
  free(sites);
  fprintf(stderr, "benchgen-trace: %d ranks folded %lld events (a rank spent at most %.3f s"
          " writing its events out; its fold held at most %.2f MB, the process peaked at %.1f"
          " MB); merged in %.3f s (its own work: %.3f ms of CPU on rank 0, at most %.3f ms on a"
          " rank), written in %.3f s%s\n", g_size, (long long) g_all,
          (double) g_most[0] / 1e9, (double) g_most[2] / 1048576.0, (double) g_most[1] / 1024.0,
          g_merge_s, (double) g_part.work_ns / 1e6, (double) g_most[3] / 1e6,
          (double) (now_ns() - w0) / 1e9, where);
  fold_part_free(&g_part);
}
