/*
 * bg-otf2-read ARCHIVE.otf2 OUTDIR: benchgen's OTF2 reader (docs/otf2.md, "The bridge") on libotf2
 * itself. It writes OUTDIR/defs (text lines) and OUTDIR/rank-R, R = the MPI rank, each rank's
 * records in a compact binary form (below). All meaning is given in Java
 * (org.benchgen.otf2.ImportDefs, BridgeRecords), which checks every field; this program only
 * copies records.
 *
 * It keeps the rules of the OTF2 library's Python bindings, which it replaced: definitions are
 * listed in the order the archive defines them; a missing name is "Region #REF" / "Comm #REF"; a
 * definition that names an undefined string, group, communicator or location, or repeats a
 * reference, stops the reading; a COMM_GROUP's ranks index the last COMM_LOCATIONS group of its
 * paradigm defined before it; an unknown collective operation stops the reading. A refusal is one
 * "bg_otf2: ..." line and exit code 1.
 *
 * This file: the rank files and main. bg_otf2_read_rma_io.c: the one-sided and MPI-IO records
 * (bg_otf2_records.h: the kinds). bg_otf2_defs.c: the definitions and OUTDIR/defs.
 * bg_otf2_common.c: refusals, paths, the reference map. Built by otf2/build.sh.
 */
#include <errno.h>

#include "bg_otf2_records.h"

/* Locations read per pass, as the Python bridge does: each keeps an output file open. */
#define BATCH 128
/* Events the library hands over per call of its reader, as in the Python bridge. */
#define READ_EVENTS 65536
#define OUT_BUFFER (64 * 1024)

/* ---- output: a buffered file per rank, records in the bridge's binary form ----
 *
 * A rank file starts with MAGIC; then each record is its kind (one byte, KIND_*), its time as the
 * zigzag-coded difference from the rank's previous time, and its fields, every number unsigned
 * LEB128 (7 bits a byte, low first). A collective operation is its name's length (a byte) and its
 * letters; an enter's attributes are a count and that many (key, value) pairs, key the index in
 * ATTRIBUTE_KEY. org.benchgen.otf2.BridgeRecords reads it and checks every field: numbers are
 * written as the library gives them, whatever they are. Text would cost a parse per line, which
 * was half of an import's time. */

#define MAGIC "bg-otf2-records 1\n"

static void out_flush(Out *o) {
  if (o->n > 0 && fwrite(o->buf, 1, o->n, o->file) != o->n) {
    fail("OSError: [Errno %d] %s", errno, strerror(errno));
  }
  o->n = 0;
}

/* Room for N more bytes. */
static void out_room(Out *o, size_t n) {
  if (o->n + n > OUT_BUFFER) {
    out_flush(o);
  }
}

void out_byte(Out *o, unsigned char b) {
  out_room(o, 1);
  o->buf[o->n++] = b;
}

void out_num(Out *o, uint64_t v) {
  out_room(o, 10);
  do {
    unsigned char b = (unsigned char)(v & 0x7f);
    v >>= 7;
    o->buf[o->n++] = v != 0 ? (unsigned char)(b | 0x80) : b;
  } while (v != 0);
}

void out_str(Out *o, const char *s) {
  size_t len = strlen(s);
  out_room(o, len);
  memcpy(o->buf + o->n, s, len);
  o->n += len;
}

static void out_close(Out *o) {
  out_flush(o);
  if (fclose(o->file) != 0) {
    fail("OSError: [Errno %d] %s", errno, strerror(errno));
  }
  free(o->buf);
}


/* ---- events ---- */


typedef struct {
  Map out_of;     /* location -> index in outs */
  Out *outs;
  Map key_of;     /* attribute -> index in ATTRIBUTE_KEY */
} Batch;

Out *start(void *u, OTF2_LocationRef loc, int kind, OTF2_TimeStamp t) {
  Batch *b = u;
  Out *o = &b->outs[map_get(&b->out_of, loc)];
  uint64_t d = t - o->last; /* modulo 2^64: the reader adds it back the same way */
  o->last = t;
  out_byte(o, (unsigned char)kind);
  out_num(o, (d << 1) ^ (0 - (d >> 63)));
  return o;
}

