/* benchgen tracer: what the files of the recording core share, one section per file that owns it.
 * bgt.h is the wrappers' view of the core; this header is the core's view of itself. Everything
 * declared here is hidden: a library that is LD_PRELOADed into any application must neither export
 * names such as put or die nor have its own calls to them bound to the application's. */
#ifndef BGT_CORE_H
#define BGT_CORE_H

#include "bgt.h"

#include <stddef.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#pragma GCC visibility push(hidden)

/* ---- hashing (inline: every call site and handle look-up hashes) --------------------------------- */

#define FNV_BASIS 0xcbf29ce484222325ULL

static inline uint64_t fnv(uint64_t h, const void *p, size_t n) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 0x100000001b3ULL; }
  return h;
}

static inline uint64_t mix(uint64_t x) {
  x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL; x ^= x >> 33;
  return x;
}

/* MPI handles are integers in MPICH and pointers in Open MPI: tables key on their bits. */
static inline uint64_t key_of(const void *h, size_t n) {
  uint64_t k = 0;
  memcpy(&k, h, n < sizeof k ? n : sizeof k);
  return k;
}
#define KEY(h) key_of(&(h), sizeof(h))

/* ---- values as the format records them ----------------------------------------------------------- */

static inline int64_t peer_value(int p) {
  return p == MPI_ANY_SOURCE ? V_ANY_SOURCE : p == MPI_PROC_NULL ? V_PROC_NULL
         : p == MPI_ROOT ? V_ROOT : p;
}
static inline int64_t tag_value(int t) { return t == MPI_ANY_TAG ? V_ANY_TAG : t; }
/* MPI's thread levels are ordered; one outside them (an erroneous `required`) is taken as the
 * nearest. */
static inline int64_t level_value(int l) {
  return l <= MPI_THREAD_SINGLE ? V_THREAD_SINGLE : l == MPI_THREAD_FUNNELED ? V_THREAD_FUNNELED
         : l == MPI_THREAD_SERIALIZED ? V_THREAD_SERIALIZED : V_THREAD_MULTIPLE;
}

/* ---- lifecycle.c: the run (settings, nesting guard, init, finalize, signals) --------------------- */

void die(const char *what);
int tracing_off(void);         /* BENCHGEN_TRACE=0, an unwritable stream, or after finalize */
int tracing_initialized(void); /* MPI_Init has returned (and the stream is open unless off) */
void recording_full(void);     /* the stream reached BENCHGEN_TRACE_MAX_MB: stop recording */
/* The recording lock, taken only under MPI_THREAD_MULTIPLE and never across a PMPI call that may
 * block: record_lock/unlock around look-ups made before the call, bgt_hold for a recording (held
 * until bgt_leave). Inline tests, since every call passes them and most runs have one thread. */
extern int g_multiple; /* MPI_THREAD_MULTIPLE given: calls may come from any thread at once */
void record_lock_now(void);
void record_unlock_now(void);
void bgt_hold_now(bgt_call *c);
static inline void record_lock(void) {
  if (g_multiple) record_lock_now();
}
static inline void record_unlock(void) {
  if (g_multiple) record_unlock_now();
}
static inline void bgt_hold(bgt_call *c) {
  if (g_multiple && !c->locked) bgt_hold_now(c);
}
/* The first statement of a recording helper: nothing to do for a call that is not recorded; else
 * the lock, until the wrapper leaves. */
#define RECORDING(c)                                                                               \
  do {                                                                                             \
    if (!(c)->on) return;                                                                          \
    bgt_hold(c);                                                                                   \
  } while (0)
int recording_thread_now(void);
/* The calling thread's number in the stream (0: MPI's main thread, and every thread below
 * MPI_THREAD_MULTIPLE). */
static inline int recording_thread(void) { return g_multiple ? recording_thread_now() : 0; }

/* ---- buffer.c: the event buffer and the building of its records ---------------------------------- */

/* Record = header word (kind | op << 8 | nwords << 16), then kind-specific words, then items (item
 * header: field | n << 8 | list << 40, then n value words). Positions handed out for later patches
 * are absolute (counted from the start of the stream), since flushing shifts the buffer. K_NOTE is
 * a `# unsupported` line, its op an enum bgt_unsupported. */
enum { K_EVENT = 1, K_COMM = 2, K_SITE = 3, K_EVENT_CPU = 4, K_NOTE = 5 };

