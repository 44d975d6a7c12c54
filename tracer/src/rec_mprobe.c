/* benchgen tracer: matched probes. MPI_Mprobe and MPI_Improbe match a message as a receive would
 * (they are recorded as probes that found it); MPI_Mrecv and MPI_Imrecv take a matched message by
 * its handle, which the trace names by its age among the messages probed and not received yet (0:
 * the newest), with the size its probe found. */
#include "core.h"

typedef struct {
  MPI_Message msg;
  int64_t bytes;
  int thread; /* the recording thread that probed it */
} pending;

/* Messages matched and not received, in probe order (shared, under the recording lock). */
static pending *g_msgs;
static int g_nmsgs, g_capmsgs;

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
  g_msgs[g_nmsgs].msg = msg;
  g_msgs[g_nmsgs].bytes = st ? status_bytes(st) : 0;
  g_msgs[g_nmsgs].thread = recording_thread();
  g_nmsgs++;
}

void bgt_rec_mrecv(bgt_call *c, int op, MPI_Count count, MPI_Datatype type, MPI_Message msg,
                   MPI_Request req) {
  RECORDING(c);
  /* The handle is looked up once the receive has returned, and MPI may have given it to another
   * thread's probe meanwhile (Open MPI and MPICH reuse a freed message's handle at once), whose
   * receive may be recorded first: of equal handles, the calling thread's own oldest goes first,
   * as a thread mostly receives what it probed (req_claim does the same for requests); else the
   * oldest (MPI_MESSAGE_NO_PROC, all equal). */
  int at = -1, me = recording_thread();
  for (int i = 0; i < g_nmsgs; i++) {
    if (g_msgs[i].msg != msg) continue;
    if (g_msgs[i].thread == me) { at = i; break; }
    if (at < 0) at = i;
  }
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
