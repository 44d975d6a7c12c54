/* benchgen tracer: the MPI library's mpi_f08 layer as the f08 wrappers need it (wrap_f08.h): its
 * entry points, its constants (MPI_IN_PLACE, the ignored statuses), its buffers and strings. */
#define _GNU_SOURCE
#include "wrap_f08.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The library's entry point for the wrapper named `wrapper` (mpi_send_f08_): pmpi_send_f08_ (Open
 * MPI), pmpir_send_f08_ (MPICH). */
void *lookup_f08(const char *wrapper) {
  char names[2][96];
  snprintf(names[0], sizeof names[0], "p%s", wrapper);
  snprintf(names[1], sizeof names[1], "pmpir%s", wrapper + 3);
  for (int i = 0; i < 2; i++) {
    void *f = dlsym(RTLD_NEXT, names[i]);
    if (f) return f;
  }
  fprintf(stderr,
          "benchgen-trace: the MPI library has no mpi_f08 entry point %s (nor %s): is the program "
          "linked with the MPI the tracer was built with?\n",
          names[0], names[1]);
  abort();
}

/* MPICH's f08 constants are objects of libmpichfort (mpi.h: MPIR_F08_MPI_IN_PLACE, ...), found by
 * name so that the tracer loads into C programs too; Open MPI's are the common blocks of `use
 * mpi` (mpi_fortran_in_place_, ...), which wrap_f.c knows. Looked up once (a benign race). */
static const void *mpich_in_place, *mpich_status_ignore, *mpich_statuses_ignore;
static int looked;

static void look(void) {
  if (looked) return;
  mpich_in_place = dlsym(RTLD_DEFAULT, "MPIR_F08_MPI_IN_PLACE");
  mpich_status_ignore = dlsym(RTLD_DEFAULT, "MPIR_F08_MPI_STATUS_IGNORE_OBJ");
  mpich_statuses_ignore = dlsym(RTLD_DEFAULT, "MPIR_F08_MPI_STATUSES_IGNORE_OBJ");
  looked = 1;
}

const void *cbuf08(const void *buf) {
#if defined(MPICH_VERSION)
  /* A descriptor: its first member is the data's address. */
  buf = buf ? *(const void *const *) buf : NULL;
#endif
  look();
  if (buf && buf == mpich_in_place) return MPI_IN_PLACE;
  return cbuf(buf);
}

int status_ignored08(const void *st) {
  look();
  return (mpich_status_ignore && st == mpich_status_ignore) || status_ignored(st);
}

int statuses_ignored08(const void *st) {
  look();
  return (mpich_statuses_ignore && st == mpich_statuses_ignore) || statuses_ignored(st);
}

/* Asks the library's own f08 MPI_Testany which index it gives the second of two requests, a null
 * one and a receive from MPI_PROC_NULL (complete at once): 2 if it counts from 1, 1 if from 0.
 * Once (a benign race: every thread finds the same). */
int f08_index_base(void) {
  static int base = -1;
  if (base >= 0) return base;
  MPI_Request r;
  PMPI_Irecv(NULL, 0, MPI_BYTE, MPI_PROC_NULL, 0, MPI_COMM_SELF, &r);
  fint reqs[2] = { PMPI_Request_c2f(MPI_REQUEST_NULL), PMPI_Request_c2f(r) };
  fint n = 2, index = 0, flag = 0, ierr = 0;
  _Alignas(MPI_Status) fint st[FST];
  void (*testany)(fint *, fint *, fint *, fint *, fint *, fint *) =
      (void (*)(fint *, fint *, fint *, fint *, fint *, fint *)) lookup_f08("mpi_testany_f08_");
  testany(&n, reqs, &index, &flag, st, &ierr);
  if (!flag) {
    MPI_Request left = PMPI_Request_f2c(reqs[1]);
    if (left != MPI_REQUEST_NULL) PMPI_Request_free(&left);
  }
  base = flag && index == 1 ? 0 : 1;
  return base;
}

/* Waitsome/Testsome indices from the library's base, 0-based for the core. */
int *cindices08(const fint *f, int n) {
  static BGT_TLS int *x;
  static BGT_TLS int cap;
  if (n > cap) {
    int c = n < 64 ? 64 : n;
    int *p = realloc(x, (size_t) c * sizeof *p);
    if (!p) {
      fprintf(stderr, "benchgen-trace: out of memory for Fortran arguments\n");
      abort();
    }
    x = p;
    cap = c;
  }
  int base = f08_index_base();
  for (int i = 0; i < n; i++) x[i] = f[i] - base;
  return x;
}

const char *fstring(const char *s, size_t len) {
  static BGT_TLS char *x;
  static BGT_TLS size_t cap;
  while (len > 0 && s[len - 1] == ' ') len--;
  if (len + 1 > cap) {
    char *p = realloc(x, len + 1);
    if (!p) {
      fprintf(stderr, "benchgen-trace: out of memory for a Fortran string\n");
      abort();
    }
    x = p;
    cap = len + 1;
  }
  memcpy(x, s, len);
  x[len] = '\0';
  return x;
}
