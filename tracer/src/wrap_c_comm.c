/* benchgen tracer, C bindings: the calls that create and free communicators whose wrappers the
 * signature table cannot say (a Cartesian topology's logicals, a size or a rank read before the
 * call, a string tag), and those refused; the generated gen_c_calls.c has the others. The trace
 * must follow them to name communicators alike on every rank (rec_comm.c, comms.c);
 * wrap_f_comm.c is the Fortran twin. */
#include "wrap_c.h"

int MPI_Cart_create(MPI_Comm comm, int ndims, const int dims[], const int periods[], int reorder,
                    MPI_Comm *newcomm) {
  ENTER;
  int rc = PMPI_Cart_create(comm, ndims, dims, periods, reorder, newcomm);
  bgt_rec_cart_create(&c_, comm, ndims, dims, periods, *newcomm);
  LEAVE;
  return rc;
}

int MPI_Cart_sub(MPI_Comm comm, const int remain[], MPI_Comm *newcomm) {
  ENTER;
  int rc = PMPI_Cart_sub(comm, remain, newcomm);
  if (c_.on) bgt_rec_cart_sub(&c_, comm, remain, *newcomm);
  LEAVE;
  return rc;
}

int MPI_Comm_free(MPI_Comm *comm) {
  ENTER;
  if (c_.on) bgt_comm_free_before(&c_, *comm);
  int rc = PMPI_Comm_free(comm);
  bgt_rec_comm_free(&c_);
  LEAVE;
  return rc;
}

int MPI_Intercomm_create(MPI_Comm local, int local_leader, MPI_Comm peer, int remote_leader,
                         int tag, MPI_Comm *newcomm) {
  ENTER;
  int rc = PMPI_Intercomm_create(local, local_leader, peer, remote_leader, tag, newcomm);
  bgt_rec_intercomm_create(&c_, local, local_leader, peer, remote_leader, tag, *newcomm);
  LEAVE;
  return rc;
}

#if MPI_VERSION >= 4
/* MPI-4: made of groups, without a parent communicator. The string tag is not recorded (the
 * benchmark makes its own); it only tells apart calls of the same groups. */
int MPI_Comm_create_from_group(MPI_Group group, const char *stringtag, MPI_Info info,
                               MPI_Errhandler errhandler, MPI_Comm *newcomm) {
  ENTER;
  int rc = PMPI_Comm_create_from_group(group, stringtag, info, errhandler, newcomm);
  bgt_rec_comm_from_group(&c_, stringtag, *newcomm);
  LEAVE;
  return rc;
}

int MPI_Intercomm_create_from_groups(MPI_Group local_group, int local_leader,
                                     MPI_Group remote_group, int remote_leader,
                                     const char *stringtag, MPI_Info info,
                                     MPI_Errhandler errhandler, MPI_Comm *newintercomm) {
  ENTER;
  int rc = PMPI_Intercomm_create_from_groups(local_group, local_leader, remote_group,
                                             remote_leader, stringtag, info, errhandler,
                                             newintercomm);
  bgt_rec_intercomm_from_groups(&c_, local_leader, remote_leader, stringtag, *newintercomm);
  LEAVE;
  return rc;
}
#endif

/* Not recorded: the stream says that the program reaches processes outside its world
 * (bgt_unsupported), before the call, which may not return. */
int MPI_Comm_connect(const char *port, MPI_Info info, int root, MPI_Comm comm, MPI_Comm *newcomm) {
  ENTER;
  if (c_.on) bgt_unsupported(&c_, U_SPAWN);
  int rc = PMPI_Comm_connect(port, info, root, comm, newcomm);
  LEAVE;
  return rc;
}

int MPI_Comm_accept(const char *port, MPI_Info info, int root, MPI_Comm comm, MPI_Comm *newcomm) {
  ENTER;
  if (c_.on) bgt_unsupported(&c_, U_SPAWN);
  int rc = PMPI_Comm_accept(port, info, root, comm, newcomm);
  LEAVE;
  return rc;
}

int MPI_Comm_join(int fd, MPI_Comm *intercomm) {
  ENTER;
  if (c_.on) bgt_unsupported(&c_, U_SPAWN);
  int rc = PMPI_Comm_join(fd, intercomm);
  LEAVE;
  return rc;
}

/* Not recorded: the stream says that the program starts processes (bgt_unsupported), before the
 * call, which may not return. */
int MPI_Comm_spawn(const char *command, char *argv[], int maxprocs, MPI_Info info, int root,
                   MPI_Comm comm, MPI_Comm *intercomm, int errcodes[]) {
  ENTER;
  if (c_.on) bgt_unsupported(&c_, U_SPAWN); /* said first: the call may not return */
  int rc = PMPI_Comm_spawn(command, argv, maxprocs, info, root, comm, intercomm, errcodes);
  LEAVE;
  return rc;
}

int MPI_Comm_spawn_multiple(int count, char *commands[], char **argvs[], const int maxprocs[],
                            const MPI_Info infos[], int root, MPI_Comm comm, MPI_Comm *intercomm,
                            int errcodes[]) {
  ENTER;
  if (c_.on) bgt_unsupported(&c_, U_SPAWN);
  int rc = PMPI_Comm_spawn_multiple(count, commands, argvs, maxprocs, infos, root, comm,
                                    intercomm, errcodes);
  LEAVE;
  return rc;
}

/* One-sided communication is not recorded: a window's creation makes the stream say so (the
 * benchmark would lack every Put, Get and Accumulate, and its synchronisation). */
REFUSED(Win_create, U_RMA, (void *base, MPI_Aint size, int disp_unit, MPI_Info info,
                            MPI_Comm comm, MPI_Win *win), (base, size, disp_unit, info, comm, win))
REFUSED(Win_allocate, U_RMA, (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                              void *baseptr, MPI_Win *win),
        (size, disp_unit, info, comm, baseptr, win))
REFUSED(Win_allocate_shared, U_RMA, (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                                     void *baseptr, MPI_Win *win),
        (size, disp_unit, info, comm, baseptr, win))
REFUSED(Win_create_dynamic, U_RMA, (MPI_Info info, MPI_Comm comm, MPI_Win *win),
        (info, comm, win))
#if MPI_VERSION >= 4
/* Their large-count forms (MPICH 4), refused alike. */
REFUSED(Win_create_c, U_RMA, (void *base, MPI_Aint size, MPI_Aint disp_unit, MPI_Info info,
                              MPI_Comm comm, MPI_Win *win),
        (base, size, disp_unit, info, comm, win))
REFUSED(Win_allocate_c, U_RMA, (MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm,
                                void *baseptr, MPI_Win *win),
        (size, disp_unit, info, comm, baseptr, win))
REFUSED(Win_allocate_shared_c, U_RMA, (MPI_Aint size, MPI_Aint disp_unit, MPI_Info info,
                                       MPI_Comm comm, void *baseptr, MPI_Win *win),
        (size, disp_unit, info, comm, baseptr, win))
#endif
