/* benchgen tracer: what the mpi_f08 wrappers (gen_f08_calls.c, gen_f08_coll.c, made from the
 * signature table, and wrap_f08_special.c) share. They wrap the bindings of `use mpi_f08`, which
 * call other symbols than `use mpi` (wrap_f.h), and which neither library routes through the C
 * MPI_ names throughout: Open MPI 4.1's mpi_send_f08_ calls ompi_send_f, which calls PMPI_Send;
 * MPICH 4.0's mpi_send_f08ts_ calls the C MPI_Send (through MPIR_Send_cdesc), but its
 * mpi_waitall_f08_ calls PMPI_Waitall. So every call is wrapped here, as the `use mpi` ones are:
 * the wrapper calls the library's own f08 entry point (pmpi_NAME_f08_, MPICH's pmpir_NAME_f08_),
 * converts its arguments to C for the core and hands them to the same recording helper.
 *
 * The f08 bindings pass what `use mpi` passes, by reference, with three differences:
 * - A handle (TYPE(MPI_Comm), ...) is a derived type holding the INTEGER handle, MPI_VAL: its
 *   address is the INTEGER's, converted by PMPI_Comm_f2c as before. TYPE(MPI_Status) has the
 *   layout of the Fortran INTEGER status (both libraries: the C MPI_Status), read by
 *   PMPI_Status_f2c; MPI_STATUS(ES)_IGNORE are other objects in MPICH (below).
 * - ierror is OPTIONAL: absent, its address is NULL, and the wrapper passes its own.
 * - A choice buffer (TYPE(*), DIMENSION(..) in MPICH, whose name then ends in _f08ts_) comes as
 *   the address of an array descriptor (gfortran's or TS 29113's: both start with the data's
 *   address); Open MPI 4.1 passes the data's address (mpi_send_f08_, its ignore-TKR form).
 *   MPICH's large-count forms (INTEGER(MPI_COUNT_KIND) counts) are NAME_f08ts_large_ and
 *   NAME_f08_large_. */
#ifndef BGT_WRAP_F08_H
#define BGT_WRAP_F08_H

#include "wrap_f.h"

/* The wrapper's name for a call: a plain one, one with a choice buffer, and MPICH's large-count
 * forms (MPI-4; F08_LARGE says whether the library has them). */
#define F08(name) mpi_##name##_f08_
#if defined(MPICH_VERSION)
#define F08_CHOICE(name) mpi_##name##_f08ts_
#define F08_LARGE(name) mpi_##name##_f08_large_
#define F08_LARGE_CHOICE(name) mpi_##name##_f08ts_large_
#define F08_HAS_LARGE (MPI_VERSION >= 4)
#else
#define F08_CHOICE(name) mpi_##name##_f08_
#define F08_HAS_LARGE 0
#endif

/* ierror, OPTIONAL: the caller's, or the wrapper's own where it passed none (NULL). */
#define F08_IERR                                                                                   \
  fint ierr_ = MPI_SUCCESS;                                                                        \
  fint *ierr = ierror ? ierror : &ierr_

/* Calls the library's entry point for the wrapper `fn` (this function: __func__ names it), which
 * has its signature: p<fn> (Open MPI: pmpi_send_f08_) or pmpir_ (MPICH: pmpir_send_f08ts_). */
#define CALL08(fn, ...)                                                                            \
  do {                                                                                             \
    static __typeof__(fn) *f_;                                                                     \
    if (!f_) f_ = (__typeof__(fn) *) lookup_f08(__func__);                                         \
    f_(__VA_ARGS__);                                                                               \
  } while (0)

#pragma GCC visibility push(hidden)

int f08_index_base(void);
int *cindices08(const fint *f, int n);
void *lookup_f08(const char *wrapper);
/* A choice buffer in C (its data's address, the f08 MPI_IN_PLACE as C's). */
const void *cbuf08(const void *buf);
/* A CHARACTER(LEN=len) argument as a C string, trailing blanks dropped (valid until the thread's
 * next wrapped call). */
const char *fstring(const char *s, size_t len);
int status_ignored08(const void *st);
int statuses_ignored08(const void *st);

#pragma GCC visibility pop

/* The index that MPI_Waitany and MPI_Testany return, and MPI_Waitsome's and MPI_Testsome's
 * indices, as this library's f08 layer gives them: MPICH 4.0.2's count from 0 (the C index: its
 * programs get them so too), Open MPI's from 1 as the standard says. The first such call asks the
 * library which (f08_index_base, wrap_f08.c). The generated wrappers call findex and cindices
 * through fValue of wrappers.stg, which `use mpi` shares: in the f08 files they are these. */
#define findex(index, n) findex((index) + 1 - f08_index_base(), (n))
#define cindices(f, n) cindices08((f), (n))

/* FSTATUS and FSTATUSES of wrap_f.h with the f08 sentinels. */
#define FSTATUS08(st)                                                                              \
  _Alignas(MPI_Status) fint fs_[FST];                                                              \
  fint *fsp_ = c_.on && status_ignored08(st) ? fs_ : (st);                                         \
  MPI_Status cs_
#define FSTATUSES08(sts, n) fint *fst_ = c_.on && statuses_ignored08(sts) ? fstatuses(n) : (sts)

#endif
