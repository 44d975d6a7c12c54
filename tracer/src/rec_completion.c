/* benchgen tracer: what the format records for completion calls (Wait*, Test*), starts of
 * persistent requests and MPI_Request_free. The handles are mapped to request ids before the call,
 * since MPI overwrites those of the requests that complete; what completed is retired afterwards. */
#include "core.h"

#include <stdlib.h>

/* The requests named by the call in progress, as mapped before it. */
static req_entry **g_pend;
static int64_t *g_pend_ids;
static int g_npend, g_cappend;
static MPI_Status *g_scratch;
static int g_capscratch;

MPI_Status *bgt_statuses(int n) {
  if (n > g_capscratch) {
    g_capscratch = n < 64 ? 64 : n;
    g_scratch = realloc(g_scratch, (size_t) g_capscratch * sizeof *g_scratch);
    if (!g_scratch) die("out of memory for statuses");
  }
  return g_scratch;
}

void bgt_reqs_before(int n, const MPI_Request *reqs) {
  if (n > g_cappend) {
    g_cappend = n < 64 ? 64 : n;
    g_pend = realloc(g_pend, (size_t) g_cappend * sizeof *g_pend);
    g_pend_ids = realloc(g_pend_ids, (size_t) g_cappend * sizeof *g_pend_ids);
    if (!g_pend || !g_pend_ids) die("out of memory for requests");
  }
  req_new_claims();
  g_npend = n;
  for (int i = 0; i < n; i++) {
    g_pend[i] = req_claim(reqs[i]);
    /* A request the tracer did not see created (MPI-IO, say) is recorded like MPI_REQUEST_NULL. */
    g_pend_ids[i] = g_pend[i] ? g_pend[i]->id : V_NULL;
  }
}

void bgt_reqs_after(bgt_call *c, int op, int ndone, const int *done, const MPI_Status *st) {
  if (!c->on) return;
  if (op == BGT_WAIT && !g_pend[0]) return; /* Wait on MPI_REQUEST_NULL: a no-op, not recorded */
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
    if (i >= 0 && i < g_npend && g_pend[i]) dl[k++] = g_pend[i]->id;
  }
  if (op != BGT_WAIT && op != BGT_WAITALL) put_list64(F_DONE, dl, k);
  end_record();
  for (int j = 0; j < nd; j++) {
    int i = ndone < 0 ? j : done[j];
    if (i >= 0 && i < g_npend && g_pend[i]) {
      /* Waitany/Testany/Waitsome/Testsome statuses follow the completed index order */
      const MPI_Status *s = !st ? NULL : (op == BGT_WAITANY || op == BGT_TESTANY) ? st
                            : (op == BGT_WAITSOME || op == BGT_TESTSOME) ? &st[j] : &st[i];
      req_complete(g_pend[i], s);
    }
  }
  if (dl != ids) free(dl);
}

void bgt_rec_start(bgt_call *c, int op) {
  if (!c->on) return;
  int64_t sent = 0;
  int recvs = 0;
  for (int i = 0; i < g_npend; i++) {
    if (!g_pend[i]) continue;
    if (g_pend[i]->kind == R_SEND) sent += g_pend[i]->send_bytes;
    else if (g_pend[i]->kind == R_RECV) recvs++;
  }
  begin_event(c, op);
  if (op == BGT_START) put(F_REQ, g_pend_ids[0]);
  else put_list64(F_REQS, g_pend_ids, g_npend);
  uint64_t pos = put_at(F_BYTES, sent);
  end_record();
  if (recvs) {
    for (int i = 0; i < g_npend; i++) {
      if (g_pend[i] && g_pend[i]->kind == R_RECV) {
        g_pend[i]->rec = record_start();
        g_pend[i]->patch = pos;
      }
    }
  }
}

void bgt_rec_request_free(bgt_call *c) {
  if (!c->on || !g_pend[0]) return;
  begin_event(c, BGT_REQUEST_FREE);
  put(F_REQ, g_pend_ids[0]);
  end_record();
  req_remove(g_pend[0]);
}