OTF2_CallbackCode end(Out *o) {
  (void)o;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode ev_enter(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                  OTF2_AttributeList *alist, OTF2_RegionRef region) {
  Batch *b = u;
  Out *o = start(u, loc, KIND_ENTER, t);
  out_num(o, region);
  uint32_t n = b->key_of.used > 0 && alist != NULL
                   ? OTF2_AttributeList_GetNumberOfElements(alist) : 0;
  uint64_t count = 0;
  for (int pass = 0; pass < 2; pass++) { /* the count of benchgen's, then them */
    if (pass == 1) {
      out_num(o, count);
    }
    for (uint32_t i = 0; i < n; i++) {
      OTF2_AttributeRef ref;
      OTF2_Type type;
      OTF2_AttributeValue value;
      check(OTF2_AttributeList_GetAttributeByIndex(alist, i, &ref, &type, &value));
      int64_t k = map_get(&b->key_of, ref);
      if (k >= 0 && pass == 0) {
        count++;
      } else if (k >= 0) { /* the union read as uint64 whatever its type, as the bridge does */
        out_byte(o, (unsigned char)k);
        out_num(o, value.uint64);
      }
    }
  }
  return end(o);
}

static OTF2_CallbackCode ev_leave(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                  OTF2_AttributeList *a, OTF2_RegionRef region) {
  (void)a;
  Out *o = start(u, loc, KIND_LEAVE, t);
  out_num(o, region);
  return end(o);
}

static void ev_p2p(Out *o, uint32_t peer, OTF2_CommRef comm, uint32_t tag,
                                uint64_t length) {
  out_num(o, peer);
  out_num(o, comm);
  out_num(o, tag);
  out_num(o, length);
}

static OTF2_CallbackCode ev_send(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                 OTF2_AttributeList *a, uint32_t peer, OTF2_CommRef comm,
                                 uint32_t tag, uint64_t length) {
  (void)a;
  Out *o = start(u, loc, KIND_SEND, t);
  ev_p2p(o, peer, comm, tag, length);
  return end(o);
}

static OTF2_CallbackCode ev_recv(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                 OTF2_AttributeList *a, uint32_t peer, OTF2_CommRef comm,
                                 uint32_t tag, uint64_t length) {
  (void)a;
  Out *o = start(u, loc, KIND_RECV, t);
  ev_p2p(o, peer, comm, tag, length);
  return end(o);
}

static OTF2_CallbackCode ev_isend(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                  OTF2_AttributeList *a, uint32_t peer, OTF2_CommRef comm,
                                  uint32_t tag, uint64_t length, uint64_t request) {
  (void)a;
  Out *o = start(u, loc, KIND_ISEND, t);
  ev_p2p(o, peer, comm, tag, length);
  out_num(o, request);
  return end(o);
}

static OTF2_CallbackCode ev_irecv(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                  OTF2_AttributeList *a, uint32_t peer, OTF2_CommRef comm,
                                  uint32_t tag, uint64_t length, uint64_t request) {
  (void)a;
  Out *o = start(u, loc, KIND_IRECV, t);
  ev_p2p(o, peer, comm, tag, length);
  out_num(o, request);
  return end(o);
}

ONE_NUMBER(ev_isend_done, KIND_ISEND_DONE, uint64_t)
ONE_NUMBER(ev_irecv_req, KIND_IRECV_REQ, uint64_t)
ONE_NUMBER(ev_req_test, KIND_REQ_TEST, uint64_t)
ONE_NUMBER(ev_req_cancel, KIND_REQ_CANCEL, uint64_t)
ONE_NUMBER(ev_nbc_req, KIND_NBC_REQ, uint64_t)
ONE_NUMBER(ev_comm_create, KIND_COMM_CREATE, OTF2_CommRef)
ONE_NUMBER(ev_comm_destroy, KIND_COMM_DESTROY, OTF2_CommRef)

static OTF2_CallbackCode ev_coll_begin(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                       OTF2_AttributeList *a) {
  (void)a;
  return end(start(u, loc, KIND_COLL_BEGIN, t));
}

/* A collective's end: an operation the bindings have no name for stops the reading there. */
static int coll(Out *o, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root, uint64_t sent,
                uint64_t received) {
  if (op >= N_COLLECTIVE_OPS) {
    fprintf(stderr, "bg_otf2: unknown collective operation %d\n", op);
    return 0;
  }
  out_byte(o, (unsigned char)strlen(COLLECTIVE_OP[op]));
  out_str(o, COLLECTIVE_OP[op]);
  out_num(o, comm);
  out_num(o, root);
  out_num(o, sent);
  out_num(o, received);
  return 1;
}

static OTF2_CallbackCode ev_coll_end(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                     OTF2_AttributeList *a, OTF2_CollectiveOp op,
                                     OTF2_CommRef comm, uint32_t root, uint64_t sent,
                                     uint64_t received) {
  (void)a;
  Out *o = start(u, loc, KIND_COLL_END, t);
  return coll(o, op, comm, root, sent, received) ? end(o) : OTF2_CALLBACK_ERROR;
}

static OTF2_CallbackCode ev_nbc_done(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                     OTF2_AttributeList *a, OTF2_CollectiveOp op,
                                     OTF2_CommRef comm, uint32_t root, uint64_t sent,
                                     uint64_t received, uint64_t request) {
  (void)a;
  Out *o = start(u, loc, KIND_NBC_DONE, t);
  if (!coll(o, op, comm, root, sent, received)) {
    return OTF2_CALLBACK_ERROR;
  }
  out_num(o, request);
  return end(o);
}


static void set_event_callbacks(OTF2_GlobalEvtReaderCallbacks *cb) {
  OTF2_GlobalEvtReaderCallbacks_SetEnterCallback(cb, ev_enter);
  OTF2_GlobalEvtReaderCallbacks_SetLeaveCallback(cb, ev_leave);
  OTF2_GlobalEvtReaderCallbacks_SetMpiSendCallback(cb, ev_send);
  OTF2_GlobalEvtReaderCallbacks_SetMpiIsendCallback(cb, ev_isend);
  OTF2_GlobalEvtReaderCallbacks_SetMpiIsendCompleteCallback(cb, ev_isend_done);
  OTF2_GlobalEvtReaderCallbacks_SetMpiIrecvRequestCallback(cb, ev_irecv_req);
  OTF2_GlobalEvtReaderCallbacks_SetMpiRecvCallback(cb, ev_recv);
  OTF2_GlobalEvtReaderCallbacks_SetMpiIrecvCallback(cb, ev_irecv);
  OTF2_GlobalEvtReaderCallbacks_SetMpiRequestTestCallback(cb, ev_req_test);
  OTF2_GlobalEvtReaderCallbacks_SetMpiRequestCancelledCallback(cb, ev_req_cancel);
  OTF2_GlobalEvtReaderCallbacks_SetMpiCollectiveBeginCallback(cb, ev_coll_begin);
  OTF2_GlobalEvtReaderCallbacks_SetMpiCollectiveEndCallback(cb, ev_coll_end);
  OTF2_GlobalEvtReaderCallbacks_SetNonBlockingCollectiveRequestCallback(cb, ev_nbc_req);
  OTF2_GlobalEvtReaderCallbacks_SetNonBlockingCollectiveCompleteCallback(cb, ev_nbc_done);
  OTF2_GlobalEvtReaderCallbacks_SetCommCreateCallback(cb, ev_comm_create);
  OTF2_GlobalEvtReaderCallbacks_SetCommDestroyCallback(cb, ev_comm_destroy);
  set_rma_callbacks(cb);
  set_io_callbacks(cb);
}

/* Ranks FIRST.. of LOCS (N of them) in one pass of a fresh reader, as the Python bridge does. */
static void read_batch(const char *anchor, const char *out, const uint64_t *locs, uint32_t n,
                       uint32_t first) {
  Defs d = {0};
  OTF2_Reader *reader = open_archive(anchor, &d);
  Batch b = {{0}, grow(NULL, n, sizeof(Out)), {0}};
  for (size_t i = 0; i < d.n_attributes; i++) {
    int64_t s = map_get(&d.strings, d.attributes[i].name);
    for (int k = 0; s >= 0 && k < 3; k++) {
      if (strcmp(d.string_text[s], ATTRIBUTE_NAME[k]) == 0) {
        map_put(&b.key_of, d.attributes[i].ref, k);
      }
    }
  }
  for (uint32_t i = 0; i < n; i++) {
    char file[32];
    snprintf(file, sizeof file, "rank-%" PRIu32, first + i);
    char *p = path(out, file);
    b.outs[i] = (Out){open_out(p), grow(NULL, OUT_BUFFER, 1), 0, 0};
    out_str(&b.outs[i], MAGIC);
    free(p);
    map_put(&b.out_of, locs[i], i); /* a location listed twice: its last rank gets the events */
  }
  for (uint32_t i = 0; i < n; i++) {
    check(OTF2_Reader_SelectLocation(reader, locs[i]));
  }
  /* As the bindings (and OTF2's own example) do: an archive without local definition files or
     with none to open is read without them. */
  int def_files = OTF2_Reader_OpenDefFiles(reader) == OTF2_SUCCESS;
  (void)OTF2_Reader_OpenEvtFiles(reader);
  for (uint32_t i = 0; i < n; i++) {
    if (def_files) {
      OTF2_DefReader *defs = OTF2_Reader_GetDefReader(reader, locs[i]);
      if (defs != NULL) {
        uint64_t read = 0;
        check(OTF2_Reader_ReadAllLocalDefinitions(reader, defs, &read));
        check(OTF2_Reader_CloseDefReader(reader, defs));
      }
    }
    (void)OTF2_Reader_GetEvtReader(reader, locs[i]);
  }
  if (def_files) {
    check(OTF2_Reader_CloseDefFiles(reader));
  }
  OTF2_GlobalEvtReader *events = OTF2_Reader_GetGlobalEvtReader(reader);
  OTF2_GlobalEvtReaderCallbacks *cb = OTF2_GlobalEvtReaderCallbacks_New();
  set_event_callbacks(cb);
  check(OTF2_GlobalEvtReader_SetCallbacks(events, cb, &b));
  OTF2_GlobalEvtReaderCallbacks_Delete(cb);
  uint64_t read;
  do {
    read = 0;
    OTF2_ErrorCode code = OTF2_GlobalEvtReader_ReadEvents(events, READ_EVENTS, &read);
    if (code != OTF2_SUCCESS) {
      for (uint32_t i = 0; i < n; i++) {
        out_close(&b.outs[i]); /* what was read, as Python's files keep it */
      }
      check(code);
    }
  } while (read == READ_EVENTS);
  for (uint32_t i = 0; i < n; i++) {
    out_close(&b.outs[i]);
  }
  check(OTF2_Reader_CloseGlobalEvtReader(reader, events));
  check(OTF2_Reader_CloseEvtFiles(reader));
  check(OTF2_Reader_Close(reader));
  free(b.outs);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fail("usage: bg-otf2-read ARCHIVE.otf2 OUTDIR");
  }
  Defs d = {0};
  OTF2_Reader *reader = open_archive(argv[1], &d);
  const Group *ranks = mpi_locations(&d);
  write_defs(argv[2], &d, ranks, reader);
  check(OTF2_Reader_Close(reader));
  for (uint32_t start = 0; start < ranks->n; start += BATCH) {
    uint32_t n = ranks->n - start < BATCH ? ranks->n - start : BATCH;
    read_batch(argv[1], argv[2], ranks->members + start, n, start);
  }
  return 0;
}
