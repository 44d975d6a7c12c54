/* benchgen tracer: the Fortran bindings of `include 'mpif.h'` and `use mpi`.
 *
 * Scope: those two bindings only. The mpi_f08 module calls other symbols (Open MPI: mpi_send_f08,
 * MPICH: mpi_send_f08_, with TYPE(MPI_Comm) and friends as arguments), which are not wrapped: calls
 * made through mpi_f08 reach the C wrappers only if the library's f08 layer calls the C MPI_ names.
 *
 * Every wrapped call is defined in the four manglings Fortran compilers use (mpi_send_, mpi_send__,
 * mpi_send, MPI_SEND): one function and three aliases, so the return address is the application's
 * call site whichever name it linked. A wrapper calls the MPI library's own Fortran entry point
 * (pmpi_send_ & co, found with dlsym(RTLD_NEXT)), which keeps every Fortran convention the library's
 * own (MPI_IN_PLACE, MPI_BOTTOM, status arrays, ierror), then converts handles and statuses to C and
 * hands them to the same recording helper as the C wrapper. Open MPI's Fortran layer calls PMPI_Send:
 * the C wrappers see nothing of it. MPICH's calls the C MPI_Send: our C wrapper then runs nested in
 * this one, and the guard of bgt_enter keeps it from recording the call a second time.
 *
 * MPI_INIT, MPI_INIT_THREAD and MPI_FINALIZE are the exception: they call the C PMPI_Init,
 * PMPI_Init_thread and PMPI_Finalize themselves, so the stream is set up and closed by exactly one
 * wrapper. Both libraries' Fortran INIT/FINALIZE do nothing else than the C call (with argc = 0,
 * argv = NULL) plus, in MPICH, the lazy set-up of the Fortran constants, which
 * fortran_layer_init() below triggers through the library's own MPI_INITIALIZED. */
#define _GNU_SOURCE
#include "bgt.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

/* Count and index arrays (recvcounts, dims, ...) go to the core as they are: INTEGER is a C int. */
_Static_assert(sizeof(MPI_Fint) == sizeof(int), "the Fortran INTEGER of this MPI is not a C int");

/* A Fortran status is MPI_STATUS_SIZE INTEGERs (MPICH: MPI_F_STATUS_SIZE = 5; Open MPI 4 does not
 * define it in mpi.h, and its MPI_STATUS_SIZE is a C MPI_Status in INTEGERs: 6). */
#ifndef MPI_F_STATUS_SIZE
#define MPI_F_STATUS_SIZE ((int) ((sizeof(MPI_Status) + sizeof(MPI_Fint) - 1) / sizeof(MPI_Fint)))
#endif
#define FST MPI_F_STATUS_SIZE

typedef MPI_Fint fint;

#define ENTER bgt_call c_; bgt_enter(&c_, __builtin_return_address(0))
#define LEAVE bgt_leave(&c_)

#define COMM(f) PMPI_Comm_f2c(*(f))
#define TYPE(f) PMPI_Type_f2c(*(f))
#define OPH(f) PMPI_Op_f2c(*(f))
#define REQ(f) PMPI_Request_f2c(*(f))

static void die(const char *what) {
  fprintf(stderr, "benchgen-trace: %s\n", what);
  abort();
}

/* ---- the library's Fortran layer ------------------------------------------------------------------ */

/* The library's Fortran entry point for `base` ("send" -> pmpi_send_, pmpi_send__, pmpi_send,
 * PMPI_SEND: the first one that exists). */
static void *lookup(const char *base) {
  char names[4][80];
  snprintf(names[0], sizeof names[0], "pmpi_%s_", base);
  snprintf(names[1], sizeof names[1], "pmpi_%s__", base);
  snprintf(names[2], sizeof names[2], "pmpi_%s", base);
  snprintf(names[3], sizeof names[3], "PMPI_%s", base);
  for (char *p = names[3] + 5; *p; p++)
    if (*p >= 'a' && *p <= 'z') *p = (char) (*p - 'a' + 'A');
  for (int i = 0; i < 4; i++) {
    void *f = dlsym(RTLD_NEXT, names[i]);
    if (f) return f;
  }
  fprintf(stderr,
          "benchgen-trace: the MPI library has no Fortran entry point %s (nor %s, %s, %s): is the "
          "program linked with the Fortran library of the MPI the tracer was built with?\n",
          names[0], names[1], names[2], names[3]);
  abort();
}

