/* benchgen tracer: the interface between the wrappers (generated from the signature table, and
 * wrap_c_special.c, wrap_f_special.c) and the recording core (the other files; their shared
 * internals are in core.h).
 *
 * Every wrapper does: bgt_enter (guard, call site, enter time) -> [what the core must see before
 * the call] -> the PMPI call -> one bgt_rec_* helper (which decides what the trace format records
 * for that call) -> bgt_leave. The semantics of each call family live once in the core
 * (rec_p2p.c, rec_completion.c, rec_coll.c, rec_comm.c), so the C and Fortran bindings cannot
 * disagree. Every function of the core that a wrapper calls takes the wrapper's bgt_call first
 * (but bgt_abort, which records nothing); the signature table leaves it out. */
#ifndef BGT_H
#define BGT_H

#include <mpi.h>
#include <stdint.h>

#include "vocabulary.h" /* enum bgt_op: BGT_SEND, ... */

/* Thread-local state of the tracer: initial-exec, a load relative to the thread pointer, where the
 * default model of a shared library calls __tls_get_addr at every use (300 instructions more per
 * MPI_Wait). Fine for a library loaded with the program (LD_PRELOAD, or linked). */
#define BGT_TLS __thread __attribute__((tls_model("initial-exec")))

/* One wrapped call in progress. `on` is 0 when the call is nested inside another wrapped call (an
 * MPI library calling MPI_ from its own Fortran layer) or tracing is off: such calls are not recorded. */
typedef struct {
  int on;
  int locked; /* holds the recording lock (MPI_THREAD_MULTIPLE), which bgt_leave releases */
  void *ret; /* the wrapper's return address: its call site */
  uint64_t enter;
  uint64_t cpu; /* the thread's CPU time at enter (BENCHGEN_TRACE_CPU=1 only) */
  int large; /* made in MPI-4's large-count form (MPI_Send_c, ...): recorded as `large=1` */
} bgt_call;

/* Arguments of a collective as the application passed them (C handles; Fortran sentinels already
 * mapped to MPI_IN_PLACE). Unused members stay zero / NULL. The large-count forms pass their count
 * arrays as counts_c and rcounts_c (MPI_Count), the others as counts and rcounts. */
typedef struct {
  MPI_Comm comm;
  int root;
  const void *sbuf, *rbuf;
  MPI_Count count;
  MPI_Datatype type;
  MPI_Count rcount;
  MPI_Datatype rtype;
  const int *counts, *rcounts;
  const MPI_Count *counts_c, *rcounts_c;
  const MPI_Datatype *types, *rtypes; /* one per peer: MPI_Alltoallw's */
  MPI_Op op;
} bgt_coll;

void bgt_enter(bgt_call *c, void *ret_addr);
void bgt_leave(bgt_call *c);
/* The first and last statements of a recording wrapper (c_ is its call). Macros, because the return
 * address that names the call site must be the wrapper's own. */
#define ENTER bgt_call c_; bgt_enter(&c_, __builtin_return_address(0))
#define LEAVE bgt_leave(&c_)

/* What the trace format cannot express yet. The rank's stream says so (a `# unsupported` line where
 * it was found and again at its end), and benchgen refuses the stream, naming the rank and what. */
enum bgt_unsupported {
  U_SPAWN, U_GREQUEST, U_MPROBE, U_UNTRACED_REQUEST, U_RMA, U_COUNT
};
/* The calling wrapper found `what` (c: its call, recorded or not). */
void bgt_unsupported(bgt_call *c, int what);

/* Lifecycle. `required` and `provided` are MPI_Init_thread's thread levels (-1: MPI_Init). */
void bgt_after_init(bgt_call *c, int required, int provided);
void bgt_before_finalize(bgt_call *c);
void bgt_after_finalize(bgt_call *c);
void bgt_abort(void);

/* Point to point. `req` is the created request (or MPI_REQUEST_NULL); `persistent` for *_init. */
void bgt_rec_send(bgt_call *c, int op, MPI_Count count, MPI_Datatype type, int dest, int tag,
                  MPI_Comm comm);
void bgt_rec_isend(bgt_call *c, int op, MPI_Count count, MPI_Datatype type, int dest, int tag,
                   MPI_Comm comm, MPI_Request req);
void bgt_rec_recv(bgt_call *c, MPI_Count count, MPI_Datatype type, int src, int tag, MPI_Comm comm,
                  const MPI_Status *st);
void bgt_rec_irecv(bgt_call *c, int op, MPI_Count count, MPI_Datatype type, int src, int tag,
                   MPI_Comm comm, MPI_Request req);
void bgt_rec_sendrecv(bgt_call *c, MPI_Count count, MPI_Datatype type, int dest, int tag,
                      MPI_Count rcount, MPI_Datatype rtype, int src, int rtag, MPI_Comm comm,
                      const MPI_Status *st);
