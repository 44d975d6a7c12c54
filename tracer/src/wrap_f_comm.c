/* benchgen tracer, Fortran bindings: the calls that create and free communicators whose wrappers
 * the signature table cannot say; the twin of wrap_c_comm.c (gen_f_calls.c has the others). */
#include "wrap_f.h"

void mpi_cart_create_(fint *comm, fint *ndims, fint *dims, fint *periods, fint *reorder,
                      fint *newcomm, fint *ierr) {
  ENTER;
  CALL(cart_create, comm, ndims, dims, periods, reorder, newcomm, ierr);
  if (c_.on) bgt_rec_cart_create(&c_, COMM(comm), *ndims, dims, periods, COMM(newcomm));
  LEAVE;
}
ALIASES(cart_create, CART_CREATE)

void mpi_cart_sub_(fint *comm, fint *remain, fint *newcomm, fint *ierr) {
  ENTER;
  CALL(cart_sub, comm, remain, newcomm, ierr);
  if (c_.on) bgt_rec_cart_sub(&c_, COMM(comm), remain, COMM(newcomm));
  LEAVE;
}
ALIASES(cart_sub, CART_SUB)

void mpi_comm_free_(fint *comm, fint *ierr) {
  ENTER;
  if (c_.on) bgt_comm_free_before(&c_, COMM(comm));
  CALL(comm_free, comm, ierr);
  bgt_rec_comm_free(&c_);
  LEAVE;
}
ALIASES(comm_free, COMM_FREE)

void mpi_intercomm_create_(fint *local, fint *local_leader, fint *peer, fint *remote_leader,
                           fint *tag, fint *newcomm, fint *ierr) {
  ENTER;
  CALL(intercomm_create, local, local_leader, peer, remote_leader, tag, newcomm, ierr);
  /* peer means something at the local leader only, where the core reads it; elsewhere it may be
   * any INTEGER, which PMPI_Comm_f2c takes safely (MPICH: a cast; Open MPI: NULL if out of its
   * table). */
  if (c_.on) bgt_rec_intercomm_create(&c_, COMM(local), *local_leader, COMM(peer), *remote_leader,
                                      *tag, COMM(newcomm));
  LEAVE;
}
ALIASES(intercomm_create, INTERCOMM_CREATE)

/* Processes outside the world: said before the call, which may not return. */
void mpi_comm_connect_(char *port, fint *info, fint *root, fint *comm, fint *newcomm, fint *ierr,
                       size_t port_len) {
  ENTER;
  if (c_.on) bgt_unsupported(&c_, U_SPAWN);
  CALL(comm_connect, port, info, root, comm, newcomm, ierr, port_len);
  LEAVE;
}
ALIASES(comm_connect, COMM_CONNECT)

void mpi_comm_accept_(char *port, fint *info, fint *root, fint *comm, fint *newcomm, fint *ierr,
                      size_t port_len) {
  ENTER;
  if (c_.on) bgt_unsupported(&c_, U_SPAWN);
  CALL(comm_accept, port, info, root, comm, newcomm, ierr, port_len);
  LEAVE;
}
ALIASES(comm_accept, COMM_ACCEPT)

void mpi_comm_join_(fint *fd, fint *intercomm, fint *ierr) {
  ENTER;
  if (c_.on) bgt_unsupported(&c_, U_SPAWN);
  CALL(comm_join, fd, intercomm, ierr);
  LEAVE;
}
ALIASES(comm_join, COMM_JOIN)

/* The CHARACTER arguments' lengths follow the others, as the compilers pass them (size_t since
 * gfortran 8; a library that reads an int takes the low half of the same slot). */
void mpi_comm_spawn_(char *command, char *argv, fint *maxprocs, fint *info, fint *root,
                     fint *comm, fint *intercomm, fint *errcodes, fint *ierr, size_t command_len,
                     size_t argv_len) {
  ENTER;
  if (c_.on) bgt_unsupported(&c_, U_SPAWN);
  CALL(comm_spawn, command, argv, maxprocs, info, root, comm, intercomm, errcodes, ierr,
       command_len, argv_len);
  LEAVE;
}
ALIASES(comm_spawn, COMM_SPAWN)

void mpi_comm_spawn_multiple_(fint *count, char *commands, char *argvs, fint *maxprocs,
                              fint *infos, fint *root, fint *comm, fint *intercomm,
                              fint *errcodes, fint *ierr, size_t commands_len, size_t argvs_len) {
  ENTER;
  if (c_.on) bgt_unsupported(&c_, U_SPAWN);
  CALL(comm_spawn_multiple, count, commands, argvs, maxprocs, infos, root, comm, intercomm,
       errcodes, ierr, commands_len, argvs_len);
  LEAVE;
}
ALIASES(comm_spawn_multiple, COMM_SPAWN_MULTIPLE)

/* One-sided communication is not recorded (wrap_c_comm.c): a window's creation says so. */
REFUSED_F(win_create, WIN_CREATE, U_RMA, (void *base, MPI_Aint *size, fint *disp_unit,
                                          fint *info, fint *comm, fint *win, fint *ierr),
          base, size, disp_unit, info, comm, win, ierr)
REFUSED_F(win_allocate, WIN_ALLOCATE, U_RMA, (MPI_Aint *size, fint *disp_unit, fint *info,
                                              fint *comm, void *baseptr, fint *win, fint *ierr),
          size, disp_unit, info, comm, baseptr, win, ierr)
REFUSED_F(win_allocate_shared, WIN_ALLOCATE_SHARED, U_RMA,
          (MPI_Aint *size, fint *disp_unit, fint *info, fint *comm, void *baseptr, fint *win,
           fint *ierr),
          size, disp_unit, info, comm, baseptr, win, ierr)
REFUSED_F(win_create_dynamic, WIN_CREATE_DYNAMIC, U_RMA,
          (fint *info, fint *comm, fint *win, fint *ierr), info, comm, win, ierr)
