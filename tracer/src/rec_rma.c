/* benchgen tracer: what the format records for one-sided communication (issue 46). A window is
 * named by its slot on this rank (`win`): the lowest that no live window holds, so that a window
 * made and freed in a loop keeps one number and its calls fold. Every window call also records
 * the communicator the window was made on (`comm`): its members are the window's group, and an
 * operation's target is a rank in it. */
#include "core.h"

typedef struct {
  uint64_t key; /* the handle's bits */
  int64_t comm; /* the id of the communicator it was made on */
  int used;
} win_entry;

static win_entry *g_wins; /* indexed by slot */
static int g_nwins;
static int64_t g_win_freeing = -1; /* slot of the MPI_Win_free in progress, -1: none known */
static int64_t g_win_freeing_comm;

static int64_t win_add(MPI_Win w, int64_t comm) {
  int s = 0;
  while (s < g_nwins && g_wins[s].used) s++;
  if (s == g_nwins) {
    win_entry *n = realloc(g_wins, sizeof *g_wins * (size_t) (g_nwins + 1));
    if (!n) die("out of memory for windows");
    g_wins = n;
    g_nwins++;
  }
  g_wins[s].key = KEY(w);
  g_wins[s].comm = comm;
  g_wins[s].used = 1;
  return s;
}

/* The slot of window w, -1 if no recorded call made it (then the rank's stream is refused). */
static int64_t win_slot(bgt_call *c, MPI_Win w) {
  uint64_t k = KEY(w);
  for (int s = 0; s < g_nwins; s++) {
    if (g_wins[s].used && g_wins[s].key == k) return s;
  }
  bgt_unsupported(c, U_RMA);
  return -1;
}

/* The event's first fields: the window's communicator and slot. 0 when the window is unknown. */
static int begin_win(bgt_call *c, int op, MPI_Win w) {
  int64_t s = win_slot(c, w);
  if (s < 0) return 0;
  begin_event(c, op);
  put(F_COMM, g_wins[s].comm);
  put(F_WIN, s);
  return 1;
}

void bgt_rec_win_create(bgt_call *c, int op, MPI_Aint size, MPI_Aint unit, MPI_Comm comm, MPI_Win win) {
  RECORDING(c);
  int64_t cid = comm_id(comm);
  int64_t s = win_add(win, cid);
  begin_event(c, op);
  put(F_COMM, cid);
  put(F_WIN, s);
  if (op != BGT_WIN_CREATE_DYNAMIC) {
    put(F_SIZE, (int64_t) size);
    put(F_UNIT, (int64_t) unit);
  }
  end_record();
}

void bgt_win_free_before(bgt_call *c, MPI_Win win) {
  if (!c->on) return;
  record_lock();
  uint64_t k = KEY(win);
  g_win_freeing = -1;
  for (int s = 0; s < g_nwins; s++) {
    if (g_wins[s].used && g_wins[s].key == k) {
      g_win_freeing = s;
      g_win_freeing_comm = g_wins[s].comm;
      g_wins[s].used = 0;
    }
  }
  record_unlock();
  if (g_win_freeing < 0) bgt_unsupported(c, U_RMA);
}

void bgt_rec_win_free(bgt_call *c) {
  RECORDING(c);
  if (g_win_freeing < 0) return;
  begin_event(c, BGT_WIN_FREE);
  put(F_COMM, g_win_freeing_comm);
  put(F_WIN, g_win_freeing);
  end_record();
  g_win_freeing = -1;
}

/* A synchronisation of the window alone (fence, lock_all, flush_all, sync, complete, wait, ...). */
void bgt_rec_win(bgt_call *c, int op, MPI_Win win) {
  RECORDING(c);
  if (!begin_win(c, op, win)) return;
  end_record();
}

/* One with a target rank (unlock, flush, flush_local). */
void bgt_rec_win_target(bgt_call *c, int op, int target, MPI_Win win) {
  RECORDING(c);
  if (!begin_win(c, op, win)) return;
  put(F_TARGET, peer_value(target));
  end_record();
}

void bgt_rec_win_lock(bgt_call *c, int lock_type, int target, MPI_Win win) {
  RECORDING(c);
  if (!begin_win(c, BGT_WIN_LOCK, win)) return;
  put(F_TARGET, peer_value(target));
  put(F_EXCL, lock_type == MPI_LOCK_EXCLUSIVE);
  end_record();
}

void bgt_rec_win_test(bgt_call *c, MPI_Win win, int flag) {
  RECORDING(c);
  if (!begin_win(c, BGT_WIN_TEST, win)) return;
  put(F_FLAG, flag != 0);
  end_record();
}

/* MPI_Win_post and MPI_Win_start (op): the group, as world ranks. */
void bgt_rec_win_group(bgt_call *c, int op, MPI_Group group, MPI_Win win) {
  RECORDING(c);
  const int64_t *ranks;
  int n = group_world(group, &ranks);
  if (!begin_win(c, op, win)) return;
  put_list64(F_GROUP, ranks, n);
  end_record();
}

void bgt_rec_win_attach(bgt_call *c, MPI_Win win, MPI_Aint size) {
  RECORDING(c);
  if (!begin_win(c, BGT_WIN_ATTACH, win)) return;
  put(F_SIZE, (int64_t) size);
  end_record();
}

/* A one-sided operation (op): the origin's count and datatype, the result's (rtype not
 * MPI_DATATYPE_NULL: MPI_Get_accumulate), the target's (ttype MPI_DATATYPE_NULL: one element of
 * the origin's, MPI_Fetch_and_op and MPI_Compare_and_swap, which record the origin's type alone),
 * the reduction (MPI_OP_NULL: none), and the request of the R- forms (MPI_REQUEST_NULL: none). */
void bgt_rec_rma(bgt_call *c, int op, MPI_Count count, MPI_Datatype type, MPI_Count rcount,
                 MPI_Datatype rtype, int target, MPI_Aint tdisp, MPI_Count tcount, MPI_Datatype ttype,
                 MPI_Op rop, MPI_Win win, MPI_Request req) {
  RECORDING(c);
  int single = op == BGT_FETCH_AND_OP || op == BGT_COMPARE_AND_SWAP;
  req_entry *x = req == MPI_REQUEST_NULL ? NULL : req_add(req, R_SEND, 0, 0);
  if (!begin_win(c, op, win)) return;
  put(F_TARGET, peer_value(target));
  put(F_TDISP, (int64_t) tdisp);
  if (single) {
    put_datatype(F_TYPE, F_TSIZE, type);
  } else {
    put_type(F_COUNT, F_TYPE, F_TSIZE, count, type);
    if (rtype != MPI_DATATYPE_NULL) put_type(F_RCOUNT, F_RTYPE, F_RTSIZE, rcount, rtype);
    put(F_TCOUNT, (int64_t) tcount);
    put_datatype_bare(F_TTYPE, F_TTSIZE, ttype);
  }
  if (op == BGT_ACCUMULATE || op == BGT_RACCUMULATE || op == BGT_GET_ACCUMULATE
      || op == BGT_RGET_ACCUMULATE || op == BGT_FETCH_AND_OP) {
    put(F_OP, op_name(rop));
  }
  if (x) put(F_REQ, x->id);
  end_record();
}
