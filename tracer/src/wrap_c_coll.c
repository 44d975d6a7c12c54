/* benchgen tracer, C bindings: collectives, blocking and nonblocking. Each wrapper packs its
 * arguments into a bgt_coll for rec_coll.c, which alone knows what each collective records;
 * wrap_f_coll.c is the Fortran twin, wrap_c_neighbor.c has the neighbourhood collectives. */
#include "wrap_c.h"

int MPI_Barrier(MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Barrier(comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_BARRIER, .comm = comm);
  LEAVE;
  return rc;
}

int MPI_Ibarrier(MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Ibarrier(comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IBARRIER, .comm = comm);
  LEAVE;
  return rc;
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Bcast(buf, count, type, root, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_BCAST, .comm = comm, .root = root, .count = count, .type = type);
  LEAVE;
  return rc;
}

int MPI_Ibcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Ibcast(buf, count, type, root, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IBCAST, .comm = comm, .root = root, .count = count, .type = type);
  LEAVE;
  return rc;
}

int MPI_Reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, int root,
               MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Reduce(sbuf, rbuf, count, type, op, root, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_REDUCE, .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,
       .op = op);
  LEAVE;
  return rc;
}

int MPI_Ireduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Ireduce(sbuf, rbuf, count, type, op, root, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IREDUCE, .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,
       .op = op);
  LEAVE;
  return rc;
}

/* Allreduce, Scan, Exscan and their I-forms. */
int MPI_Allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Allreduce(sbuf, rbuf, count, type, op, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_ALLREDUCE, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op);
  LEAVE;
  return rc;
}
int MPI_Iallreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                   MPI_Request *req) {
  ENTER;
  int rc = PMPI_Iallreduce(sbuf, rbuf, count, type, op, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IALLREDUCE, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op);
  LEAVE;
  return rc;
}
int MPI_Scan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Scan(sbuf, rbuf, count, type, op, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_SCAN, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op);
  LEAVE;
  return rc;
}
int MPI_Iscan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
              MPI_Request *req) {
  ENTER;
  int rc = PMPI_Iscan(sbuf, rbuf, count, type, op, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_ISCAN, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op);
  LEAVE;
  return rc;
}
int MPI_Exscan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Exscan(sbuf, rbuf, count, type, op, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_EXSCAN, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op);
  LEAVE;
  return rc;
}
int MPI_Iexscan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                MPI_Request *req) {
  ENTER;
  int rc = PMPI_Iexscan(sbuf, rbuf, count, type, op, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IEXSCAN, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op);
  LEAVE;
  return rc;
}

int MPI_Reduce_scatter_block(const void *sbuf, void *rbuf, int rcount, MPI_Datatype type, MPI_Op op,
                             MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Reduce_scatter_block(sbuf, rbuf, rcount, type, op, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_REDUCE_SCATTER_BLOCK, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .rcount = rcount, .type = type,
       .op = op);
  LEAVE;
  return rc;
}
int MPI_Ireduce_scatter_block(const void *sbuf, void *rbuf, int rcount, MPI_Datatype type, MPI_Op op,
                              MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Ireduce_scatter_block(sbuf, rbuf, rcount, type, op, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IREDUCE_SCATTER_BLOCK, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .rcount = rcount,
       .type = type, .op = op);
  LEAVE;
  return rc;
}

int MPI_Reduce_scatter(const void *sbuf, void *rbuf, const int rcounts[], MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Reduce_scatter(sbuf, rbuf, rcounts, type, op, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_REDUCE_SCATTER, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .rcounts = rcounts, .type = type,
       .op = op);
  LEAVE;
  return rc;
}
int MPI_Ireduce_scatter(const void *sbuf, void *rbuf, const int rcounts[], MPI_Datatype type, MPI_Op op,
                        MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Ireduce_scatter(sbuf, rbuf, rcounts, type, op, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IREDUCE_SCATTER, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .rcounts = rcounts, .type = type,
       .op = op);
  LEAVE;
  return rc;
}

