/*
 * bg-otf2-read's one-sided (RMA) and MPI-IO records, copied into the rank files as the other
 * records are (bg_otf2_read.c): each field as the library gives it, the Java side checks them.
 */
#include "bg_otf2_records.h"

/* ---- one-sided records (docs/otf2.md, "One-sided communication") ---- */

ONE_NUMBER(ev_rma_win_create, KIND_RMA_WIN_CREATE, OTF2_RmaWinRef)
ONE_NUMBER(ev_rma_win_destroy, KIND_RMA_WIN_DESTROY, OTF2_RmaWinRef)

static OTF2_CallbackCode ev_rma_coll_begin(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                           OTF2_AttributeList *a) {
  (void)a;
  return end(start(u, loc, KIND_RMA_COLL_BEGIN, t));
}

static OTF2_CallbackCode ev_rma_coll_end(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                         OTF2_AttributeList *a, OTF2_CollectiveOp op,
                                         OTF2_RmaSyncLevel level, OTF2_RmaWinRef win,
                                         uint32_t root, uint64_t sent, uint64_t received) {
  (void)a;
  Out *o = start(u, loc, KIND_RMA_COLL_END, t);
  if (op >= N_COLLECTIVE_OPS) {
    fprintf(stderr, "bg_otf2: unknown collective operation %d\n", op);
    return OTF2_CALLBACK_ERROR;
  }
  out_byte(o, (unsigned char)strlen(COLLECTIVE_OP[op]));
  out_str(o, COLLECTIVE_OP[op]);
  out_num(o, level);
  out_num(o, win);
  out_num(o, root);
  out_num(o, sent);
  out_num(o, received);
  return end(o);
}

static OTF2_CallbackCode ev_rma_group_sync(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                           OTF2_AttributeList *a, OTF2_RmaSyncLevel level,
                                           OTF2_RmaWinRef win, OTF2_GroupRef group) {
  (void)a;
  Out *o = start(u, loc, KIND_RMA_GROUP_SYNC, t);
  out_num(o, level);
  out_num(o, win);
  out_num(o, group);
  return end(o);
}

static OTF2_CallbackCode ev_rma_request_lock(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                             OTF2_AttributeList *a, OTF2_RmaWinRef win,
                                             uint32_t remote, uint64_t id, OTF2_LockType type) {
  (void)a;
  Out *o = start(u, loc, KIND_RMA_REQUEST_LOCK, t);
  out_num(o, win);
  out_num(o, remote);
  out_num(o, id);
  out_num(o, type);
  return end(o);
}

static OTF2_CallbackCode ev_rma_release_lock(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                             OTF2_AttributeList *a, OTF2_RmaWinRef win,
                                             uint32_t remote, uint64_t id) {
  (void)a;
  Out *o = start(u, loc, KIND_RMA_RELEASE_LOCK, t);
  out_num(o, win);
  out_num(o, remote);
  out_num(o, id);
  return end(o);
}

static OTF2_CallbackCode ev_rma_sync(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                     OTF2_AttributeList *a, OTF2_RmaWinRef win, uint32_t remote,
                                     OTF2_RmaSyncType type) {
  (void)a;
  Out *o = start(u, loc, KIND_RMA_SYNC, t);
  out_num(o, win);
  out_num(o, remote);
  out_num(o, type);
  return end(o);
}

/* RmaPut and RmaGet: window, target, bytes, matching id. */
#define RMA_TRANSFER(fn, kind)                                                              \
  static OTF2_CallbackCode fn(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,              \
                              OTF2_AttributeList *a, OTF2_RmaWinRef win, uint32_t remote,   \
                              uint64_t bytes, uint64_t id) {                                \
    (void)a;                                                                                \
    Out *o = start(u, loc, kind, t);                                                        \
    out_num(o, win);                                                                        \
    out_num(o, remote);                                                                     \
    out_num(o, bytes);                                                                      \
    out_num(o, id);                                                                         \
    return end(o);                                                                          \
  }
