/*
 * bg-otf2-write INDIR OUTDIR: the write mode of benchgen's OTF2 bridge (docs/otf2.md, "The
 * bridge") on libotf2 itself. It reads what the Java export writes, INDIR/defs (text) and
 * INDIR/rank-R (R = 0 .. ranks-1; binary records, org.benchgen.otf2.BridgeOut), and writes the archive OUTDIR/traces.otf2 (+ traces.def, traces/) as the
 * Python bindings wrote it before (bg_otf2.py's write mode, now gone): one location a rank, each
 * rank's records in the order of its lines, the same chunk sizes, the global definitions in the
 * bindings' order (bg_otf2_wdefs.c), so that the event files are the same bytes. All meaning is
 * given in Java (org.benchgen.otf2.RankExporter); this program only copies records, and refuses a
 * record it cannot read with the file, record and reason (exit code 1), writing nothing more.
 *
 * This file: the rank files and main. bg_otf2_wdefs.c: the defs file, line reading, the global
 * definitions. bg_otf2_common.c: refusals, paths, the reference map. Built by otf2/build.sh.
 */
#include <stdarg.h>

#include "bg_otf2_write.h"

/* The bindings' chunk sizes: events 256 KiB (the smallest OTF2 takes, bg_otf2.py chose it so
 * that memory stays at 256 KiB a rank), definitions the bindings' default 4 MiB. */
#define CHUNK_EVENTS (256 * 1024)
#define CHUNK_DEFS (4 * 1024 * 1024)

typedef struct {
  const WDefs *d;
  Lines l;
  OTF2_EvtWriter *w;
  OTF2_AttributeList *attributes;
  uint64_t events, first, last;
  int any;
} Rank;

static OTF2_FlushType pre_flush(void *user, OTF2_FileType type, OTF2_LocationRef location,
                                void *caller, bool final) {
  (void)user, (void)type, (void)location, (void)caller, (void)final;
  return OTF2_FLUSH;
}

static const OTF2_FlushCallbacks FLUSH = {pre_flush, NULL};

/* A refusal naming the rank file and record (the first is 1). */
__attribute__((format(printf, 2, 3))) _Noreturn static void rec_fail(const Rank *k,
                                                                      const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "bg_otf2: %s record %" PRIu64 ": ", k->l.file, k->l.line);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

static uint8_t byte(Rank *k) {
  if (k->l.at >= k->l.size) {
    rec_fail(k, "cut short (the file ends inside it)");
  }
  return (uint8_t)k->l.text[k->l.at++];
}

/* An unsigned LEB128 number from 0 to MAX (BridgeOut.number). */
static uint64_t num(Rank *k, uint64_t max) {
  uint64_t v = 0;
  for (int shift = 0;; shift += 7) {
    uint8_t b = byte(k);
    if (shift == 63 && (b & 0x7e) != 0) {
      rec_fail(k, "a number beyond 64 bits");
    }
    v |= (uint64_t)(b & 0x7f) << shift;
    if ((b & 0x80) == 0) {
      break;
    }
    if (shift == 63) {
      rec_fail(k, "a number beyond 64 bits");
    }
  }
  if (v > max) {
    rec_fail(k, "%" PRIu64 " is above %" PRIu64, v, max);
  }
  return v;
}

static OTF2_RegionRef region(Rank *k) {
  int64_t r = map_get(&k->d->region_of, num(k, UINT64_MAX));
  if (r < 0) {
    rec_fail(k, "a region not defined in defs");
  }
  return (OTF2_RegionRef)r;
}

static OTF2_CommRef comm(Rank *k) {
  int64_t c = map_get(&k->d->comm_of, num(k, INT64_MAX));
  if (c < 0) {
    rec_fail(k, "a communicator not defined in defs");
  }
  return (OTF2_CommRef)c;
}

/* A collective operation by its OTF2 name: a length, then the name. */
static OTF2_CollectiveOp op(Rank *k) {
  size_t n = byte(k);
  if (n > k->l.size - k->l.at) {
    rec_fail(k, "cut short (the file ends inside it)");
  }
  const char *w = k->l.text + k->l.at;
  k->l.at += n;
  for (int i = 0; i < N_COLLECTIVE_OPS; i++) {
    if (strlen(COLLECTIVE_OP[i]) == n && memcmp(COLLECTIVE_OP[i], w, n) == 0) {
      return (OTF2_CollectiveOp)i;
    }
  }
  rec_fail(k, "not a collective operation OTF2 has");
}

