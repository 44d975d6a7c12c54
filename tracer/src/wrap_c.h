/* benchgen tracer: what the C wrappers share. The core reads every status (the size and the
 * matched source of a receive), so the caller's MPI_STATUS(ES)_IGNORE is replaced by storage of
 * the tracer's; and calls not recorded yet pass through one shape (REFUSED). */
#ifndef BGT_WRAP_C_H
#define BGT_WRAP_C_H

#include "bgt.h"

/* A status to read from even when the caller passed MPI_STATUS_IGNORE. */
#define STATUS(st) MPI_Status s_, *sp_ = (st) == MPI_STATUS_IGNORE ? &s_ : (st)
#define STATUSES(sts, n) MPI_Status *sts_ = (sts) == MPI_STATUSES_IGNORE && c_.on ? bgt_statuses(n) : (sts)

/* A call the tracer does not record yet: the stream says what (bgt_unsupported, before the call,
 * which may not return), and the call passes through. PARAMS and ARGS are parenthesised lists. */
#define REFUSED(NAME, WHAT, PARAMS, ARGS)                                                          \
  int MPI_##NAME PARAMS {                                                                          \
    ENTER;                                                                                         \
    if (c_.on) bgt_unsupported(&c_, WHAT);                                                         \
    int rc = PMPI_##NAME ARGS;                                                                     \
    LEAVE;                                                                                         \
    return rc;                                                                                     \
  }

/* A collective's record: its arguments as a bgt_coll (designated initialisers), its request req_
 * (the generated wrappers' gen_c_coll.c). */
#define COLL(OP, ...) bgt_coll a_ = { __VA_ARGS__ }; bgt_rec_coll(&c_, OP, &a_, req_)

/* MPI-4's large-count forms (MPI_Send_c, ...): NAME's call, then RECORD (the statement that records
 * its int form), the call marked large. PARAMS and ARGS are parenthesised lists. */
#define LARGE(NAME, PARAMS, ARGS, ...)                                                             \
  int MPI_##NAME PARAMS {                                                                          \
    ENTER;                                                                                         \
    c_.large = 1;                                                                                  \
    int rc = PMPI_##NAME ARGS;                                                                     \
    __VA_ARGS__;                                                                                   \
    LEAVE;                                                                                         \
    return rc;                                                                                     \
  }

#endif