/* Gather, Scatter, Allgather, Alltoall share the (s, r) shape; the rooted ones add root. */
#define ROOTED_SR(NAME, OP)                                                                   \
  int MPI_##NAME(const void *sbuf, int count, MPI_Datatype type, void *rbuf, int rcount,           \
                 MPI_Datatype rtype, int root, MPI_Comm comm) {                                    \
    ENTER;                                                                                         \
    int rc = PMPI_##NAME(sbuf, count, type, rbuf, rcount, rtype, root, comm);                      \
    MPI_Request req_ = MPI_REQUEST_NULL;                                                           \
    COLL(OP, .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, \
         .rcount = rcount, .rtype = rtype);                                                        \
    LEAVE;                                                                                         \
    return rc;                                                                                     \
  }
#define ROOTED_SR_I(NAME, OP)                                                                      \
  int MPI_##NAME(const void *sbuf, int count, MPI_Datatype type, void *rbuf, int rcount,           \
                 MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req) {                  \
    ENTER;                                                                                         \
    int rc = PMPI_##NAME(sbuf, count, type, rbuf, rcount, rtype, root, comm, req);                 \
    MPI_Request req_ = *req;                                                                       \
    COLL(OP, .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, \
         .rcount = rcount, .rtype = rtype);                                                        \
    LEAVE;                                                                                         \
    return rc;                                                                                     \
  }
ROOTED_SR(Gather, BGT_GATHER)
ROOTED_SR(Scatter, BGT_SCATTER)
ROOTED_SR_I(Igather, BGT_IGATHER)
ROOTED_SR_I(Iscatter, BGT_ISCATTER)

#define ALL_SR(NAME, OP)                                                                           \
  int MPI_##NAME(const void *sbuf, int count, MPI_Datatype type, void *rbuf, int rcount,           \
                 MPI_Datatype rtype, MPI_Comm comm) {                                              \
    ENTER;                                                                                         \
    int rc = PMPI_##NAME(sbuf, count, type, rbuf, rcount, rtype, comm);                            \
    MPI_Request req_ = MPI_REQUEST_NULL;                                                           \
    COLL(OP, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,               \
         .rcount = rcount, .rtype = rtype);                                                        \
    LEAVE;                                                                                         \
    return rc;                                                                                     \
  }
#define ALL_SR_I(NAME, OP)                                                                         \
  int MPI_##NAME(const void *sbuf, int count, MPI_Datatype type, void *rbuf, int rcount,           \
                 MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req) {                            \
    ENTER;                                                                                         \
    int rc = PMPI_##NAME(sbuf, count, type, rbuf, rcount, rtype, comm, req);                       \
    MPI_Request req_ = *req;                                                                       \
    COLL(OP, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,               \
         .rcount = rcount, .rtype = rtype);                                                        \
    LEAVE;                                                                                         \
    return rc;                                                                                     \
  }
ALL_SR(Allgather, BGT_ALLGATHER)
ALL_SR(Alltoall, BGT_ALLTOALL)
ALL_SR_I(Iallgather, BGT_IALLGATHER)
ALL_SR_I(Ialltoall, BGT_IALLTOALL)

int MPI_Gatherv(const void *sbuf, int count, MPI_Datatype type, void *rbuf, const int rcounts[],
                const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Gatherv(sbuf, count, type, rbuf, rcounts, displs, rtype, root, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_GATHERV, .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,
       .rcounts = rcounts, .rtype = rtype);
  LEAVE;
  return rc;
}
int MPI_Igatherv(const void *sbuf, int count, MPI_Datatype type, void *rbuf, const int rcounts[],
                 const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Igatherv(sbuf, count, type, rbuf, rcounts, displs, rtype, root, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IGATHERV, .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,
       .rcounts = rcounts, .rtype = rtype);
  LEAVE;
  return rc;
}

