/* benchgen tracer: the MPI library's Fortran layer as the Fortran wrappers need it:
 * its entry points, its constants (MPI_IN_PLACE, the ignored statuses), and its arguments turned
 * into what the core takes (C handles, statuses, 0-based indices). */
#define _GNU_SOURCE
#include "wrap_f.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

/* Count and index arrays (recvcounts, dims, ...) go to the core as they are: INTEGER is a C int,
 * and a LOGICAL one too (the core takes any value but 0 as true). */
_Static_assert(sizeof(MPI_Fint) == sizeof(int), "the Fortran INTEGER of this MPI is not a C int");

static void die(const char *what) {
  fprintf(stderr, "benchgen-trace: %s\n", what);
  abort();
}

/* The library's Fortran entry point for `base` ("send" -> pmpi_send_, pmpi_send__, pmpi_send,
 * PMPI_SEND: the first one that exists). */
void *lookup(const char *base) {
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

/* MPICH sets up its Fortran constants (MPI_F_STATUS(ES)_IGNORE, the address of MPI_IN_PLACE) in the
 * first call of its Fortran layer; MPI_INITIALIZED is one that may be called at any time. */
void fortran_layer_init(void) {
  static int done;
  if (done) return;
  done = 1;
  void (*initialized)(fint *, fint *) = (void (*)(fint *, fint *)) lookup("initialized");
  fint flag = 0, ierr = 0;
  initialized(&flag, &ierr);
}

int status_ignored(const fint *st) {
  if (!MPI_F_STATUS_IGNORE) fortran_layer_init();
  return st == MPI_F_STATUS_IGNORE;
}
int statuses_ignored(const fint *st) {
  if (!MPI_F_STATUSES_IGNORE) fortran_layer_init();
  return st == MPI_F_STATUSES_IGNORE;
}

/* Fortran's MPI_IN_PLACE is the address of a variable. Open MPI: the common block
 * mpi_fortran_in_place (libmpi.so; the executable's copy when it has one, which is the one dlsym
 * finds first). MPICH: libmpichfort's MPIR_F_MPI_IN_PLACE holds the address, set by its Fortran
 * layer (read after the call, when the layer has set it). */
const void *cbuf(const void *buf) {
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

/* ---- scratch arrays (a wrapped call is never nested in another Fortran wrapper) ------------------ */

static void *grow(void *p, int *cap, int n, size_t elem) {
  if (n <= *cap) return p;
  int c = n < 64 ? 64 : n;
  p = realloc(p, (size_t) c * elem);
  if (!p) die("out of memory for Fortran arguments");
  *cap = c;
  return p;
}

/* C handles of a Fortran request array, taken before MPI overwrites completed ones. */
MPI_Request *creqs(int n, const fint *f) {
  static BGT_TLS MPI_Request *r;
  static BGT_TLS int cap;
  r = grow(r, &cap, n, sizeof *r);
  for (int i = 0; i < n; i++) r[i] = PMPI_Request_f2c(f[i]);
  return r;
}

/* Fortran statuses for a caller that passed MPI_STATUSES_IGNORE. */
fint *fstatuses(int n) {
  static BGT_TLS fint *s;
  static BGT_TLS int cap;
  s = grow(s, &cap, (n > 0 ? n : 1) * FST, sizeof *s);
  return s;
}

/* The first n Fortran statuses of f, in C. */
MPI_Status *cstatuses(const fint *f, int n) {
  MPI_Status *s = bgt_statuses(n > 0 ? n : 1);
  for (int i = 0; i < n; i++) PMPI_Status_f2c(f + (size_t) i * FST, &s[i]);
  return s;
}

/* Waitsome/Testsome indices, 1-based in Fortran, 0-based for the core. */
int *cindices(const fint *f, int n) {
  static BGT_TLS int *x;
  static BGT_TLS int cap;
  x = grow(x, &cap, n, sizeof *x);
  for (int i = 0; i < n; i++) x[i] = f[i] - 1;
  return x;
}

MPI_Datatype *ctypes(const fint *f, MPI_Comm comm, int op, int recv) {
  static BGT_TLS MPI_Datatype *x[2];
  static BGT_TLS int cap[2];
  int in = 0, out = 0;
  bgt_peers(comm, (bgt_shapes[op] & SHAPE_NEIGHBOURHOOD) != 0, &in, &out);
  int n = recv ? in : out;
  x[recv] = grow(x[recv], &cap[recv], n, sizeof *x[recv]);
  for (int i = 0; i < n; i++) x[recv][i] = f ? PMPI_Type_f2c(f[i]) : MPI_DATATYPE_NULL;
  return x[recv];
}
