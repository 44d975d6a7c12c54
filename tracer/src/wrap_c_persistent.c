/* benchgen tracer, C bindings: MPI-4's persistent collectives (MPI_Allreduce_init, ...), where the
 * library has them: MPICH 4 (and Open MPI 5) as MPI-4 names them, Open MPI 4.1 as MPIX_ (its
 * pcollreq extension, same arguments). Either is recorded under the MPI-4 name, as its
 * nonblocking form records it (rec_coll.c), with the persistent request that each MPI_Start
 * then starts. */
#include "wrap_c.h"

/* Open MPI 5 has the MPI-4 names, though it says MPI_VERSION 3. */
#if MPI_VERSION >= 4 || (defined(OPEN_MPI) && OMPI_MAJOR_VERSION >= 5)
#define PFX MPI_
#define PPFX PMPI_
#elif defined(OPEN_MPI)
#include <mpi-ext.h>
#if defined(OMPI_HAVE_MPI_EXT_PCOLLREQ) && OMPI_HAVE_MPI_EXT_PCOLLREQ
#define PFX MPIX_
#define PPFX PMPIX_
#endif
#endif

#ifdef PFX

#define EXPAND(...) __VA_ARGS__
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)

/* <prefix><name>_init: PARAMS and ARGS are the parenthesised parameters and arguments before the
 * info and the request (the blocking form's); the rest initialises the bgt_coll. */