int MPI_Scatterv(const void *sbuf, const int counts[], const int displs[], MPI_Datatype type, void *rbuf,
                 int rcount, MPI_Datatype rtype, int root, MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Scatterv(sbuf, counts, displs, type, rbuf, rcount, rtype, root, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_SCATTERV, .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .counts = counts,
       .type = type, .rcount = rcount, .rtype = rtype);
  LEAVE;
  return rc;
}
int MPI_Iscatterv(const void *sbuf, const int counts[], const int displs[], MPI_Datatype type, void *rbuf,
                  int rcount, MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Iscatterv(sbuf, counts, displs, type, rbuf, rcount, rtype, root, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_ISCATTERV, .comm = comm, .root = root, .sbuf = sbuf, .rbuf = rbuf, .counts = counts,
       .type = type, .rcount = rcount, .rtype = rtype);
  LEAVE;
  return rc;
}

int MPI_Allgatherv(const void *sbuf, int count, MPI_Datatype type, void *rbuf, const int rcounts[],
                   const int displs[], MPI_Datatype rtype, MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Allgatherv(sbuf, count, type, rbuf, rcounts, displs, rtype, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_ALLGATHERV, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,
       .rcounts = rcounts, .rtype = rtype);
  LEAVE;
  return rc;
}
int MPI_Iallgatherv(const void *sbuf, int count, MPI_Datatype type, void *rbuf, const int rcounts[],
                    const int displs[], MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Iallgatherv(sbuf, count, type, rbuf, rcounts, displs, rtype, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IALLGATHERV, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type,
       .rcounts = rcounts, .rtype = rtype);
  LEAVE;
  return rc;
}

int MPI_Alltoallv(const void *sbuf, const int counts[], const int sdispls[], MPI_Datatype type, void *rbuf,
                  const int rcounts[], const int rdispls[], MPI_Datatype rtype, MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Alltoallv(sbuf, counts, sdispls, type, rbuf, rcounts, rdispls, rtype, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_ALLTOALLV, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .counts = counts, .type = type,
       .rcounts = rcounts, .rtype = rtype);
  LEAVE;
  return rc;
}
int MPI_Ialltoallv(const void *sbuf, const int counts[], const int sdispls[], MPI_Datatype type,
                   void *rbuf, const int rcounts[], const int rdispls[], MPI_Datatype rtype, MPI_Comm comm,
                   MPI_Request *req) {
  ENTER;
  int rc = PMPI_Ialltoallv(sbuf, counts, sdispls, type, rbuf, rcounts, rdispls, rtype, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IALLTOALLV, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .counts = counts, .type = type,
       .rcounts = rcounts, .rtype = rtype);
  LEAVE;
  return rc;
}

int MPI_Alltoallw(const void *sbuf, const int counts[], const int sdispls[], const MPI_Datatype types[],
                  void *rbuf, const int rcounts[], const int rdispls[], const MPI_Datatype rtypes[],
                  MPI_Comm comm) {
  ENTER;
  int rc = PMPI_Alltoallw(sbuf, counts, sdispls, types, rbuf, rcounts, rdispls, rtypes, comm);
  MPI_Request req_ = MPI_REQUEST_NULL;
  COLL(BGT_ALLTOALLW, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .counts = counts, .types = types,
       .rcounts = rcounts, .rtypes = rtypes);
  LEAVE;
  return rc;
}
int MPI_Ialltoallw(const void *sbuf, const int counts[], const int sdispls[], const MPI_Datatype types[],
                   void *rbuf, const int rcounts[], const int rdispls[], const MPI_Datatype rtypes[],
                   MPI_Comm comm, MPI_Request *req) {
  ENTER;
  int rc = PMPI_Ialltoallw(sbuf, counts, sdispls, types, rbuf, rcounts, rdispls, rtypes, comm, req);
  MPI_Request req_ = *req;
  COLL(BGT_IALLTOALLW, .comm = comm, .sbuf = sbuf, .rbuf = rbuf, .counts = counts, .types = types,
       .rcounts = rcounts, .rtypes = rtypes);
  LEAVE;
  return rc;
}