RMA_TRANSFER(ev_rma_put, KIND_RMA_PUT)
RMA_TRANSFER(ev_rma_get, KIND_RMA_GET)

static OTF2_CallbackCode ev_rma_atomic(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                       OTF2_AttributeList *a, OTF2_RmaWinRef win,
                                       uint32_t remote, OTF2_RmaAtomicType type, uint64_t sent,
                                       uint64_t received, uint64_t id) {
  (void)a;
  Out *o = start(u, loc, KIND_RMA_ATOMIC, t);
  out_num(o, win);
  out_num(o, remote);
  out_num(o, type);
  out_num(o, sent);
  out_num(o, received);
  out_num(o, id);
  return end(o);
}

/* Records of a reference (a window, an I/O handle) and a matching id: RMA completions and tests,
 * IoOperationIssued and IoOperationTest. */
#define REF_AND_ID(fn, kind, Ref)                                                           \
  static OTF2_CallbackCode fn(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,              \
                              OTF2_AttributeList *a, Ref ref, uint64_t id) {                \
    (void)a;                                                                                \
    Out *o = start(u, loc, kind, t);                                                        \
    out_num(o, ref);                                                                        \
    out_num(o, id);                                                                         \
    return end(o);                                                                          \
  }
REF_AND_ID(ev_rma_complete_blocking, KIND_RMA_OP_COMPLETE_BLOCKING, OTF2_RmaWinRef)
REF_AND_ID(ev_rma_complete_non_blocking, KIND_RMA_OP_COMPLETE_NON_BLOCKING, OTF2_RmaWinRef)
REF_AND_ID(ev_rma_complete_remote, KIND_RMA_OP_COMPLETE_REMOTE, OTF2_RmaWinRef)
REF_AND_ID(ev_rma_op_test, KIND_RMA_OP_TEST, OTF2_RmaWinRef)

void set_rma_callbacks(OTF2_GlobalEvtReaderCallbacks *cb) {
  OTF2_GlobalEvtReaderCallbacks_SetRmaWinCreateCallback(cb, ev_rma_win_create);
  OTF2_GlobalEvtReaderCallbacks_SetRmaWinDestroyCallback(cb, ev_rma_win_destroy);
  OTF2_GlobalEvtReaderCallbacks_SetRmaCollectiveBeginCallback(cb, ev_rma_coll_begin);
  OTF2_GlobalEvtReaderCallbacks_SetRmaCollectiveEndCallback(cb, ev_rma_coll_end);
  OTF2_GlobalEvtReaderCallbacks_SetRmaGroupSyncCallback(cb, ev_rma_group_sync);
  OTF2_GlobalEvtReaderCallbacks_SetRmaRequestLockCallback(cb, ev_rma_request_lock);
  OTF2_GlobalEvtReaderCallbacks_SetRmaReleaseLockCallback(cb, ev_rma_release_lock);
  OTF2_GlobalEvtReaderCallbacks_SetRmaSyncCallback(cb, ev_rma_sync);
  OTF2_GlobalEvtReaderCallbacks_SetRmaPutCallback(cb, ev_rma_put);
  OTF2_GlobalEvtReaderCallbacks_SetRmaGetCallback(cb, ev_rma_get);
  OTF2_GlobalEvtReaderCallbacks_SetRmaAtomicCallback(cb, ev_rma_atomic);
  OTF2_GlobalEvtReaderCallbacks_SetRmaOpCompleteBlockingCallback(cb, ev_rma_complete_blocking);
  OTF2_GlobalEvtReaderCallbacks_SetRmaOpCompleteNonBlockingCallback(cb,
                                                                 ev_rma_complete_non_blocking);
  OTF2_GlobalEvtReaderCallbacks_SetRmaOpCompleteRemoteCallback(cb, ev_rma_complete_remote);
  OTF2_GlobalEvtReaderCallbacks_SetRmaOpTestCallback(cb, ev_rma_op_test);
}