#define U32(k) ((uint32_t)num((k), UINT32_MAX))
#define U64(k) num((k), UINT64_MAX)

/* benchgen's attributes of an enter: their count, then each one's number and value. */
static OTF2_AttributeList *enter_attributes(Rank *k) {
  uint8_t count = byte(k);
  if (count > N_ATTRIBUTES) {
    rec_fail(k, "%u attributes, more than benchgen's %d", count, N_ATTRIBUTES);
  }
  for (uint8_t i = 0; i < count; i++) {
    uint8_t a = byte(k);
    if (a >= N_ATTRIBUTES) {
      rec_fail(k, "not an attribute of benchgen's");
    }
    check(OTF2_AttributeList_AddUint64(k->attributes, (OTF2_AttributeRef)a, U64(k)));
  }
  return count > 0 ? k->attributes : NULL;
}

/* The record kinds of BridgeOut.KIND_* and NumberRecord (17-30 RMA, 31-38 I/O, 39 RmaOpTest). */
enum { ENTER = 1, LEAVE, SEND, RECV, ISEND, IRECV, ISEND_DONE, IRECV_REQ, REQ_TEST, REQ_CANCEL,
       COLL_BEGIN, COLL_END, NBC_REQ, NBC_DONE, COMM_CREATE, COMM_DESTROY, RMA_WIN_CREATE,
       RMA_WIN_DESTROY, RMA_COLL_BEGIN, RMA_COLL_END, RMA_GROUP_SYNC, RMA_REQUEST_LOCK,
       RMA_RELEASE_LOCK, RMA_SYNC, RMA_PUT, RMA_GET, RMA_ATOMIC, RMA_OP_COMPLETE_BLOCKING,
       RMA_OP_COMPLETE_NON_BLOCKING, RMA_OP_COMPLETE_REMOTE, IO_CREATE_HANDLE, IO_DESTROY_HANDLE,
       IO_SEEK, IO_DELETE_FILE, IO_OP_BEGIN, IO_OP_ISSUED, IO_OP_COMPLETE, IO_OP_TEST,
       RMA_OP_TEST };

static OTF2_RmaWinRef win(Rank *k) {
  int64_t w = map_get(&k->d->win_of, num(k, INT64_MAX));
  if (w < 0) {
    rec_fail(k, "a window not defined in defs");
  }
  return (OTF2_RmaWinRef)w;
}

static OTF2_GroupRef group(Rank *k) {
  int64_t g = map_get(&k->d->group_of, num(k, INT64_MAX));
  if (g < 0) {
    rec_fail(k, "a group not defined in defs");
  }
  return (OTF2_GroupRef)g;
}

static OTF2_IoHandleRef handle(Rank *k) {
  int64_t h = map_get(&k->d->handle_of, num(k, INT64_MAX));
  if (h < 0) {
    rec_fail(k, "an I/O handle not defined in defs");
  }
  return (OTF2_IoHandleRef)h;
}