void bgt_rec_sendrecv_replace(bgt_call *c, MPI_Count count, MPI_Datatype type, int dest, int tag,
                              int src, int rtag, MPI_Comm comm, const MPI_Status *st);
void bgt_rec_probe(bgt_call *c, int op, int src, int tag, MPI_Comm comm, int flag, const MPI_Status *st);

/* Completion and start calls: bgt_reqs_before maps the handles (before MPI overwrites them),
 * bgt_reqs_after records the event and retires what completed. `done` are indices into reqs of the
 * requests that completed (ndone < 0: all of them). `st` may be NULL (no statuses available). */
void bgt_reqs_before(bgt_call *c, int n, const MPI_Request *reqs);
void bgt_reqs_after(bgt_call *c, int op, int ndone, const int *done, const MPI_Status *st);
/* What a wait or test completed, from what it returned, once for both bindings (inline: the
 * library exports no more names). Wait and Waitall complete all (flag 1); Test and Testall all or
 * none, as their flag says. */
static inline void bgt_rec_wait(bgt_call *c, int op, int flag, const MPI_Status *st) {
  bgt_reqs_after(c, op, flag ? -1 : 0, 0, st);
}
/* Waitany (flag 1) and Testany: the request at index (0-based), none if MPI_UNDEFINED (all were
 * inactive) or the flag is 0. */
static inline void bgt_rec_waitany(bgt_call *c, int op, int flag, int index, const MPI_Status *st) {
  bgt_reqs_after(c, op, flag && index != MPI_UNDEFINED ? 1 : 0, &index, st);
}
/* Waitsome and Testsome: outcount requests, at indices (MPI_UNDEFINED: none, all were inactive). */
static inline void bgt_rec_waitsome(bgt_call *c, int op, int outcount, const int *indices,
                                    const MPI_Status *st) {
  bgt_reqs_after(c, op, outcount == MPI_UNDEFINED ? 0 : outcount, indices, st);
}
/* Startall/Start: records bytes of the requests started; `now` are their handles after the call
 * (which MPI may have changed). */
void bgt_rec_start(bgt_call *c, int op, const MPI_Request *now);
/* Request_free: records and forgets the request. */
void bgt_rec_request_free(bgt_call *c);
void bgt_rec_cancel(bgt_call *c);

/* Scratch statuses for callers that passed MPI_STATUS(ES)_IGNORE; valid until the next call. */
MPI_Status *bgt_statuses(int n);

/* Collectives; `req` is the created request of the I-forms (ignored for blocking ones). */
void bgt_rec_coll(bgt_call *c, int op, const bgt_coll *a, MPI_Request req);
/* How many peers a collective on comm receives from (in) and sends to (out): its neighbours in a
 * topology for a neighbourhood collective, else the (remote) group's size. */
void bgt_peers(MPI_Comm comm, int neighbourhood, int *in, int *out);

/* MPI-4's MPI_Isendrecv and MPI_Isendrecv_replace (op); rcount and rtype unused for the latter. */
void bgt_rec_isendrecv(bgt_call *c, int op, MPI_Count count, MPI_Datatype type, int dest, int tag,
                       MPI_Count rcount, MPI_Datatype rtype, int src, int rtag, MPI_Comm comm,
                       MPI_Request req);

/* Matched probes (rec_mprobe.c): a probe (BGT_MPROBE, BGT_IMPROBE) that matched message msg (flag
 * set); before a receive of a message, its handle msg (bgt_mrecv_before claims the message), and
 * the receive (BGT_MRECV, BGT_IMRECV with its request). */
void bgt_rec_mprobe(bgt_call *c, int op, int src, int tag, MPI_Comm comm, int flag, MPI_Message msg,
                    const MPI_Status *st);
void bgt_mrecv_before(bgt_call *c, MPI_Message msg);
void bgt_rec_mrecv(bgt_call *c, int op, MPI_Count count, MPI_Datatype type, MPI_Request req);

/* Local calls: MPI_Reduce_local; MPI_Buffer_attach and MPI_Buffer_detach (op) and the size. */
void bgt_rec_reduce_local(bgt_call *c, MPI_Count count, MPI_Datatype type, MPI_Op op);
void bgt_rec_buffer(bgt_call *c, int op, MPI_Count size);

/* Communicators. `newcomm` as returned by MPI (MPI_COMM_NULL when this rank got none). */
void bgt_rec_comm_split(bgt_call *c, MPI_Comm comm, int color, int key, MPI_Comm newcomm);
void bgt_rec_comm_new(bgt_call *c, int op, MPI_Comm comm, MPI_Comm newcomm);
/* MPI_Comm_idup and MPI_Comm_idup_with_info (op). */
void bgt_rec_comm_idup(bgt_call *c, int op, MPI_Comm comm, MPI_Comm newcomm, MPI_Request req);
void bgt_rec_comm_create(bgt_call *c, MPI_Comm comm, MPI_Group group, MPI_Comm newcomm);
void bgt_rec_comm_create_group(bgt_call *c, MPI_Comm comm, int tag, MPI_Comm newcomm);
/* MPI-4's MPI_Comm_create_from_group and MPI_Intercomm_create_from_groups. */
void bgt_rec_comm_from_group(bgt_call *c, const char *stringtag, MPI_Comm newcomm);
void bgt_rec_intercomm_from_groups(bgt_call *c, int leader, int rleader, const char *stringtag,
                                   MPI_Comm newcomm);