/* ---- MPI-IO records (docs/otf2.md, "MPI-IO"); other paradigms' handles come through as well,
   and the Java side keeps those of MPI-IO's handles only ---- */

ONE_NUMBER(ev_io_destroy_handle, KIND_IO_DESTROY_HANDLE, OTF2_IoHandleRef)

static OTF2_CallbackCode ev_io_create_handle(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                             OTF2_AttributeList *a, OTF2_IoHandleRef h,
                                             OTF2_IoAccessMode mode,
                                             OTF2_IoCreationFlag creation,
                                             OTF2_IoStatusFlag status) {
  (void)a;
  Out *o = start(u, loc, KIND_IO_CREATE_HANDLE, t);
  out_num(o, h);
  out_num(o, mode);
  out_num(o, creation);
  out_num(o, status);
  return end(o);
}

static OTF2_CallbackCode ev_io_seek(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                    OTF2_AttributeList *a, OTF2_IoHandleRef h, int64_t request,
                                    OTF2_IoSeekOption whence, uint64_t result) {
  (void)a;
  Out *o = start(u, loc, KIND_IO_SEEK, t);
  out_num(o, h);
  out_num(o, ((uint64_t)request << 1) ^ (0 - ((uint64_t)request >> 63))); /* zigzag */
  out_num(o, whence);
  out_num(o, result);
  return end(o);
}

static OTF2_CallbackCode ev_io_delete_file(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                           OTF2_AttributeList *a, OTF2_IoParadigmRef paradigm,
                                           OTF2_IoFileRef file) {
  (void)a;
  Out *o = start(u, loc, KIND_IO_DELETE_FILE, t);
  out_num(o, paradigm);
  out_num(o, file);
  return end(o);
}

static OTF2_CallbackCode ev_io_op_begin(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                        OTF2_AttributeList *a, OTF2_IoHandleRef h,
                                        OTF2_IoOperationMode mode, OTF2_IoOperationFlag flags,
                                        uint64_t bytes, uint64_t id) {
  (void)a;
  Out *o = start(u, loc, KIND_IO_OP_BEGIN, t);
  out_num(o, h);
  out_num(o, mode);
  out_num(o, flags);
  out_num(o, bytes);
  out_num(o, id);
  return end(o);
}

REF_AND_ID(ev_io_op_issued, KIND_IO_OP_ISSUED, OTF2_IoHandleRef)
REF_AND_ID(ev_io_op_test, KIND_IO_OP_TEST, OTF2_IoHandleRef)

static OTF2_CallbackCode ev_io_op_complete(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                           OTF2_AttributeList *a, OTF2_IoHandleRef h,
                                           uint64_t bytes, uint64_t id) {
  (void)a;
  Out *o = start(u, loc, KIND_IO_OP_COMPLETE, t);
  out_num(o, h);
  out_num(o, bytes);
  out_num(o, id);
  return end(o);
}

void set_io_callbacks(OTF2_GlobalEvtReaderCallbacks *cb) {
  OTF2_GlobalEvtReaderCallbacks_SetIoCreateHandleCallback(cb, ev_io_create_handle);
  OTF2_GlobalEvtReaderCallbacks_SetIoDestroyHandleCallback(cb, ev_io_destroy_handle);
  OTF2_GlobalEvtReaderCallbacks_SetIoSeekCallback(cb, ev_io_seek);
  OTF2_GlobalEvtReaderCallbacks_SetIoDeleteFileCallback(cb, ev_io_delete_file);
  OTF2_GlobalEvtReaderCallbacks_SetIoOperationBeginCallback(cb, ev_io_op_begin);
  OTF2_GlobalEvtReaderCallbacks_SetIoOperationIssuedCallback(cb, ev_io_op_issued);
  OTF2_GlobalEvtReaderCallbacks_SetIoOperationTestCallback(cb, ev_io_op_test);
  OTF2_GlobalEvtReaderCallbacks_SetIoOperationCompleteCallback(cb, ev_io_op_complete);
}
