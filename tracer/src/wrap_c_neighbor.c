/* benchgen tracer, C bindings: neighbourhood collectives (MPI-3), blocking and nonblocking, on
 * Cartesian, graph and distributed-graph topologies. rec_coll.c records them per neighbour. */
#include "wrap_c.h"

#define EXPAND(...) __VA_ARGS__
/* MPI_Neighbor_<name> and MPI_Ineighbor_<name>: PARAMS and ARGS are the parenthesised parameters
 * and arguments before the request; the rest initialises the bgt_coll. */
#define NEIGHBOR_PAIR(name, NAME, PARAMS, ARGS, ...)                                               \
  int MPI_Neighbor_##name PARAMS {                                                                 \
    ENTER;                                                                                         \
    int rc = PMPI_Neighbor_##name ARGS;                                                            \
    MPI_Request req_ = MPI_REQUEST_NULL;                                                           \
    COLL(BGT_NEIGHBOR_##NAME, __VA_ARGS__);                                                        \
    LEAVE;                                                                                         \
    return rc;                                                                                     \
  }                                                                                                \
  int MPI_Ineighbor_##name(EXPAND PARAMS, MPI_Request *req) {                                      \
    ENTER;                                                                                         \
    int rc = PMPI_Ineighbor_##name(EXPAND ARGS, req);                                              \
    MPI_Request req_ = *req;                                                                       \
    COLL(BGT_INEIGHBOR_##NAME, __VA_ARGS__);                                                       \
    LEAVE;                                                                                         \
    return rc;                                                                                     \
  }

/* Allgather and Alltoall: one count each way, per neighbour. */
#define NEIGHBOR_ONE(name, NAME)                                                                   \
  NEIGHBOR_PAIR(name, NAME,                                                                        \
                (const void *sbuf, int count, MPI_Datatype type, void *rbuf, int rcount,           \
                 MPI_Datatype rtype, MPI_Comm comm),                                               \
                (sbuf, count, type, rbuf, rcount, rtype, comm),                                    \
                .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,            \
                .rcount = rcount, .rtype = rtype)
NEIGHBOR_ONE(allgather, ALLGATHER)
NEIGHBOR_ONE(alltoall, ALLTOALL)

NEIGHBOR_PAIR(allgatherv, ALLGATHERV,
              (const void *sbuf, int count, MPI_Datatype type, void *rbuf, const int rcounts[],
               const int displs[], MPI_Datatype rtype, MPI_Comm comm),
              (sbuf, count, type, rbuf, rcounts, displs, rtype, comm),
              .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,
              .rcounts = rcounts, .rtype = rtype)

NEIGHBOR_PAIR(alltoallv, ALLTOALLV,
              (const void *sbuf, const int counts[], const int sdispls[], MPI_Datatype type,
               void *rbuf, const int rcounts[], const int rdispls[], MPI_Datatype rtype,
               MPI_Comm comm),
              (sbuf, counts, sdispls, type, rbuf, rcounts, rdispls, rtype, comm),
              .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .counts = counts, .type = type,
              .rcounts = rcounts, .rtype = rtype)

NEIGHBOR_PAIR(alltoallw, ALLTOALLW,
              (const void *sbuf, const int counts[], const MPI_Aint sdispls[],
               const MPI_Datatype types[], void *rbuf, const int rcounts[],
               const MPI_Aint rdispls[], const MPI_Datatype rtypes[], MPI_Comm comm),
              (sbuf, counts, sdispls, types, rbuf, rcounts, rdispls, rtypes, comm),
              .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .counts = counts, .types = types,
              .rcounts = rcounts, .rtypes = rtypes)
