/* benchgen tracer, Fortran bindings: collectives, blocking and nonblocking; the twin of
 * wrap_c_coll.c. Buffers go through cbuf so that Fortran's MPI_IN_PLACE reaches rec_coll.c as C's. */
#include "wrap_f.h"

/* A collective and its I-form: PARAMS and ARGS are the parenthesised parameters and arguments before
 * (request and) ierror; the rest initialises the bgt_coll, as in the C wrapper. */
#define EXPAND(...) __VA_ARGS__
#define COLL_PAIR(name, NAME, PARAMS, ARGS, ...)                                                   \
  void mpi_##name##_(EXPAND PARAMS, fint *ierr) {                                                  \
    ENTER;                                                                                         \
    CALL(name, EXPAND ARGS, ierr);                                                                 \
    if (c_.on) {                                                                                   \
      bgt_coll a_ = { __VA_ARGS__ };                                                               \
      bgt_rec_coll(&c_, BGT_##NAME, &a_, MPI_REQUEST_NULL);                                        \
    }                                                                                              \
    LEAVE;                                                                                         \
  }                                                                                                \
  ALIASES(name, NAME)                                                                              \
  void mpi_i##name##_(EXPAND PARAMS, fint *req, fint *ierr) {                                      \
    ENTER;                                                                                         \
    CALL(i##name, EXPAND ARGS, req, ierr);                                                         \
    if (c_.on) {                                                                                   \
      bgt_coll a_ = { __VA_ARGS__ };                                                               \
      bgt_rec_coll(&c_, BGT_I##NAME, &a_, REQ(req));                                               \
    }                                                                                              \
    LEAVE;                                                                                         \
  }                                                                                                \
  ALIASES(i##name, I##NAME)

COLL_PAIR(barrier, BARRIER, (fint *comm), (comm), .comm = COMM(comm))

COLL_PAIR(bcast, BCAST,
          (void *buf, fint *count, fint *type, fint *root, fint *comm),
          (buf, count, type, root, comm),
          .comm = COMM(comm), .root = *root, .count = *count, .type = TYPE(type))

COLL_PAIR(reduce, REDUCE,
          (void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *root, fint *comm),
          (sbuf, rbuf, count, type, op, root, comm),
          .comm = COMM(comm), .root = *root, .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .count = *count,
          .type = TYPE(type), .op = OPH(op))

/* Allreduce, Scan, Exscan. */
#define REDUCE_ALL(name, NAME)                                                                     \
  COLL_PAIR(name, NAME,                                                                            \
            (void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm),               \
            (sbuf, rbuf, count, type, op, comm),                                                   \
            .comm = COMM(comm), .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .count = *count,           \
            .type = TYPE(type), .op = OPH(op))
REDUCE_ALL(allreduce, ALLREDUCE)
REDUCE_ALL(scan, SCAN)
REDUCE_ALL(exscan, EXSCAN)

COLL_PAIR(reduce_scatter_block, REDUCE_SCATTER_BLOCK,
          (void *sbuf, void *rbuf, fint *rcount, fint *type, fint *op, fint *comm),
          (sbuf, rbuf, rcount, type, op, comm),
          .comm = COMM(comm), .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .rcount = *rcount,
          .type = TYPE(type), .op = OPH(op))

COLL_PAIR(reduce_scatter, REDUCE_SCATTER,
          (void *sbuf, void *rbuf, fint *rcounts, fint *type, fint *op, fint *comm),
          (sbuf, rbuf, rcounts, type, op, comm),
          .comm = COMM(comm), .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .rcounts = rcounts,
          .type = TYPE(type), .op = OPH(op))

/* Gather and Scatter. */
#define ROOTED_SR(name, NAME)                                                                      \
  COLL_PAIR(name, NAME,                                                                            \
            (void *sbuf, fint *count, fint *type, void *rbuf, fint *rcount, fint *rtype,           \
             fint *root, fint *comm),                                                              \
            (sbuf, count, type, rbuf, rcount, rtype, root, comm),                                  \
            .comm = COMM(comm), .root = *root, .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf),             \
            .count = *count, .type = TYPE(type), .rcount = *rcount, .rtype = TYPE(rtype))
ROOTED_SR(gather, GATHER)
ROOTED_SR(scatter, SCATTER)

/* Allgather and Alltoall. */
#define ALL_SR(name, NAME)                                                                         \
  COLL_PAIR(name, NAME,                                                                            \
            (void *sbuf, fint *count, fint *type, void *rbuf, fint *rcount, fint *rtype,           \
             fint *comm),                                                                          \
            (sbuf, count, type, rbuf, rcount, rtype, comm),                                        \
            .comm = COMM(comm), .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .count = *count,           \
            .type = TYPE(type), .rcount = *rcount, .rtype = TYPE(rtype))
ALL_SR(allgather, ALLGATHER)
ALL_SR(alltoall, ALLTOALL)

COLL_PAIR(gatherv, GATHERV,
          (void *sbuf, fint *count, fint *type, void *rbuf, fint *rcounts, fint *displs, fint *rtype,
           fint *root, fint *comm),
          (sbuf, count, type, rbuf, rcounts, displs, rtype, root, comm),
          .comm = COMM(comm), .root = *root, .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .count = *count,
          .type = TYPE(type), .rcounts = rcounts, .rtype = TYPE(rtype))

COLL_PAIR(scatterv, SCATTERV,
          (void *sbuf, fint *counts, fint *displs, fint *type, void *rbuf, fint *rcount, fint *rtype,
           fint *root, fint *comm),
          (sbuf, counts, displs, type, rbuf, rcount, rtype, root, comm),
          .comm = COMM(comm), .root = *root, .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .counts = counts,
          .type = TYPE(type), .rcount = *rcount, .rtype = TYPE(rtype))

COLL_PAIR(allgatherv, ALLGATHERV,
          (void *sbuf, fint *count, fint *type, void *rbuf, fint *rcounts, fint *displs, fint *rtype,
           fint *comm),
          (sbuf, count, type, rbuf, rcounts, displs, rtype, comm),
          .comm = COMM(comm), .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .count = *count,
          .type = TYPE(type), .rcounts = rcounts, .rtype = TYPE(rtype))

COLL_PAIR(alltoallv, ALLTOALLV,
          (void *sbuf, fint *counts, fint *sdispls, fint *type, void *rbuf, fint *rcounts,
           fint *rdispls, fint *rtype, fint *comm),
          (sbuf, counts, sdispls, type, rbuf, rcounts, rdispls, rtype, comm),
          .comm = COMM(comm), .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .counts = counts,
          .type = TYPE(type), .rcounts = rcounts, .rtype = TYPE(rtype))

/* Alltoallw's datatypes, one per peer, converted for as many peers as MPI reads. */
COLL_PAIR(alltoallw, ALLTOALLW,
          (void *sbuf, fint *counts, fint *sdispls, fint *types, void *rbuf, fint *rcounts,
           fint *rdispls, fint *rtypes, fint *comm),
          (sbuf, counts, sdispls, types, rbuf, rcounts, rdispls, rtypes, comm),
          .comm = COMM(comm), .sbuf = cbuf(sbuf), .rbuf = cbuf(rbuf), .counts = counts,
          .types = ctypes(types, COMM(comm), 0, 0), .rcounts = rcounts,
          .rtypes = ctypes(rtypes, COMM(comm), 0, 1))

/* Neighbourhood collectives: COLL_PAIR's neighbor_x and ineighbor_x. */
COLL_PAIR(neighbor_allgather, NEIGHBOR_ALLGATHER,
          (void *sbuf, fint *count, fint *type, void *rbuf, fint *rcount, fint *rtype, fint *comm),
          (sbuf, count, type, rbuf, rcount, rtype, comm),
          .comm = COMM(comm), .sbuf = sbuf, .rbuf = rbuf, .count = *count, .type = TYPE(type),
          .rcount = *rcount, .rtype = TYPE(rtype))

COLL_PAIR(neighbor_alltoall, NEIGHBOR_ALLTOALL,
          (void *sbuf, fint *count, fint *type, void *rbuf, fint *rcount, fint *rtype, fint *comm),
          (sbuf, count, type, rbuf, rcount, rtype, comm),
          .comm = COMM(comm), .sbuf = sbuf, .rbuf = rbuf, .count = *count, .type = TYPE(type),
          .rcount = *rcount, .rtype = TYPE(rtype))

COLL_PAIR(neighbor_allgatherv, NEIGHBOR_ALLGATHERV,
          (void *sbuf, fint *count, fint *type, void *rbuf, fint *rcounts, fint *displs, fint *rtype,
           fint *comm),
          (sbuf, count, type, rbuf, rcounts, displs, rtype, comm),
          .comm = COMM(comm), .sbuf = sbuf, .rbuf = rbuf, .count = *count, .type = TYPE(type),
          .rcounts = rcounts, .rtype = TYPE(rtype))

COLL_PAIR(neighbor_alltoallv, NEIGHBOR_ALLTOALLV,
          (void *sbuf, fint *counts, fint *sdispls, fint *type, void *rbuf, fint *rcounts,
           fint *rdispls, fint *rtype, fint *comm),
          (sbuf, counts, sdispls, type, rbuf, rcounts, rdispls, rtype, comm),
          .comm = COMM(comm), .sbuf = sbuf, .rbuf = rbuf, .counts = counts, .type = TYPE(type),
          .rcounts = rcounts, .rtype = TYPE(rtype))

/* Displacements are INTEGER(KIND=MPI_ADDRESS_KIND), never read. */
COLL_PAIR(neighbor_alltoallw, NEIGHBOR_ALLTOALLW,
          (void *sbuf, fint *counts, void *sdispls, fint *types, void *rbuf, fint *rcounts,
           void *rdispls, fint *rtypes, fint *comm),
          (sbuf, counts, sdispls, types, rbuf, rcounts, rdispls, rtypes, comm),
          .comm = COMM(comm), .sbuf = sbuf, .rbuf = rbuf, .counts = counts,
          .types = ctypes(types, COMM(comm), 1, 0), .rcounts = rcounts,
          .rtypes = ctypes(rtypes, COMM(comm), 1, 1))
