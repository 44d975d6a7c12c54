/* benchgen tracer: what the Fortran wrappers (the generated ones, and wrap_f_special.c) share. They wrap the Fortran bindings of
 * `include 'mpif.h'` and `use mpi`.
 *
 * Scope: those two bindings. The mpi_f08 module calls other symbols (Open MPI: mpi_send_f08_,
 * MPICH: mpi_send_f08ts_), wrapped by the f08 wrappers (wrap_f08.h), which use these helpers too.
 *
 * Every wrapped call is defined in the four manglings Fortran compilers use (mpi_send_, mpi_send__,
 * mpi_send, MPI_SEND): one function and three aliases, so the return address is the application's
 * call site whichever name it linked. A wrapper calls the MPI library's own Fortran entry point
 * (pmpi_send_ & co, found with dlsym(RTLD_NEXT)), which keeps every Fortran convention the library's
 * own (MPI_IN_PLACE, MPI_BOTTOM, status arrays, ierror), then converts handles and statuses to C and
 * hands them to the same recording helper as the C wrapper. Open MPI's Fortran layer calls PMPI_Send:
 * the C wrappers see nothing of it. MPICH's calls the C MPI_Send: our C wrapper then runs nested in
 * this one, and the guard of bgt_enter keeps it from recording the call a second time. */
#ifndef BGT_WRAP_F_H
#define BGT_WRAP_F_H

#include "bgt.h"

#include <stddef.h>

/* A Fortran status is MPI_STATUS_SIZE INTEGERs (MPICH: MPI_F_STATUS_SIZE = 5; Open MPI 4 does not
 * define it in mpi.h, and its MPI_STATUS_SIZE is a C MPI_Status in INTEGERs: 6). */
#ifndef MPI_F_STATUS_SIZE
#define MPI_F_STATUS_SIZE ((int) ((sizeof(MPI_Status) + sizeof(MPI_Fint) - 1) / sizeof(MPI_Fint)))
#endif
#define FST MPI_F_STATUS_SIZE

typedef MPI_Fint fint;

/* A Fortran handle in C: F2C(Comm, comm) is PMPI_Comm_f2c(*comm). */
#define F2C(KIND, f) PMPI_##KIND##_f2c(*(f))

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

/* Hidden: the helpers of wrap_f.c must not be exported from a preloaded library. */
#pragma GCC visibility push(hidden)

/* ---- the library's Fortran layer (wrap_f.c) ------------------------------------------------------ */

void *lookup(const char *base);
void fortran_layer_init(void);
int status_ignored(const fint *st);
int statuses_ignored(const fint *st);
const void *cbuf(const void *buf);

/* ---- arguments in C (wrap_f.c; scratch arrays valid until the thread's next wrapped call) -------- */

MPI_Request *creqs(int n, const fint *f);
fint *fstatuses(int n);
/* The first n of a Fortran array of statuses, or indices (from 1) from 0; n < 0 (an outcount of
 * MPI_UNDEFINED): none. */
MPI_Status *cstatuses(const fint *f, int n);
int *cindices(const fint *f, int n);
/* Fortran datatypes, one per peer of a collective on comm (MPI_Alltoallw's; its neighbours' for
 * MPI_Neighbor_alltoallw), in C: the receive side's if `recv`, each in a scratch array of its own. */
MPI_Datatype *ctypes(const fint *f, MPI_Comm comm, int op, int recv);

/* A Waitany/Testany index, 1-based in Fortran, 0-based for the core; MPI_UNDEFINED stays so. MPICH
 * 4.0's Fortran layer adds 1 to MPI_UNDEFINED as well: anything out of 1..n means none. */
static inline int findex(fint index, int n) {
  return index >= 1 && index <= n ? index - 1 : MPI_UNDEFINED;
}

#pragma GCC visibility pop

/* A status to read from even when the caller passed MPI_STATUS_IGNORE; never written to the
 * caller's sentinel. */
#define FSTATUS(st)                                                                                \
  _Alignas(MPI_Status) fint fs_[FST];                                                              \
  fint *fsp_ = c_.on && status_ignored(st) ? fs_ : (st);                                           \
  MPI_Status cs_
#define CSTATUS (PMPI_Status_f2c(fsp_, &cs_), &cs_)
#define FSTATUSES(sts, n) fint *fst_ = c_.on && statuses_ignored(sts) ? fstatuses(n) : (sts)

#endif
