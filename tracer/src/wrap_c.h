/* benchgen tracer: what the C wrappers share (the generated ones, and wrap_c_special.c). The core
 * reads the statuses it is given (the size and the matched source of a receive), so the caller's
 * MPI_STATUS(ES)_IGNORE is replaced by storage of the tracer's. */
#ifndef BGT_WRAP_C_H
#define BGT_WRAP_C_H

#include "bgt.h"

/* A status to read from even when the caller passed MPI_STATUS_IGNORE; zeroed, so that a call that
 * failed and set none (an MPI-IO read under MPI_ERRORS_RETURN) reads as 0 bytes, not as the
 * stack's garbage. */
#define STATUS(st) MPI_Status s_ = {0}, *sp_ = (st) == MPI_STATUS_IGNORE ? &s_ : (st)
#define STATUSES(sts, n) MPI_Status *sts_ = (sts) == MPI_STATUSES_IGNORE && c_.on ? bgt_statuses(n) : (sts)

/* A collective's record: its arguments as a bgt_coll (designated initialisers), its request req_
 * (the generated wrappers' gen_c_coll.c). */
#define COLL(OP, ...) bgt_coll a_ = { __VA_ARGS__ }; bgt_rec_coll(&c_, OP, &a_, req_)

#endif