/* MPI_Intercomm_create: `peer` and `remote_leader` are read at the local leader only (MPI ignores
 * them elsewhere, where they may be anything). */
void bgt_rec_intercomm_create(bgt_call *c, MPI_Comm local, int local_leader, MPI_Comm peer,
                              int remote_leader, int tag, MPI_Comm newcomm);
void bgt_rec_graph_create(bgt_call *c, MPI_Comm comm, int nnodes, MPI_Comm newcomm);
void bgt_rec_intercomm_merge(bgt_call *c, MPI_Comm comm, int high, MPI_Comm newcomm);
void bgt_rec_cart_create(bgt_call *c, MPI_Comm comm, int ndims, const int *dims, const int *periods,
                         MPI_Comm newcomm);
/* Cart_sub: comm's dimensions are read from it. Logicals (periods, remain) are true where not 0:
 * Fortran's .true. is 1 for gfortran, -1 for ifort. */
void bgt_rec_cart_sub(bgt_call *c, MPI_Comm comm, const int *remain, MPI_Comm newcomm);
/* Comm_free: call bgt_comm_free_before before PMPI_Comm_free (which nulls the handle). */
void bgt_comm_free_before(bgt_call *c, MPI_Comm comm);
void bgt_rec_comm_free(bgt_call *c);

/* One-sided communication (rec_rma.c, issue 46): a window's creation (op; size and unit unused
 * for MPI_Win_create_dynamic) and freeing (the handle named before the call, which nulls it), its
 * synchronisation, and its operations (bgt_rec_rma: rtype MPI_DATATYPE_NULL where there is no
 * result buffer, ttype where the target's is the origin's single element, rop MPI_OP_NULL where
 * there is no reduction, req MPI_REQUEST_NULL where no request is made). */
void bgt_rec_win_create(bgt_call *c, int op, MPI_Aint size, MPI_Aint unit, MPI_Comm comm, MPI_Win win);
void bgt_win_free_before(bgt_call *c, MPI_Win win);
void bgt_rec_win_free(bgt_call *c);
void bgt_rec_win(bgt_call *c, int op, MPI_Win win);
void bgt_rec_win_target(bgt_call *c, int op, int target, MPI_Win win);
void bgt_rec_win_lock(bgt_call *c, int lock_type, int target, MPI_Win win);
void bgt_rec_win_test(bgt_call *c, MPI_Win win, int flag);
void bgt_rec_win_group(bgt_call *c, int op, MPI_Group group, MPI_Win win);
void bgt_rec_win_attach(bgt_call *c, MPI_Win win, MPI_Aint size);
void bgt_rec_rma(bgt_call *c, int op, MPI_Count count, MPI_Datatype type, MPI_Count rcount,
                 MPI_Datatype rtype, int target, MPI_Aint tdisp, MPI_Count tcount, MPI_Datatype ttype,
                 MPI_Op rop, MPI_Win win, MPI_Request req);

/* MPI-IO (rec_file.c). `at`: an explicit offset in etypes, or -1 where the call has none; a status
 * NULL where none is available. MPI_File_close: call bgt_file_close_before before PMPI_File_close
 * (which nulls the handle). */
void bgt_rec_file_open(bgt_call *c, MPI_Comm comm, const char *name, int amode, MPI_File fh);
void bgt_file_close_before(bgt_call *c, MPI_File fh);
void bgt_rec_file_close(bgt_call *c);
void bgt_rec_file_delete(bgt_call *c, const char *name);
void bgt_rec_file_size(bgt_call *c, int op, MPI_File fh, MPI_Offset size);
void bgt_rec_file_set_view(bgt_call *c, MPI_File fh, MPI_Offset disp, MPI_Datatype etype,
                           MPI_Datatype filetype);
void bgt_rec_file(bgt_call *c, int op, MPI_File fh);
void bgt_rec_file_seek(bgt_call *c, int op, MPI_File fh, MPI_Offset offset, int whence);
void bgt_rec_file_rw(bgt_call *c, int op, MPI_File fh, MPI_Offset at, MPI_Count count,
                     MPI_Datatype type, const MPI_Status *st);
void bgt_rec_file_irw(bgt_call *c, int op, MPI_File fh, MPI_Offset at, MPI_Count count,
                      MPI_Datatype type, MPI_Request req);
void bgt_rec_file_begin(bgt_call *c, int op, MPI_File fh, MPI_Offset at, MPI_Count count,
                        MPI_Datatype type);
void bgt_rec_file_end(bgt_call *c, int op, MPI_File fh, const MPI_Status *st);

#endif
