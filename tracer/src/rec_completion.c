/* benchgen tracer: what the format records for completion calls (Wait*, Test*), starts of
 * persistent requests and MPI_Request_free. The handles are mapped to request ids before the call,
 * since MPI overwrites those of the requests that complete; what completed is retired afterwards. */
#include "core.h"

#include <stdlib.h>

/* The requests named by this thread's call in progress, as mapped before it: entries by index,
 * since another thread's new request may move the table while this one is in MPI. */
static BGT_TLS int *g_pend;
static BGT_TLS int64_t *g_pend_ids;
static BGT_TLS int g_npend, g_cappend;
static BGT_TLS MPI_Status *g_scratch;
static BGT_TLS int g_capscratch;

/* The entry of the i-th request named, or NULL (MPI_REQUEST_NULL, or one not seen created). */
static req_entry *pend(int i) { return g_pend[i] < 0 ? NULL : req_at(g_pend[i]); }

/* The call has ended: the requests it named may be taken by the next call that names them. */
static void release_pending(void) {
  for (int i = 0; i < g_npend; i++)
    if (g_pend[i] >= 0) req_release(g_pend[i]);
}

MPI_Status *bgt_statuses(int n) {
  if (n > g_capscratch) {
    g_capscratch = n < 64 ? 64 : n;
    g_scratch = realloc(g_scratch, (size_t) g_capscratch * sizeof *g_scratch);
    if (!g_scratch) die("out of memory for statuses");
  }
  return g_scratch;
}

void bgt_reqs_before(bgt_call *c, int n, const MPI_Request *reqs) {
  if (n > g_cappend) {
    g_cappend = n < 64 ? 64 : n;
    g_pend = realloc(g_pend, (size_t) g_cappend * sizeof *g_pend);
    g_pend_ids = realloc(g_pend_ids, (size_t) g_cappend * sizeof *g_pend_ids);
    if (!g_pend || !g_pend_ids) die("out of memory for requests");
  }
  record_lock();
  g_npend = n;
  for (int i = 0; i < n; i++) {
    int e = req_claim(reqs[i]);
    /* -2: a request the tracer did not see created (not MPI_REQUEST_NULL). */
    g_pend[i] = e >= 0 || reqs[i] == MPI_REQUEST_NULL ? e : -2;
    /* A request the tracer did not see created (MPI-IO, say) is recorded like MPI_REQUEST_NULL. */
    g_pend_ids[i] = g_pend[i] >= 0 ? req_at(g_pend[i])->id : V_NULL;
  }
  record_unlock();
}

void bgt_reqs_after(bgt_call *c, int op, int ndone, const int *done, const MPI_Status *st) {
  RECORDING(c);
  if (op == BGT_WAIT && g_pend[0] < 0) return; /* Wait on MPI_REQUEST_NULL: a no-op, not recorded */
  begin_event(c, op);
  if (op == BGT_WAIT) put(F_REQ, g_pend_ids[0]);
  else put_list64(F_REQS, g_pend_ids, g_npend);
  int64_t ids[64], *dl = ids;
  ids[0] = 0;
  int nd = ndone < 0 ? g_npend : ndone;
  if (nd > 64 && !(dl = malloc((size_t) nd * sizeof *dl))) die("out of memory");
  int k = 0;
  for (int j = 0; j < nd; j++) {
    int i = ndone < 0 ? j : done[j];
    if (i >= 0 && i < g_npend && g_pend[i] >= 0) dl[k++] = g_pend_ids[i];
  }
  if (op != BGT_WAIT && op != BGT_WAITALL) put_list64(F_DONE, dl, k);
  end_record();
  for (int j = 0; j < nd; j++) {
    int i = ndone < 0 ? j : done[j];
    if (i >= 0 && i < g_npend && g_pend[i] >= 0) {
      /* Waitany/Testany/Waitsome/Testsome statuses follow the completed index order */
      const MPI_Status *s = !st ? NULL : (op == BGT_WAITANY || op == BGT_TESTANY) ? st
                            : (op == BGT_WAITSOME || op == BGT_TESTSOME) ? &st[j] : &st[i];
      req_complete(pend(i), s);
    }
  }
  release_pending();
  if (dl != ids) free(dl);
}

void bgt_rec_start(bgt_call *c, int op, const MPI_Request *now) {
  RECORDING(c);
  for (int i = 0; i < g_npend; i++) {
    if (g_pend[i] == -2) {
      /* A Start names its requests: one made by a call not recorded (MPI_Psend_init, Open MPI
       * 4.1's Fortran MPIX_ persistent collectives) cannot be written, and the stream is
       * refused instead. */
      release_pending();
      bgt_unsupported(c, U_UNTRACED_REQUEST);
      return;
    }
  }
  int64_t sent = 0;
  int recvs = 0;
  for (int i = 0; i < g_npend; i++) {
    req_entry *x = pend(i);
    if (!x) continue;
    if (x->kind == R_SEND) sent += x->send_bytes;
    else if (x->kind == R_RECV) recvs++;
  }
  begin_event(c, op);
  if (op == BGT_START) put(F_REQ, g_pend_ids[0]);
  else put_list64(F_REQS, g_pend_ids, g_npend);
  uint64_t pos = put_at(F_BYTES, sent);
  end_record();
  if (recvs) {
    for (int i = 0; i < g_npend; i++) {
      req_entry *x = pend(i);
      if (x && x->kind == R_RECV) {
        x->rec = record_start();
        x->patch = pos;
      }
    }
  }
  for (int i = 0; i < g_npend; i++)
    if (g_pend[i] >= 0) req_rekey(g_pend[i], now[i]);
  release_pending();
}

/* Whether it was cancelled is known when its request completes: the record leaves room for it. */
void bgt_rec_cancel(bgt_call *c) {
  RECORDING(c);
  if (g_pend[0] < 0) return;
  req_entry *x = pend(0);
  begin_event(c, BGT_CANCEL);
  put(F_REQ, g_pend_ids[0]);
  x->crec = record_start();
  x->cpatch = put_patchable(F_CANCEL); /* MPI_Test_cancelled's flag */
  end_record();
  release_pending();
}

void bgt_rec_request_free(bgt_call *c) {
  RECORDING(c);
  if (g_pend[0] < 0) return;
  begin_event(c, BGT_REQUEST_FREE);
  put(F_REQ, g_pend_ids[0]);
  end_record();
  req_remove(pend(0));
  release_pending();
}
