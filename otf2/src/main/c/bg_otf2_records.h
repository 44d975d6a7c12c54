/*
 * Shared by the files of bg-otf2-read that write the rank files (bg_otf2_read.c: the format,
 * the point-to-point and collective records, main; bg_otf2_read_rma_io.c: the one-sided and
 * MPI-IO records): the record kinds and the buffered output.
 */
#ifndef BG_OTF2_RECORDS_H
#define BG_OTF2_RECORDS_H

#include "bg_otf2.h"

/* The record kinds of a rank file (org.benchgen.otf2.BridgeRecords, RmaRecord, IoRecord). */
enum {
  KIND_ENTER = 1, KIND_LEAVE, KIND_SEND, KIND_ISEND, KIND_ISEND_DONE, KIND_IRECV_REQ, KIND_RECV,
  KIND_IRECV, KIND_REQ_TEST, KIND_REQ_CANCEL, KIND_COLL_BEGIN, KIND_COLL_END, KIND_NBC_REQ,
  KIND_NBC_DONE, KIND_COMM_CREATE, KIND_COMM_DESTROY, KIND_RMA_WIN_CREATE, KIND_RMA_WIN_DESTROY,
  KIND_RMA_COLL_BEGIN, KIND_RMA_COLL_END, KIND_RMA_GROUP_SYNC, KIND_RMA_REQUEST_LOCK,
  KIND_RMA_RELEASE_LOCK, KIND_RMA_SYNC, KIND_RMA_PUT, KIND_RMA_GET, KIND_RMA_ATOMIC,
  KIND_RMA_OP_COMPLETE_BLOCKING, KIND_RMA_OP_COMPLETE_NON_BLOCKING, KIND_RMA_OP_COMPLETE_REMOTE,
  KIND_IO_CREATE_HANDLE, KIND_IO_DESTROY_HANDLE, KIND_IO_SEEK, KIND_IO_DELETE_FILE,
  KIND_IO_OP_BEGIN, KIND_IO_OP_ISSUED, KIND_IO_OP_COMPLETE, KIND_IO_OP_TEST, KIND_RMA_OP_TEST
};

typedef struct {
  FILE *file;
  unsigned char *buf;
  size_t n;
  uint64_t last; /* the previous record's time */
} Out;

void out_byte(Out *o, unsigned char b);
void out_num(Out *o, uint64_t v);
void out_str(Out *o, const char *s);
/* A record of KIND at time T of location LOC begun: its kind and time written. */
Out *start(void *u, OTF2_LocationRef loc, int kind, OTF2_TimeStamp t);
OTF2_CallbackCode end(Out *o);

/* The events that carry one number after their time. */
#define ONE_NUMBER(fn, kind, type)                                                         \
  static OTF2_CallbackCode fn(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,             \
                              OTF2_AttributeList *a, type v) {                             \
    (void)a;                                                                               \
    Out *o = start(u, loc, kind, t);                                                       \
    out_num(o, v);                                                                         \
    return end(o);                                                                         \
  }

/* The one-sided and MPI-IO records' callbacks (bg_otf2_read_rma_io.c). */
void set_rma_callbacks(OTF2_GlobalEvtReaderCallbacks *cb);
void set_io_callbacks(OTF2_GlobalEvtReaderCallbacks *cb);

#endif