uint64_t now_ns(void);
/* The calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID): a system call, ~1 us here, so it is
 * read only when BENCHGEN_TRACE_CPU=1 asks for the CPU time of compute intervals. */
uint64_t cpu_ns(void);
extern int g_cpu_time;
void buffer_limit(size_t words);
void begin_record(int kind, int op, int nwords, const uint64_t *words);
void begin_event(bgt_call *c, int op);
void end_record(void);
uint64_t record_start(void); /* absolute position of the record being built (or last built) */

/* The buffer's words, seen here only for put, which is inline: every field of every event is put,
 * and the buffer rarely has to grow. Only buffer.c changes them otherwise. */
extern uint64_t *g_buf;
extern size_t g_len, g_cap;
void buffer_grow(size_t words);
static inline void put(int f, int64_t v) {
  if (g_len + 2 > g_cap) buffer_grow(2);
  g_buf[g_len++] = (uint64_t) f | (1ULL << 8);
  g_buf[g_len++] = (uint64_t) v;
}
uint64_t put_at(int f, int64_t v); /* returns the absolute position of the value word */
uint64_t put_patchable(int f);
void put_list64(int f, const int64_t *v, int n);
void put_list_int(int f, const int *v, int n);
int64_t *put_list_open(int f, int n); /* a list of n values, for the caller to fill at once */
void patch_at(uint64_t abs, int64_t v);
int peek_at(uint64_t abs, int64_t *v); /* 0 when that word has been written out already */
void flush_some(int final); /* writes what it can; final: all complete records */
extern uint64_t g_flush_ns;  /* time flush_some spent writing records out */

/* ---- names.c: interned strings, datatypes and reduction operations ------------------------------- */

int64_t intern(const char *s);
const char *name_text(int64_t id);
void put_datatype(int ftype, int ftsize, MPI_Datatype t); /* two fields: its name and its size */
void put_type(int fcount, int ftype, int ftsize, MPI_Count count, MPI_Datatype t);
void put_datatype_bare(int ftype, int ftsize, MPI_Datatype t); /* name and size, no extent */
/* A count array as the application passed it: ints, or MPI_Counts (the large-count forms); both
 * NULL where it passed none. */
typedef struct {
  const int *i;
  const MPI_Count *c;
} counts_t;
static inline int counts_given(counts_t v) { return v.i || v.c; }
static inline int64_t count_at(counts_t v, int k) { return v.c ? (int64_t) v.c[k] : v.i[k]; }
/* A list of n byte counts: counts[i] elements of types[i] each (MPI_Alltoallw's). */
void put_list_bytes(int f, counts_t counts, const MPI_Datatype *types, int n);
int64_t op_name(MPI_Op op);

/* ---- sites.c: call sites ------------------------------------------------------------------------- */

void sites_start(int depth);
int site_depth(void);
uint64_t site_of(void *ret);

/* ---- requests.c: live requests and what their completion fills in -------------------------------- */

enum { R_SEND = 1, R_RECV = 2, R_COLL = 3, R_FILE = 4 }; /* R_FILE: MPI-IO's (rec_file.c) */
typedef struct {
  uint64_t key;
  int64_t id;
  int kind, persistent, wildcard;
  int claimed; /* taken by a call in progress (req_claim), until it ends (req_release) */
  int thread;  /* the thread that created it (recording_thread) */
  int64_t send_bytes;
  uint64_t rec;   /* absolute start of the record to patch at completion, or UINT64_MAX */
  uint64_t patch; /* absolute position of its first patched value word */
  uint64_t crec;  /* absolute start of its MPI_Cancel's record, to patch at completion, or UINT64_MAX */
  uint64_t cpatch; /* absolute position of that record's `cancel` value word */
  int next;       /* next entry with the same handle, or -1 */
  int used;
} req_entry;

req_entry *req_add(MPI_Request r, int kind, int persistent, int64_t send_bytes);
void req_remove(req_entry *x);
/* The index of the entry claimed (-1: none); entries are looked up by index, with the lock held,
 * since the table moves when it grows. */
int req_claim(MPI_Request r);
void req_rekey(int e, MPI_Request now); /* the entry's request has handle `now` from here on */
extern req_entry *g_reqs; /* the entries, seen here only for req_at */
static inline req_entry *req_at(int e) { return &g_reqs[e]; }
static inline void req_release(int e) { g_reqs[e].claimed = 0; }
void req_complete(req_entry *x, const MPI_Status *st);
int64_t status_bytes(const MPI_Status *st);
uint64_t req_first_waiting(uint64_t upto); /* the oldest record before upto awaiting a completion */
void req_written_before(uint64_t pos);     /* records before pos are out: nothing to patch there */

