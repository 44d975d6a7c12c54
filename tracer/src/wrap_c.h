/* benchgen tracer: what the C wrappers that read statuses share. The core reads every status (the
 * size and the matched source of a receive), so the caller's MPI_STATUS(ES)_IGNORE is replaced by
 * storage of the tracer's. */
#ifndef BGT_WRAP_C_H
#define BGT_WRAP_C_H

#include "bgt.h"

/* A status to read from even when the caller passed MPI_STATUS_IGNORE. */
#define STATUS(st) MPI_Status s_, *sp_ = (st) == MPI_STATUS_IGNORE ? &s_ : (st)
#define STATUSES(sts, n) MPI_Status *sts_ = (sts) == MPI_STATUSES_IGNORE && c_.on ? bgt_statuses(n) : (sts)

#endif