#define INIT(name, NAME, PARAMS, ARGS, ...)                                                        \
  int CAT(PFX, name##_init)(EXPAND PARAMS, MPI_Info info, MPI_Request *req) {                      \
    ENTER;                                                                                         \
    int rc = CAT(PPFX, name##_init)(EXPAND ARGS, info, req);                                       \
    MPI_Request req_ = *req;                                                                       \
    COLL(BGT_##NAME##_INIT, __VA_ARGS__);                                                          \
    LEAVE;                                                                                         \
    return rc;                                                                                     \
  }

int CAT(PFX, Barrier_init)(MPI_Comm comm, MPI_Info info, MPI_Request *req) {
  ENTER;
  int rc = CAT(PPFX, Barrier_init)(comm, info, req);
  MPI_Request req_ = *req;
  COLL(BGT_BARRIER_INIT, .comm = comm);
  LEAVE;
  return rc;
}

INIT(Bcast, BCAST, (void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm),
     (buf, count, type, root, comm), .comm = comm, .root = root, .count = count, .type = type)

INIT(Reduce, REDUCE,
     (const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, int root,
      MPI_Comm comm),
     (sbuf, rbuf, count, type, op, root, comm),
     .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op)

/* Allreduce, Scan, Exscan: one count, an operation. */
#define REDUCING(name, NAME)                                                                       \
  INIT(name, NAME,                                                                                 \
       (const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm),     \
       (sbuf, rbuf, count, type, op, comm),                                                        \
       .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op)
REDUCING(Allreduce, ALLREDUCE)
REDUCING(Scan, SCAN)
REDUCING(Exscan, EXSCAN)

INIT(Reduce_scatter_block, REDUCE_SCATTER_BLOCK,
     (const void *sbuf, void *rbuf, int rcount, MPI_Datatype type, MPI_Op op, MPI_Comm comm),
     (sbuf, rbuf, rcount, type, op, comm),
     .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .rcount = rcount, .type = type, .op = op)

INIT(Reduce_scatter, REDUCE_SCATTER,
     (const void *sbuf, void *rbuf, const int rcounts[], MPI_Datatype type, MPI_Op op,
      MPI_Comm comm),
     (sbuf, rbuf, rcounts, type, op, comm),
     .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .rcounts = rcounts, .type = type, .op = op)

/* Gather and Scatter (rooted), Allgather and Alltoall, and their neighbourhood forms: one count
 * each way. */
#define ROOTED(name, NAME)                                                                         \
  INIT(name, NAME,                                                                                 \
       (const void *sbuf, int count, MPI_Datatype type, void *rbuf, int rcount,                    \
        MPI_Datatype rtype, int root, MPI_Comm comm),                                              \
       (sbuf, count, type, rbuf, rcount, rtype, root, comm),                                       \
       .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,       \
       .rcount = rcount, .rtype = rtype)
ROOTED(Gather, GATHER)
ROOTED(Scatter, SCATTER)

#define ALL(name, NAME)                                                                            \
  INIT(name, NAME,                                                                                 \
       (const void *sbuf, int count, MPI_Datatype type, void *rbuf, int rcount,                    \
        MPI_Datatype rtype, MPI_Comm comm),                                                        \
       (sbuf, count, type, rbuf, rcount, rtype, comm),                                             \
       .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .rcount = rcount,   \
       .rtype = rtype)
ALL(Allgather, ALLGATHER)
ALL(Alltoall, ALLTOALL)
ALL(Neighbor_allgather, NEIGHBOR_ALLGATHER)
ALL(Neighbor_alltoall, NEIGHBOR_ALLTOALL)

INIT(Gatherv, GATHERV,
     (const void *sbuf, int count, MPI_Datatype type, void *rbuf, const int rcounts[],
      const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm),
     (sbuf, count, type, rbuf, rcounts, displs, rtype, root, comm),
     .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,
     .rcounts = rcounts, .rtype = rtype)

INIT(Scatterv, SCATTERV,
     (const void *sbuf, const int counts[], const int displs[], MPI_Datatype type, void *rbuf,
      int rcount, MPI_Datatype rtype, int root, MPI_Comm comm),
     (sbuf, counts, displs, type, rbuf, rcount, rtype, root, comm),
     .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .counts = counts, .type = type,
     .rcount = rcount, .rtype = rtype)

/* Allgatherv and its neighbourhood form. */
#define GATHERING_V(name, NAME)                                                                    \
  INIT(name, NAME,                                                                                 \
       (const void *sbuf, int count, MPI_Datatype type, void *rbuf, const int rcounts[],           \
        const int displs[], MPI_Datatype rtype, MPI_Comm comm),                                    \
       (sbuf, count, type, rbuf, rcounts, displs, rtype, comm),                                    \
       .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,                     \
       .rcounts = rcounts, .rtype = rtype)
GATHERING_V(Allgatherv, ALLGATHERV)
GATHERING_V(Neighbor_allgatherv, NEIGHBOR_ALLGATHERV)

#define ALLTOALL_V(name, NAME)                                                                     \
  INIT(name, NAME,                                                                                 \
       (const void *sbuf, const int counts[], const int sdispls[], MPI_Datatype type, void *rbuf,  \
        const int rcounts[], const int rdispls[], MPI_Datatype rtype, MPI_Comm comm),              \
       (sbuf, counts, sdispls, type, rbuf, rcounts, rdispls, rtype, comm),                         \
       .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .counts = counts, .type = type,                   \
       .rcounts = rcounts, .rtype = rtype)
ALLTOALL_V(Alltoallv, ALLTOALLV)
ALLTOALL_V(Neighbor_alltoallv, NEIGHBOR_ALLTOALLV)

INIT(Alltoallw, ALLTOALLW,
     (const void *sbuf, const int counts[], const int sdispls[], const MPI_Datatype types[],
      void *rbuf, const int rcounts[], const int rdispls[], const MPI_Datatype rtypes[],
      MPI_Comm comm),
     (sbuf, counts, sdispls, types, rbuf, rcounts, rdispls, rtypes, comm),
     .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .counts = counts, .types = types,
     .rcounts = rcounts, .rtypes = rtypes)

INIT(Neighbor_alltoallw, NEIGHBOR_ALLTOALLW,
     (const void *sbuf, const int counts[], const MPI_Aint sdispls[], const MPI_Datatype types[],
      void *rbuf, const int rcounts[], const MPI_Aint rdispls[], const MPI_Datatype rtypes[],
      MPI_Comm comm),
     (sbuf, counts, sdispls, types, rbuf, rcounts, rdispls, rtypes, comm),
     .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .counts = counts, .types = types,
     .rcounts = rcounts, .rtypes = rtypes)

#endif