/* Calls the library's entry point for mpi_<name>_, which has this wrapper's own signature. */
#define CALL(name, ...)                                                                            \
  do {                                                                                             \
    static __typeof__(mpi_##name##_) *f_;                                                          \
    if (!f_) f_ = (__typeof__(mpi_##name##_) *) lookup(#name);                                     \
    f_(__VA_ARGS__);                                                                               \
  } while (0)

/* The three other manglings of mpi_<name>_. */
#define ALIASES(name, NAME)                                                                        \
  extern __typeof__(mpi_##name##_) mpi_##name##__ __attribute__((alias("mpi_" #name "_")));        \
  extern __typeof__(mpi_##name##_) mpi_##name __attribute__((alias("mpi_" #name "_")));            \
  extern __typeof__(mpi_##name##_) MPI_##NAME __attribute__((alias("mpi_" #name "_")));

/* MPICH sets up its Fortran constants (MPI_F_STATUS(ES)_IGNORE, the address of MPI_IN_PLACE) in the
 * first call of its Fortran layer; MPI_INITIALIZED is one that may be called at any time. */
static void fortran_layer_init(void) {
  static int done;
  if (done) return;
  done = 1;
  void (*initialized)(fint *, fint *) = (void (*)(fint *, fint *)) lookup("initialized");
  fint flag = 0, ierr = 0;
  initialized(&flag, &ierr);
}

static int status_ignored(const fint *st) {
  if (!MPI_F_STATUS_IGNORE) fortran_layer_init();
  return st == MPI_F_STATUS_IGNORE;
}
static int statuses_ignored(const fint *st) {
  if (!MPI_F_STATUSES_IGNORE) fortran_layer_init();
  return st == MPI_F_STATUSES_IGNORE;
}

/* Fortran's MPI_IN_PLACE is the address of a variable. Open MPI: the common block
 * mpi_fortran_in_place (libmpi.so; the executable's copy when it has one, which is the one dlsym
 * finds first). MPICH: libmpichfort's MPIR_F_MPI_IN_PLACE holds the address, set by its Fortran
 * layer (read after the call, when the layer has set it). */
static const void *cbuf(const void *buf) {
  static int looked;
  static const void *ompi[4];
  static void *const *mpich;
  if (!looked) {
    static const char *const names[4] = { "mpi_fortran_in_place_", "mpi_fortran_in_place",
                                          "mpi_fortran_in_place__", "MPI_FORTRAN_IN_PLACE" };
    for (int i = 0; i < 4; i++) ompi[i] = dlsym(RTLD_DEFAULT, names[i]);
    mpich = dlsym(RTLD_DEFAULT, "MPIR_F_MPI_IN_PLACE");
    looked = 1;
  }
  if (!buf) return buf;
  for (int i = 0; i < 4; i++)
    if (ompi[i] && buf == ompi[i]) return MPI_IN_PLACE;
  if (mpich && *mpich && buf == *mpich) return MPI_IN_PLACE;
  return buf;
}

/* ---- scratch arrays (a wrapped call is never nested in another Fortran wrapper) -------------------- */

static void *grow(void *p, int *cap, int n, size_t elem) {
  if (n <= *cap) return p;
  int c = n < 64 ? 64 : n;
  p = realloc(p, (size_t) c * elem);
  if (!p) die("out of memory for Fortran arguments");
  *cap = c;
  return p;
}

/* C handles of a Fortran request array, taken before MPI overwrites completed ones. */
static MPI_Request *creqs(int n, const fint *f) {
  static MPI_Request *r;
  static int cap;
  r = grow(r, &cap, n, sizeof *r);
  for (int i = 0; i < n; i++) r[i] = PMPI_Request_f2c(f[i]);
  return r;
}

/* Fortran statuses for a caller that passed MPI_STATUSES_IGNORE. */
static fint *fstatuses(int n) {
  static fint *s;
  static int cap;
  s = grow(s, &cap, (n > 0 ? n : 1) * FST, sizeof *s);
  return s;
}

/* The first n Fortran statuses of f, in C. */
static MPI_Status *cstatuses(const fint *f, int n) {
  MPI_Status *s = bgt_statuses(n > 0 ? n : 1);
  for (int i = 0; i < n; i++) PMPI_Status_f2c(f + (size_t) i * FST, &s[i]);
  return s;
}

/* Waitsome/Testsome indices, 1-based in Fortran, 0-based for the core. */
static int *cindices(const fint *f, int n) {
  static int *x;
  static int cap;
  x = grow(x, &cap, n, sizeof *x);
  for (int i = 0; i < n; i++) x[i] = f[i] - 1;
  return x;
}

/* A Waitany/Testany index, 1-based in Fortran, 0-based for the core; MPI_UNDEFINED stays so. MPICH
 * 4.0's Fortran layer adds 1 to MPI_UNDEFINED as well: anything out of 1..n means none. */
static int findex(fint index, int n) {
  return index >= 1 && index <= n ? index - 1 : MPI_UNDEFINED;
}

/* Fortran LOGICALs as 0/1: .true. is 1 for gfortran, -1 for ifort; .false. is 0 for both. */
static int *clogicals(const fint *f, int n) {
  static int *x;
  static int cap;
  x = grow(x, &cap, n, sizeof *x);
  for (int i = 0; i < n; i++) x[i] = f[i] != 0;
  return x;
}

/* A status to read from even when the caller passed MPI_STATUS_IGNORE; never written to the
 * caller's sentinel. */
#define FSTATUS(st)                                                                                \
  _Alignas(MPI_Status) fint fs_[FST];                                                              \
  fint *fsp_ = c_.on && status_ignored(st) ? fs_ : (st);                                           \
  MPI_Status cs_
#define CSTATUS (PMPI_Status_f2c(fsp_, &cs_), &cs_)
#define FSTATUSES(sts, n) fint *fst_ = c_.on && statuses_ignored(sts) ? fstatuses(n) : (sts)

/* ---- lifecycle ------------------------------------------------------------------------------------- */

void mpi_init_(fint *ierr) {
  ENTER;
  fortran_layer_init();
  *ierr = PMPI_Init(NULL, NULL);
  bgt_after_init(&c_);
  LEAVE;
}
ALIASES(init, INIT)

void mpi_init_thread_(fint *required, fint *provided, fint *ierr) {
  ENTER;
  fortran_layer_init();
  int prov = MPI_THREAD_SINGLE;
  *ierr = PMPI_Init_thread(NULL, NULL, *required, &prov);
  *provided = prov;
  bgt_after_init(&c_);
  LEAVE;
}
ALIASES(init_thread, INIT_THREAD)

void mpi_finalize_(fint *ierr) {
  ENTER;
  bgt_before_finalize();
  *ierr = PMPI_Finalize();
  bgt_after_finalize(&c_);
  LEAVE;
}
ALIASES(finalize, FINALIZE)

void mpi_abort_(fint *comm, fint *code, fint *ierr) {
  bgt_abort();
  CALL(abort, comm, code, ierr);
}
ALIASES(abort, ABORT)

/* ---- point to point -------------------------------------------------------------------------------- */

#define SEND_LIKE(name, NAME)                                                                      \
  void mpi_##name##_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,         \
                     fint *ierr) {                                                                 \
    ENTER;                                                                                         \
    CALL(name, buf, count, type, dest, tag, comm, ierr);                                           \
    if (c_.on) bgt_rec_send(&c_, BGT_##NAME, *count, TYPE(type), *dest, *tag, COMM(comm));         \
    LEAVE;                                                                                         \
  }                                                                                                \
  ALIASES(name, NAME)
SEND_LIKE(send, SEND)
SEND_LIKE(ssend, SSEND)
SEND_LIKE(bsend, BSEND)
SEND_LIKE(rsend, RSEND)

#define ISEND_LIKE(name, NAME)                                                                     \
  void mpi_##name##_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,         \
                     fint *req, fint *ierr) {                                                      \
    ENTER;                                                                                         \
    CALL(name, buf, count, type, dest, tag, comm, req, ierr);                                      \
    if (c_.on)                                                                                     \
      bgt_rec_isend(&c_, BGT_##NAME, *count, TYPE(type), *dest, *tag, COMM(comm), REQ(req));       \
    LEAVE;                                                                                         \
  }                                                                                                \
  ALIASES(name, NAME)
ISEND_LIKE(isend, ISEND)
ISEND_LIKE(issend, ISSEND)
ISEND_LIKE(irsend, IRSEND)
ISEND_LIKE(ibsend, IBSEND)
ISEND_LIKE(send_init, SEND_INIT)
ISEND_LIKE(ssend_init, SSEND_INIT)
ISEND_LIKE(bsend_init, BSEND_INIT)
ISEND_LIKE(rsend_init, RSEND_INIT)

#define IRECV_LIKE(name, NAME)                                                                     \
  void mpi_##name##_(void *buf, fint *count, fint *type, fint *src, fint *tag, fint *comm,          \
                     fint *req, fint *ierr) {                                                      \
    ENTER;                                                                                         \
    CALL(name, buf, count, type, src, tag, comm, req, ierr);                                       \
    if (c_.on)                                                                                     \
      bgt_rec_irecv(&c_, BGT_##NAME, *count, TYPE(type), *src, *tag, COMM(comm), REQ(req));        \
    LEAVE;                                                                                         \
  }                                                                                                \
  ALIASES(name, NAME)
IRECV_LIKE(irecv, IRECV)
IRECV_LIKE(recv_init, RECV_INIT)

void mpi_recv_(void *buf, fint *count, fint *type, fint *src, fint *tag, fint *comm, fint *st,
               fint *ierr) {
  ENTER;
  FSTATUS(st);
  CALL(recv, buf, count, type, src, tag, comm, fsp_, ierr);
  if (c_.on) bgt_rec_recv(&c_, *count, TYPE(type), *src, *tag, COMM(comm), CSTATUS);
  LEAVE;
}
ALIASES(recv, RECV)

void mpi_sendrecv_(void *sbuf, fint *count, fint *type, fint *dest, fint *tag, void *rbuf,
                   fint *rcount, fint *rtype, fint *src, fint *rtag, fint *comm, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  CALL(sendrecv, sbuf, count, type, dest, tag, rbuf, rcount, rtype, src, rtag, comm, fsp_, ierr);
  if (c_.on)
    bgt_rec_sendrecv(&c_, *count, TYPE(type), *dest, *tag, *rcount, TYPE(rtype), *src, *rtag,
                     COMM(comm), CSTATUS);
  LEAVE;
}
ALIASES(sendrecv, SENDRECV)

void mpi_sendrecv_replace_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *src,
                           fint *rtag, fint *comm, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  CALL(sendrecv_replace, buf, count, type, dest, tag, src, rtag, comm, fsp_, ierr);
  if (c_.on)
    bgt_rec_sendrecv_replace(&c_, *count, TYPE(type), *dest, *tag, *src, *rtag, COMM(comm), CSTATUS);
  LEAVE;
}
ALIASES(sendrecv_replace, SENDRECV_REPLACE)

void mpi_probe_(fint *src, fint *tag, fint *comm, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  CALL(probe, src, tag, comm, fsp_, ierr);
  if (c_.on) bgt_rec_probe(&c_, BGT_PROBE, *src, *tag, COMM(comm), 1, CSTATUS);
  LEAVE;
}
ALIASES(probe, PROBE)

void mpi_iprobe_(fint *src, fint *tag, fint *comm, fint *flag, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  CALL(iprobe, src, tag, comm, flag, fsp_, ierr);
  if (c_.on) bgt_rec_probe(&c_, BGT_IPROBE, *src, *tag, COMM(comm), *flag != 0, CSTATUS);
  LEAVE;
}
ALIASES(iprobe, IPROBE)

/* ---- completion ------------------------------------------------------------------------------------ */

void mpi_wait_(fint *req, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  if (c_.on) bgt_reqs_before(1, creqs(1, req));
  CALL(wait, req, fsp_, ierr);
  if (c_.on) bgt_reqs_after(&c_, BGT_WAIT, -1, 0, CSTATUS);
  LEAVE;
}
ALIASES(wait, WAIT)

void mpi_waitall_(fint *n, fint *reqs, fint *sts, fint *ierr) {
  ENTER;
  FSTATUSES(sts, *n);
  if (c_.on) bgt_reqs_before(*n, creqs(*n, reqs));
  CALL(waitall, n, reqs, fst_, ierr);
  if (c_.on) bgt_reqs_after(&c_, BGT_WAITALL, -1, 0, cstatuses(fst_, *n));
  LEAVE;
}
ALIASES(waitall, WAITALL)

void mpi_waitany_(fint *n, fint *reqs, fint *index, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  if (c_.on) bgt_reqs_before(*n, creqs(*n, reqs));
  CALL(waitany, n, reqs, index, fsp_, ierr);
  if (c_.on) {
    int i = findex(*index, *n);
    bgt_reqs_after(&c_, BGT_WAITANY, i == MPI_UNDEFINED ? 0 : 1, &i, CSTATUS);
  }
  LEAVE;
}
ALIASES(waitany, WAITANY)

void mpi_waitsome_(fint *n, fint *reqs, fint *outcount, fint *indices, fint *sts, fint *ierr) {
  ENTER;
  FSTATUSES(sts, *n);
  if (c_.on) bgt_reqs_before(*n, creqs(*n, reqs));
  CALL(waitsome, n, reqs, outcount, indices, fst_, ierr);
  if (c_.on) {
    int k = *outcount == MPI_UNDEFINED ? 0 : *outcount;
    bgt_reqs_after(&c_, BGT_WAITSOME, k, cindices(indices, k), cstatuses(fst_, k));
  }
  LEAVE;
}
ALIASES(waitsome, WAITSOME)

void mpi_test_(fint *req, fint *flag, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  if (c_.on) bgt_reqs_before(1, creqs(1, req));
  CALL(test, req, flag, fsp_, ierr);
  if (c_.on) bgt_reqs_after(&c_, BGT_TEST, *flag ? -1 : 0, 0, CSTATUS);
  LEAVE;
}
ALIASES(test, TEST)

void mpi_testall_(fint *n, fint *reqs, fint *flag, fint *sts, fint *ierr) {
  ENTER;
  FSTATUSES(sts, *n);
  if (c_.on) bgt_reqs_before(*n, creqs(*n, reqs));
  CALL(testall, n, reqs, flag, fst_, ierr);
  if (c_.on) bgt_reqs_after(&c_, BGT_TESTALL, *flag ? -1 : 0, 0, cstatuses(fst_, *flag ? *n : 0));
  LEAVE;
}
ALIASES(testall, TESTALL)

void mpi_testany_(fint *n, fint *reqs, fint *index, fint *flag, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  if (c_.on) bgt_reqs_before(*n, creqs(*n, reqs));
  CALL(testany, n, reqs, index, flag, fsp_, ierr);
  if (c_.on) {
    int i = findex(*index, *n);
    bgt_reqs_after(&c_, BGT_TESTANY, *flag && i != MPI_UNDEFINED ? 1 : 0, &i, CSTATUS);
  }
  LEAVE;
}
ALIASES(testany, TESTANY)

void mpi_testsome_(fint *n, fint *reqs, fint *outcount, fint *indices, fint *sts, fint *ierr) {
  ENTER;
  FSTATUSES(sts, *n);
  if (c_.on) bgt_reqs_before(*n, creqs(*n, reqs));
  CALL(testsome, n, reqs, outcount, indices, fst_, ierr);
  if (c_.on) {
    int k = *outcount == MPI_UNDEFINED ? 0 : *outcount;
    bgt_reqs_after(&c_, BGT_TESTSOME, k, cindices(indices, k), cstatuses(fst_, k));
  }
  LEAVE;
}
ALIASES(testsome, TESTSOME)

void mpi_start_(fint *req, fint *ierr) {
  ENTER;
  if (c_.on) bgt_reqs_before(1, creqs(1, req));
  CALL(start, req, ierr);
  bgt_rec_start(&c_, BGT_START);
  LEAVE;
}
ALIASES(start, START)

void mpi_startall_(fint *n, fint *reqs, fint *ierr) {
  ENTER;
  if (c_.on) bgt_reqs_before(*n, creqs(*n, reqs));
  CALL(startall, n, reqs, ierr);
  bgt_rec_start(&c_, BGT_STARTALL);
  LEAVE;
}
ALIASES(startall, STARTALL)

void mpi_request_free_(fint *req, fint *ierr) {
  ENTER;
  if (c_.on) bgt_reqs_before(1, creqs(1, req));
  CALL(request_free, req, ierr);
  bgt_rec_request_free(&c_);
  LEAVE;
}
ALIASES(request_free, REQUEST_FREE)

/* ---- collectives ----------------------------------------------------------------------------------- */

/* A collective and its I-form: PARAMS and ARGS are the parenthesised parameters and arguments before
 * (request and) ierror; the rest initialises the bgt_coll, as in the C wrapper. */
#define EXPAND(...) __VA_ARGS__
#define COLL_PAIR(name, NAME, PARAMS, ARGS, ...)                                                   \
  void mpi_##name##_(EXPAND PARAMS, fint *ierr) {                                                  \
    ENTER;                                                                                         \
    CALL(name, EXPAND ARGS, ierr);                                                                 \
    if (c_.on) {                                                                                   \
      bgt_coll a_ = { __VA_ARGS__ };                                                               \
      bgt_rec_coll(&c_, BGT_##NAME, &a_, MPI_REQUEST_NULL);                                        \
    }                                                                                              \
    LEAVE;                                                                                         \
  }                                                                                                \
  ALIASES(name, NAME)                                                                              \
  void mpi_i##name##_(EXPAND PARAMS, fint *req, fint *ierr) {                                      \
    ENTER;                                                                                         \
    CALL(i##name, EXPAND ARGS, req, ierr);                                                         \
    if (c_.on) {                                                                                   \
      bgt_coll a_ = { __VA_ARGS__ };                                                               \
      bgt_rec_coll(&c_, BGT_I##NAME, &a_, REQ(req));                                               \
    }                                                                                              \
    LEAVE;                                                                                         \
  }                                                                                                \
  ALIASES(i##name, I##NAME)

COLL_PAIR(barrier, BARRIER, (fint *comm), (comm), .comm = COMM(comm))

COLL_PAIR(bcast, BCAST,
          (void *buf, fint *count, fint *type, fint *root, fint *comm),
          (buf, count, type, root, comm),
          .comm = COMM(comm), .root = *root, .count = *count, .type = TYPE(type))

COLL_PAIR(reduce, REDUCE,
          (void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *root, fint *comm),
          (sbuf, rbuf, count, type, op, root, comm),
          .comm = COMM(comm), .root = *root, .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .count = *count,
          .type = TYPE(type), .op = OPH(op))

/* Allreduce, Scan, Exscan. */
#define REDUCE_ALL(name, NAME)                                                                     \
  COLL_PAIR(name, NAME,                                                                            \
            (void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm),               \
            (sbuf, rbuf, count, type, op, comm),                                                   \
            .comm = COMM(comm), .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .count = *count,           \
            .type = TYPE(type), .op = OPH(op))
REDUCE_ALL(allreduce, ALLREDUCE)
REDUCE_ALL(scan, SCAN)
REDUCE_ALL(exscan, EXSCAN)

COLL_PAIR(reduce_scatter_block, REDUCE_SCATTER_BLOCK,
          (void *sbuf, void *rbuf, fint *rcount, fint *type, fint *op, fint *comm),
          (sbuf, rbuf, rcount, type, op, comm),
          .comm = COMM(comm), .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .rcount = *rcount,
          .type = TYPE(type), .op = OPH(op))

COLL_PAIR(reduce_scatter, REDUCE_SCATTER,
          (void *sbuf, void *rbuf, fint *rcounts, fint *type, fint *op, fint *comm),
          (sbuf, rbuf, rcounts, type, op, comm),
          .comm = COMM(comm), .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .rcounts = rcounts,
          .type = TYPE(type), .op = OPH(op))

/* Gather and Scatter. */
#define ROOTED_SR(name, NAME)                                                                      \
  COLL_PAIR(name, NAME,                                                                            \
            (void *sbuf, fint *count, fint *type, void *rbuf, fint *rcount, fint *rtype,           \
             fint *root, fint *comm),                                                              \
            (sbuf, count, type, rbuf, rcount, rtype, root, comm),                                  \
            .comm = COMM(comm), .root = *root, .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf),             \
            .count = *count, .type = TYPE(type), .rcount = *rcount, .rtype = TYPE(rtype))
ROOTED_SR(gather, GATHER)
ROOTED_SR(scatter, SCATTER)

/* Allgather and Alltoall. */
#define ALL_SR(name, NAME)                                                                         \
  COLL_PAIR(name, NAME,                                                                            \
            (void *sbuf, fint *count, fint *type, void *rbuf, fint *rcount, fint *rtype,           \
             fint *comm),                                                                          \
            (sbuf, count, type, rbuf, rcount, rtype, comm),                                        \
            .comm = COMM(comm), .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .count = *count,           \
            .type = TYPE(type), .rcount = *rcount, .rtype = TYPE(rtype))
ALL_SR(allgather, ALLGATHER)
ALL_SR(alltoall, ALLTOALL)

COLL_PAIR(gatherv, GATHERV,
          (void *sbuf, fint *count, fint *type, void *rbuf, fint *rcounts, fint *displs, fint *rtype,
           fint *root, fint *comm),
          (sbuf, count, type, rbuf, rcounts, displs, rtype, root, comm),
          .comm = COMM(comm), .root = *root, .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .count = *count,
          .type = TYPE(type), .rcounts = rcounts, .rtype = TYPE(rtype))

COLL_PAIR(scatterv, SCATTERV,
          (void *sbuf, fint *counts, fint *displs, fint *type, void *rbuf, fint *rcount, fint *rtype,
           fint *root, fint *comm),
          (sbuf, counts, displs, type, rbuf, rcount, rtype, root, comm),
          .comm = COMM(comm), .root = *root, .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .counts = counts,
          .type = TYPE(type), .rcount = *rcount, .rtype = TYPE(rtype))

COLL_PAIR(allgatherv, ALLGATHERV,
          (void *sbuf, fint *count, fint *type, void *rbuf, fint *rcounts, fint *displs, fint *rtype,
           fint *comm),
          (sbuf, count, type, rbuf, rcounts, displs, rtype, comm),
          .comm = COMM(comm), .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .count = *count,
          .type = TYPE(type), .rcounts = rcounts, .rtype = TYPE(rtype))

COLL_PAIR(alltoallv, ALLTOALLV,
          (void *sbuf, fint *counts, fint *sdispls, fint *type, void *rbuf, fint *rcounts,
           fint *rdispls, fint *rtype, fint *comm),
          (sbuf, counts, sdispls, type, rbuf, rcounts, rdispls, rtype, comm),
          .comm = COMM(comm), .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .counts = counts,
          .type = TYPE(type), .rcounts = rcounts, .rtype = TYPE(rtype))

/* ---- communicators --------------------------------------------------------------------------------- */

void mpi_comm_split_(fint *comm, fint *color, fint *key, fint *newcomm, fint *ierr) {
  ENTER;
  CALL(comm_split, comm, color, key, newcomm, ierr);
  if (c_.on) bgt_rec_comm_split(&c_, COMM(comm), *color, *key, COMM(newcomm));
  LEAVE;
}
ALIASES(comm_split, COMM_SPLIT)

void mpi_comm_dup_(fint *comm, fint *newcomm, fint *ierr) {
  ENTER;
  CALL(comm_dup, comm, newcomm, ierr);
  if (c_.on) bgt_rec_comm_new(&c_, BGT_COMM_DUP, COMM(comm), COMM(newcomm));
  LEAVE;
}
ALIASES(comm_dup, COMM_DUP)

void mpi_comm_create_(fint *comm, fint *group, fint *newcomm, fint *ierr) {
  ENTER;
  CALL(comm_create, comm, group, newcomm, ierr);
  if (c_.on) bgt_rec_comm_new(&c_, BGT_COMM_CREATE, COMM(comm), COMM(newcomm));
  LEAVE;
}
ALIASES(comm_create, COMM_CREATE)

void mpi_cart_create_(fint *comm, fint *ndims, fint *dims, fint *periods, fint *reorder,
                      fint *newcomm, fint *ierr) {
  ENTER;
  CALL(cart_create, comm, ndims, dims, periods, reorder, newcomm, ierr);
  if (c_.on)
    bgt_rec_cart_create(&c_, COMM(comm), *ndims, dims, clogicals(periods, *ndims), COMM(newcomm));
  LEAVE;
}
ALIASES(cart_create, CART_CREATE)

void mpi_cart_sub_(fint *comm, fint *remain, fint *newcomm, fint *ierr) {
  ENTER;
  int ndims = 0;
  if (c_.on) PMPI_Cartdim_get(COMM(comm), &ndims);
  CALL(cart_sub, comm, remain, newcomm, ierr);
  if (c_.on) bgt_rec_cart_sub(&c_, COMM(comm), ndims, clogicals(remain, ndims), COMM(newcomm));
  LEAVE;
}
ALIASES(cart_sub, CART_SUB)

void mpi_comm_free_(fint *comm, fint *ierr) {
  ENTER;
  if (c_.on) bgt_comm_free_before(COMM(comm));
  CALL(comm_free, comm, ierr);
  bgt_rec_comm_free(&c_);
  LEAVE;
}
ALIASES(comm_free, COMM_FREE)