/* MPI-IO records (docs/otf2.md, "MPI-IO"): 0 if KIND is none of them. */
static int io_event(Rank *k, uint8_t kind, uint64_t t) {
  OTF2_EvtWriter *e = k->w;
  switch (kind) {
    case IO_CREATE_HANDLE: {
      OTF2_IoHandleRef h = handle(k);
      OTF2_IoAccessMode mode = (OTF2_IoAccessMode)num(k, OTF2_IO_ACCESS_MODE_SEARCH_ONLY);
      OTF2_IoCreationFlag creation = (OTF2_IoCreationFlag)U32(k);
      check(OTF2_EvtWriter_IoCreateHandle(e, NULL, t, h, mode, creation,
                                          (OTF2_IoStatusFlag)U32(k)));
      return 1;
    }
    case IO_DESTROY_HANDLE:
      check(OTF2_EvtWriter_IoDestroyHandle(e, NULL, t, handle(k)));
      return 1;
    case IO_SEEK: {
      OTF2_IoHandleRef h = handle(k);
      uint64_t zz = U64(k); /* the requested offset, zigzag-coded: it may be negative */
      int64_t request = (int64_t)(zz >> 1) ^ -(int64_t)(zz & 1);
      OTF2_IoSeekOption whence = (OTF2_IoSeekOption)num(k, OTF2_IO_SEEK_HOLE);
      check(OTF2_EvtWriter_IoSeek(e, NULL, t, h, request, whence, U64(k)));
      return 1;
    }
    case IO_DELETE_FILE: {
      (void)num(k, 0); /* the paradigm: MPI-IO's, the only one */
      int64_t f = map_get(&k->d->file_of, num(k, INT64_MAX));
      if (f < 0) {
        rec_fail(k, "a file not defined in defs");
      }
      check(OTF2_EvtWriter_IoDeleteFile(e, NULL, t, 0, (OTF2_IoFileRef)f));
      return 1;
    }
    case IO_OP_BEGIN: {
      OTF2_IoHandleRef h = handle(k);
      OTF2_IoOperationMode mode = (OTF2_IoOperationMode)num(k, OTF2_IO_OPERATION_MODE_FLUSH);
      OTF2_IoOperationFlag flags = (OTF2_IoOperationFlag)num(k, 3);
      uint64_t bytes = U64(k);
      check(OTF2_EvtWriter_IoOperationBegin(e, NULL, t, h, mode, flags, bytes, U64(k)));
      return 1;
    }
    case IO_OP_ISSUED:
    case IO_OP_TEST: {
      OTF2_IoHandleRef h = handle(k);
      if (kind == IO_OP_ISSUED) {
        check(OTF2_EvtWriter_IoOperationIssued(e, NULL, t, h, U64(k)));
      } else {
        check(OTF2_EvtWriter_IoOperationTest(e, NULL, t, h, U64(k)));
      }
      return 1;
    }
    case IO_OP_COMPLETE: {
      OTF2_IoHandleRef h = handle(k);
      uint64_t bytes = U64(k);
      check(OTF2_EvtWriter_IoOperationComplete(e, NULL, t, h, bytes, U64(k)));
      return 1;
    }
    default:
      return 0;
  }
}

