/* benchgen tracer: the tracer's records into the rank's folding compressor (fold.h), when
 * BENCHGEN_TRACE_FOLD=1 asks for it: each record is folded as it is written out (complete, its
 * completions patched in), so the fold sees exactly the events of the text stream, in its order.
 * At the end the rank writes its compressed trace beside its stream, rank-R.fold. */
#define _GNU_SOURCE
#include "core.h"
#include "fold.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static fold_rank *g_fold;

void fold_records_start(int rank, int size) {
  const char *on = getenv("BENCHGEN_TRACE_FOLD");
  if (on && strcmp(on, "1") == 0) g_fold = fold_rank_new(rank, size);
}

static int slot_of(const fold_call *c, int f) {
  for (int i = 0; i < c->nf; i++)
    if (c->field[i] == f) return i;
  return -1;
}

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
    int f = (int) (h & 0xff), s = slot_of(c, f);
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

/* Writes dir/rank-R.fold, whole or not at all; nothing for a stream that is truncated or that the
 * fold could not follow (said on stderr). */
void fold_records_finish(const char *dir, int rank, int truncated) {
  if (!g_fold) return;
  const char *why = truncated ? "its stream is truncated" : fold_rank_error(g_fold);
  char path[4200], part[4300];
  snprintf(path, sizeof path, "%s/rank-%d.fold", dir, rank);
  snprintf(part, sizeof part, "%s.part", path);
  FILE *out = why ? NULL : fopen(part, "w");
  if (!why && !out) why = strerror(errno);
  if (out) {
    int bad = fold_rank_write(g_fold, out, name_text) < 0;
    bad |= fclose(out) != 0;
    if (bad || rename(part, path) != 0) {
      why = "it could not be written";
      remove(part);
    }
  }
  if (why) fprintf(stderr, "benchgen-trace: rank %d: no compressed trace: %s\n", rank, why);
  fold_rank_free(g_fold);
  g_fold = NULL;
}
