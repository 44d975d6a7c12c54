/* benchgen tracer: matched probes. MPI_Mprobe and MPI_Improbe match a message as a receive would
 * (they are recorded as probes that found it); MPI_Mrecv and MPI_Imrecv take a matched message by
 * its handle, which the trace names by its age among the messages probed and not received yet (0:
 * the newest), with the size its probe found. */
#include "core.h"

typedef struct {
  MPI_Message msg;
  int64_t bytes;
  uint64_t seq;   /* the probe's number in the rank: names the message whatever MPI does with msg */
  int thread;     /* the recording thread that probed it */
  int claimed;    /* a receive in progress takes it (bgt_mrecv_before) */
} pending;

/* Messages matched and not received, in probe order (shared, under the recording lock). */
static pending *g_msgs;
static int g_nmsgs, g_capmsgs;
static uint64_t g_probes;

/* The probe whose message this thread's receive in progress takes (0: none the tracer saw). */
static BGT_TLS uint64_t g_taking;

void bgt_rec_mprobe(bgt_call *c, int op, int src, int tag, MPI_Comm comm, int flag, MPI_Message msg,
                    const MPI_Status *st) {
  bgt_rec_probe(c, op, src, tag, comm, flag, st);
  RECORDING(c);
  if (!flag) return;
  if (g_nmsgs == g_capmsgs) {
    g_capmsgs = g_capmsgs ? 2 * g_capmsgs : 16;
    g_msgs = realloc(g_msgs, (size_t) g_capmsgs * sizeof *g_msgs);
    if (!g_msgs) die("out of memory for matched messages");
  }
  g_msgs[g_nmsgs] = (pending) {msg, st ? status_bytes(st) : 0, ++g_probes, recording_thread(), 0};
  g_nmsgs++;
}

/* The message is claimed before the call, while its handle is still the program's: once MPI has
 * freed it, another thread's probe may get the same handle and its receive be recorded first
 * (Open MPI and MPICH reuse a freed handle at once), so a look-up after the call could name
 * another thread's message (MPICH's mt_mprobe tests were refused for that: BG104 "MPI_Mrecv on
 * thread 5 receives a message that MPI_Mprobe matched on thread 6"). Before the call, the
 * unclaimed messages with a handle are one, but for MPI_MESSAGE_NO_PROC, which every probe of
 * MPI_PROC_NULL returns: of those, the calling thread's oldest, as good as any. */
void bgt_mrecv_before(bgt_call *c, MPI_Message msg) {
  (void) c;
  record_lock();
  int at = -1, me = recording_thread();
  for (int i = 0; i < g_nmsgs; i++) {
    if (g_msgs[i].msg != msg || g_msgs[i].claimed) continue;
    if (g_msgs[i].thread == me) { at = i; break; }
    if (at < 0) at = i;
  }
  g_taking = at < 0 ? 0 : g_msgs[at].seq;
  if (at >= 0) g_msgs[at].claimed = 1;
  record_unlock();
}

void bgt_rec_mrecv(bgt_call *c, int op, MPI_Count count, MPI_Datatype type, MPI_Request req) {
  RECORDING(c);
  int at = -1;
  for (int i = 0; i < g_nmsgs && g_taking; i++)
    if (g_msgs[i].seq == g_taking) at = i;
  g_taking = 0;
  if (at < 0) { /* probed where the tracer did not see it: the benchmark would lack the message */
    bgt_unsupported(c, U_MPROBE);
    return;
  }
  req_entry *x = op == BGT_IMRECV ? req_add(req, R_RECV, 0, 0) : NULL;
  begin_event(c, op);
  put_type(F_COUNT, F_TYPE, F_TSIZE, count, type);
  put(F_BYTES, g_msgs[at].bytes);
  put(F_MSG, g_nmsgs - 1 - at);
  if (x) put(F_REQ, x->id);
  end_record();
  g_nmsgs--;
  for (int i = at; i < g_nmsgs; i++) g_msgs[i] = g_msgs[i + 1];
}