/* One-sided records (docs/otf2.md, "One-sided communication"): 0 if KIND is none of them. */
static int rma_event(Rank *k, uint8_t kind, uint64_t t) {
  OTF2_EvtWriter *e = k->w;
  switch (kind) {
    case RMA_WIN_CREATE:
      check(OTF2_EvtWriter_RmaWinCreate(e, NULL, t, win(k)));
      return 1;
    case RMA_WIN_DESTROY:
      check(OTF2_EvtWriter_RmaWinDestroy(e, NULL, t, win(k)));
      return 1;
    case RMA_COLL_BEGIN:
      check(OTF2_EvtWriter_RmaCollectiveBegin(e, NULL, t));
      return 1;
    case RMA_COLL_END: {
      OTF2_CollectiveOp o = op(k);
      OTF2_RmaSyncLevel level = (OTF2_RmaSyncLevel)num(k, 3);
      OTF2_RmaWinRef w = win(k);
      uint32_t root = U32(k);
      uint64_t sent = U64(k);
      check(OTF2_EvtWriter_RmaCollectiveEnd(e, NULL, t, o, level, w, root, sent, U64(k)));
      return 1;
    }
    case RMA_GROUP_SYNC: {
      OTF2_RmaSyncLevel level = (OTF2_RmaSyncLevel)num(k, 3);
      OTF2_RmaWinRef w = win(k);
      check(OTF2_EvtWriter_RmaGroupSync(e, NULL, t, level, w, group(k)));
      return 1;
    }
    case RMA_REQUEST_LOCK:
    case RMA_RELEASE_LOCK: {
      OTF2_RmaWinRef w = win(k);
      uint32_t remote = U32(k);
      uint64_t id = U64(k);
      if (kind == RMA_RELEASE_LOCK) {
        check(OTF2_EvtWriter_RmaReleaseLock(e, NULL, t, w, remote, id));
      } else {
        check(OTF2_EvtWriter_RmaRequestLock(e, NULL, t, w, remote, id,
                                            (OTF2_LockType)num(k, OTF2_LOCK_SHARED)));
      }
      return 1;
    }
    case RMA_SYNC: {
      OTF2_RmaWinRef w = win(k);
      uint32_t remote = U32(k);
      check(OTF2_EvtWriter_RmaSync(e, NULL, t, w, remote,
                                   (OTF2_RmaSyncType)num(k, OTF2_RMA_SYNC_TYPE_NOTIFY_OUT)));
      return 1;
    }
    case RMA_PUT:
    case RMA_GET: {
      OTF2_RmaWinRef w = win(k);
      uint32_t remote = U32(k);
      uint64_t bytes = U64(k);
      uint64_t id = U64(k);
      if (kind == RMA_PUT) {
        check(OTF2_EvtWriter_RmaPut(e, NULL, t, w, remote, bytes, id));
      } else {
        check(OTF2_EvtWriter_RmaGet(e, NULL, t, w, remote, bytes, id));
      }
      return 1;
    }
    case RMA_ATOMIC: {
      OTF2_RmaWinRef w = win(k);
      uint32_t remote = U32(k);
      OTF2_RmaAtomicType type =
          (OTF2_RmaAtomicType)num(k, OTF2_RMA_ATOMIC_TYPE_FETCH_AND_ACCUMULATE);
      uint64_t sent = U64(k);
      uint64_t received = U64(k);
      check(OTF2_EvtWriter_RmaAtomic(e, NULL, t, w, remote, type, sent, received, U64(k)));
      return 1;
    }
    case RMA_OP_COMPLETE_BLOCKING:
    case RMA_OP_COMPLETE_NON_BLOCKING:
    case RMA_OP_COMPLETE_REMOTE:
    case RMA_OP_TEST: {
      OTF2_RmaWinRef w = win(k);
      uint64_t id = U64(k);
      if (kind == RMA_OP_TEST) {
        check(OTF2_EvtWriter_RmaOpTest(e, NULL, t, w, id));
      } else if (kind == RMA_OP_COMPLETE_BLOCKING) {
        check(OTF2_EvtWriter_RmaOpCompleteBlocking(e, NULL, t, w, id));
      } else if (kind == RMA_OP_COMPLETE_NON_BLOCKING) {
        check(OTF2_EvtWriter_RmaOpCompleteNonBlocking(e, NULL, t, w, id));
      } else {
        check(OTF2_EvtWriter_RmaOpCompleteRemote(e, NULL, t, w, id));
      }
      return 1;
    }
    default:
      return 0;
  }
}