/* ---- comms.c: communicator ids ------------------------------------------------------------------- */

int64_t comm_id(MPI_Comm comm);
/* The id of newcomm (V_NULL for MPI_COMM_NULL), made by a recorded call on parent, defined here. */
int64_t comm_made(MPI_Comm newcomm, MPI_Comm parent);
/* The same for a duplicate of parent that may not be usable yet (MPI_Comm_idup). */
int64_t comm_duplicated(MPI_Comm newcomm, MPI_Comm parent);
/* The same for MPI_Comm_create_group, made by the group's members only. */
int64_t comm_grouped(MPI_Comm newcomm, MPI_Comm parent, int tag);
/* The same for MPI_Intercomm_create's intercommunicator, made by two groups on two parents. */
int64_t comm_inter(MPI_Comm newcomm, int tag);
/* The world ranks of group g, valid until the next call; their count (0 for MPI_GROUP_NULL or a
 * group reaching outside the world). */
int group_world(MPI_Group g, const int64_t **ranks);
int64_t comm_freed(void); /* id of the communicator of the MPI_Comm_free in progress */
void comm_forget_world(void);

/* ---- fold_records.c: the rank's folding compressor and the merge in MPI_Finalize ------------------- */

int fold_records_on(void); /* BENCHGEN_TRACE_FOLD=1 */
void fold_records_start(int rank, int size);
int fold_records_started(void); /* the same on every rank: they all take part in the merge */
void fold_record(const uint64_t *r); /* one complete record, as it is written out */
/* The rank's records are all folded: freeze its trace, or give it up for `why` (not NULL). A run
 * that ended early (`truncated_dir` not NULL) leaves what it folded as rank-R.truncated.bgc. */
void fold_records_freeze(const char *why, const char *truncated_dir);
/* Merges the ranks' traces (and their site tables) over a private duplicate of MPI_COMM_WORLD.
 * Collective: every rank calls it from MPI_Finalize, before PMPI_Finalize. */
void fold_records_merge(void);
/* After PMPI_Finalize, at rank 0: dir/trace.sites, and dir/trace.bgc with its site lines (or
 * dir/trace.problems); the summary line on stderr. Nothing on other ranks. */
void fold_records_write(const char *dir);

/* ---- writer.c: the text of the stream ------------------------------------------------------------ */

void writer_start(void);
int writer_open(const char *path); /* -1 with errno set when it cannot */
void writer_text_off(void); /* BENCHGEN_TRACE_RAW=0: records are folded, no text is written */
int writer_text(void);
int writer_is_open(void);
void writer_close(void);
/* The errno of the first write (or close) of the stream that failed, 0 if none; and the bytes
 * written until then. */
int writer_error(void);
uint64_t writer_bytes(void);
void write_header(int rank, int size, int depth, char *library);
void write_records(const uint64_t *r, size_t nwords); /* complete records, up to the limit */
void write_truncated(void);
void write_unsupported(int what); /* a `# unsupported` line (enum bgt_unsupported) */
const char *unsupported_text(int what);
void write_limit_note(long max_mb);
/* BENCHGEN_TRACE_MAX_MB: write_records writes no record once the stream has `bytes`. */
void writer_limit(uint64_t bytes);
void writer_cap_more(uint64_t bytes); /* at most `bytes` more than the stream has now */
int writer_full(void);
/* Async-signal-safe: ends the stream with the truncation marker, as it stands, and closes it. */
void writer_emergency_end(void);

/* ---- site_table.c: where the call sites lie, for trace.sites (issue 48) ------------------------- */

/* Notes where `site` lies; 1 if it is new (or the table is full), 0 if this rank described it
 * before: the caller's cache of return addresses may miss a site it saw (two addresses in one
 * slot), and its stream must still describe each site once. */
int site_table_note(uint64_t site, void *const *addrs, int n, const char *where);
/* Every rank's table to rank 0 (in MPI_Finalize, before PMPI_Finalize). */
void site_table_merge(MPI_Comm *w, int rank, int size);
/* The table as trace.sites writes it ('\n'-terminated lines), rank 0's merged after the merge. */
const char *site_table_text(size_t *len);
/* dir/trace.sites, whole or not at all; nothing where no site was seen. */
void site_table_write(const char *dir);

#pragma GCC visibility pop

#endif