/* One record of a rank file, written. */
static void event(Rank *k) {
  k->l.line++;
  uint8_t kind = byte(k);
  uint64_t t = U64(k);
  OTF2_EvtWriter *e = k->w;
  switch (kind) {
    case ENTER: {
      OTF2_RegionRef r = region(k);
      check(OTF2_EvtWriter_Enter(e, enter_attributes(k), t, r));
      break;
    }
    case LEAVE:
      check(OTF2_EvtWriter_Leave(e, NULL, t, region(k)));
      break;
    case SEND:
    case RECV:
    case ISEND:
    case IRECV: {
      uint32_t peer = U32(k);
      OTF2_CommRef c = comm(k);
      uint32_t tag = U32(k);
      uint64_t bytes = U64(k);
      if (kind == SEND) {
        check(OTF2_EvtWriter_MpiSend(e, NULL, t, peer, c, tag, bytes));
      } else if (kind == RECV) {
        check(OTF2_EvtWriter_MpiRecv(e, NULL, t, peer, c, tag, bytes));
      } else if (kind == ISEND) {
        check(OTF2_EvtWriter_MpiIsend(e, NULL, t, peer, c, tag, bytes, U64(k)));
      } else {
        check(OTF2_EvtWriter_MpiIrecv(e, NULL, t, peer, c, tag, bytes, U64(k)));
      }
      break;
    }
    case ISEND_DONE:
      check(OTF2_EvtWriter_MpiIsendComplete(e, NULL, t, U64(k)));
      break;
    case IRECV_REQ:
      check(OTF2_EvtWriter_MpiIrecvRequest(e, NULL, t, U64(k)));
      break;
    case REQ_TEST:
      check(OTF2_EvtWriter_MpiRequestTest(e, NULL, t, U64(k)));
      break;
    case REQ_CANCEL:
      check(OTF2_EvtWriter_MpiRequestCancelled(e, NULL, t, U64(k)));
      break;
    case COLL_BEGIN:
      check(OTF2_EvtWriter_MpiCollectiveBegin(e, NULL, t));
      break;
    case COLL_END:
    case NBC_DONE: {
      OTF2_CollectiveOp o = op(k);
      OTF2_CommRef c = comm(k);
      uint32_t root = U32(k);
      uint64_t sent = U64(k);
      uint64_t received = U64(k);
      if (kind == COLL_END) {
        check(OTF2_EvtWriter_MpiCollectiveEnd(e, NULL, t, o, c, root, sent, received));
      } else {
        check(OTF2_EvtWriter_NonBlockingCollectiveComplete(e, NULL, t, o, c, root, sent,
                                                           received, U64(k)));
      }
      break;
    }
    case NBC_REQ:
      check(OTF2_EvtWriter_NonBlockingCollectiveRequest(e, NULL, t, U64(k)));
      break;
    case COMM_CREATE:
      check(OTF2_EvtWriter_CommCreate(e, NULL, t, comm(k)));
      break;
    case COMM_DESTROY:
      check(OTF2_EvtWriter_CommDestroy(e, NULL, t, comm(k)));
      break;
    default:
      if (!rma_event(k, kind, t) && !io_event(k, kind, t)) {
        rec_fail(k, "unknown record kind %u", kind);
      }
  }
  k->events++;
  if (!k->any || t < k->first) {
    k->first = t;
  }
  if (!k->any || t > k->last) {
    k->last = t;
  }
  k->any = 1;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fail("usage: bg-otf2-write INDIR OUTDIR");
  }
  WDefs d;
  wdefs_read(&d, argv[1]);
  OTF2_Archive *archive = OTF2_Archive_Open(argv[2], "traces", OTF2_FILEMODE_WRITE,
                                            CHUNK_EVENTS, CHUNK_DEFS, OTF2_SUBSTRATE_POSIX,
                                            OTF2_COMPRESSION_NONE);
  if (archive == NULL) {
    fail("Error: the OTF2 library cannot create an archive in %s", argv[2]);
  }
  check(OTF2_Archive_SetFlushCallbacks(archive, &FLUSH, NULL));
  check(OTF2_Archive_SetSerialCollectiveCallbacks(archive));
  check(OTF2_Archive_OpenDefFiles(archive));
  check(OTF2_Archive_OpenEvtFiles(archive));
  uint64_t *events = grow(NULL, d.ranks + 1, sizeof *events);
  uint64_t first = 0, last = 0;
  int any = 0;
  Rank k;
  memset(&k, 0, sizeof k);
  k.d = &d;
  k.attributes = OTF2_AttributeList_New();
  char file[32];
  for (uint64_t r = 0; r < d.ranks; r++) {
    OTF2_DefWriter *local = OTF2_Archive_GetDefWriter(archive, r);
    k.w = OTF2_Archive_GetEvtWriter(archive, r);
    if (local == NULL || k.w == NULL) {
      fail("Error: the OTF2 library gave no writer for location %" PRIu64, r);
    }
    snprintf(file, sizeof file, "rank-%" PRIu64, r);
    lines_open(&k.l, argv[1], file);
    k.events = 0;
    k.any = 0;
    while (k.l.at < k.l.size) {
      event(&k);
    }
    lines_close(&k.l);
    events[r] = k.events;
    if (k.any) {
      first = any && first < k.first ? first : k.first;
      last = any && last > k.last ? last : k.last;
      any = 1;
    }
    /* Closed now, not at the end as the bindings did: the same files, one chunk in memory. */
    check(OTF2_Archive_CloseDefWriter(archive, local));
    check(OTF2_Archive_CloseEvtWriter(archive, k.w));
  }
  OTF2_AttributeList_Delete(k.attributes);
  check(OTF2_Archive_CloseEvtFiles(archive));
  check(OTF2_Archive_CloseDefFiles(archive));
  wdefs_write(&d, archive, events, first, last, any);
  check(OTF2_Archive_Close(archive));
  free(events);
  return 0;
}
