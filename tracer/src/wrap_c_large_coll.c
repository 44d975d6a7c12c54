/* benchgen tracer, C bindings: MPI-4's large-count forms of the collectives, neighbourhood ones
 * included (MPI_Allreduce_c, MPI_Iallreduce_c, MPI_Allreduce_init_c, ...: counts of MPI_Count,
 * displacements of MPI_Aint), where the library has them (MPICH 4; Open MPI 4.1 has none). Each
 * records what its int form records (rec_coll.c), and `large=1`. The prototypes are MPICH 4.0's
 * (mpi_proto.h), which the compiler checks against the library's. */
#include "wrap_c.h"

#if MPI_VERSION >= 4

#define EXPAND(...) __VA_ARGS__

/* A collective's three large-count forms: NAME_c, its nonblocking form INAME_c (a request more)
 * and its persistent form NAME_init_c (an info and a request more). PARAMS and ARGS are the
 * blocking form's, OP its id's suffix (BGT_OP, BGT_IOP, BGT_OP_INIT); the rest initialises the
 * bgt_coll. */
#define LARGE_COLLS(NAME, INAME, OP, PARAMS, ARGS, ...)                                            \
  LARGE_COLL(NAME##_c, BGT_##OP, MPI_REQUEST_NULL, PARAMS, ARGS, __VA_ARGS__)                      \
  LARGE_COLL(INAME##_c, BGT_I##OP, *request, (EXPAND PARAMS, MPI_Request *request),                \
             (EXPAND ARGS, request), __VA_ARGS__)                                                  \
  LARGE_COLL(NAME##_init_c, BGT_##OP##_INIT, *request,                                             \
             (EXPAND PARAMS, MPI_Info info, MPI_Request *request), (EXPAND ARGS, info, request),   \
             __VA_ARGS__)

LARGE_COLLS(Allgather, Iallgather, ALLGATHER,
            (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
             MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm),
            (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm),
            .comm = comm, .sbuf = sendbuf, .rbuf = recvbuf, .count = sendcount, .type = sendtype,
            .rcount = recvcount, .rtype = recvtype)

LARGE_COLLS(Allgatherv, Iallgatherv, ALLGATHERV,
            (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
             const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
             MPI_Comm comm),
            (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm),
            .comm = comm, .sbuf = sendbuf, .rbuf = recvbuf, .count = sendcount, .type = sendtype,
            .rcounts_c = recvcounts, .rtype = recvtype)

LARGE_COLLS(Allreduce, Iallreduce, ALLREDUCE,
            (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
             MPI_Comm comm),
            (sendbuf, recvbuf, count, datatype, op, comm),
            .comm = comm, .sbuf = sendbuf, .rbuf = recvbuf, .count = count, .type = datatype,
            .op = op)

LARGE_COLLS(Alltoall, Ialltoall, ALLTOALL,
            (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
             MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm),
            (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm),
            .comm = comm, .sbuf = sendbuf, .rbuf = recvbuf, .count = sendcount, .type = sendtype,
            .rcount = recvcount, .rtype = recvtype)

LARGE_COLLS(Alltoallv, Ialltoallv, ALLTOALLV,
            (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
             MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
             const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm),
            (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm),
            .comm = comm, .sbuf = sendbuf, .rbuf = recvbuf, .counts_c = sendcounts,
            .type = sendtype, .rcounts_c = recvcounts, .rtype = recvtype)

LARGE_COLLS(Alltoallw, Ialltoallw, ALLTOALLW,
            (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
             const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
             const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm),
            (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
             comm),
            .comm = comm, .sbuf = sendbuf, .rbuf = recvbuf, .counts_c = sendcounts,
            .types = sendtypes, .rcounts_c = recvcounts, .rtypes = recvtypes)

LARGE_COLLS(Bcast, Ibcast, BCAST,
            (void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm),
            (buffer, count, datatype, root, comm),
            .comm = comm, .root = root, .count = count, .type = datatype)

LARGE_COLLS(Exscan, Iexscan, EXSCAN,
            (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
             MPI_Comm comm),
            (sendbuf, recvbuf, count, datatype, op, comm),
            .comm = comm, .sbuf = sendbuf, .rbuf = recvbuf, .count = count, .type = datatype,
            .op = op)

LARGE_COLLS(Gather, Igather, GATHER,
            (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
             MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm),
            (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm),
            .comm = comm, .root = root, .sbuf = sendbuf, .rbuf = recvbuf, .count = sendcount,
            .type = sendtype, .rcount = recvcount, .rtype = recvtype)

LARGE_COLLS(Gatherv, Igatherv, GATHERV,
            (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
             const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
             MPI_Comm comm),
            (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm),
            .comm = comm, .root = root, .sbuf = sendbuf, .rbuf = recvbuf, .count = sendcount,
            .type = sendtype, .rcounts_c = recvcounts, .rtype = recvtype)

LARGE_COLLS(Reduce, Ireduce, REDUCE,
            (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
             int root, MPI_Comm comm),
            (sendbuf, recvbuf, count, datatype, op, root, comm),
            .comm = comm, .root = root, .sbuf = sendbuf, .rbuf = recvbuf, .count = count,
            .type = datatype, .op = op)

LARGE_COLLS(Reduce_scatter, Ireduce_scatter, REDUCE_SCATTER,
            (const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[],
             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm),
            (sendbuf, recvbuf, recvcounts, datatype, op, comm),
            .comm = comm, .sbuf = sendbuf, .rbuf = recvbuf, .type = datatype,
            .rcounts_c = recvcounts, .op = op)

LARGE_COLLS(Reduce_scatter_block, Ireduce_scatter_block, REDUCE_SCATTER_BLOCK,
            (const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
             MPI_Op op, MPI_Comm comm),
            (sendbuf, recvbuf, recvcount, datatype, op, comm),
            .comm = comm, .sbuf = sendbuf, .rbuf = recvbuf, .type = datatype, .rcount = recvcount,
            .op = op)

LARGE_COLLS(Scan, Iscan, SCAN,
            (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
             MPI_Comm comm),
            (sendbuf, recvbuf, count, datatype, op, comm),
            .comm = comm, .sbuf = sendbuf, .rbuf = recvbuf, .count = count, .type = datatype,
            .op = op)

LARGE_COLLS(Scatter, Iscatter, SCATTER,
            (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
             MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm),
            (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm),
            .comm = comm, .root = root, .sbuf = sendbuf, .rbuf = recvbuf, .count = sendcount,
            .type = sendtype, .rcount = recvcount, .rtype = recvtype)

LARGE_COLLS(Scatterv, Iscatterv, SCATTERV,
            (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
             MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
             int root, MPI_Comm comm),
            (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm),
            .comm = comm, .root = root, .sbuf = sendbuf, .rbuf = recvbuf, .counts_c = sendcounts,
            .type = sendtype, .rcount = recvcount, .rtype = recvtype)

/* The neighbourhood collectives: lists per neighbour. */

LARGE_COLLS(Neighbor_allgather, Ineighbor_allgather, NEIGHBOR_ALLGATHER,
            (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
             MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm),
            (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm),
            .comm = comm, .sbuf = sendbuf, .rbuf = recvbuf, .count = sendcount, .type = sendtype,
            .rcount = recvcount, .rtype = recvtype)

LARGE_COLLS(Neighbor_allgatherv, Ineighbor_allgatherv, NEIGHBOR_ALLGATHERV,
            (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
             const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
             MPI_Comm comm),
            (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm),
            .comm = comm, .sbuf = sendbuf, .rbuf = recvbuf, .count = sendcount, .type = sendtype,
            .rcounts_c = recvcounts, .rtype = recvtype)

LARGE_COLLS(Neighbor_alltoall, Ineighbor_alltoall, NEIGHBOR_ALLTOALL,
            (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
             MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm),
            (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm),
            .comm = comm, .sbuf = sendbuf, .rbuf = recvbuf, .count = sendcount, .type = sendtype,
            .rcount = recvcount, .rtype = recvtype)

LARGE_COLLS(Neighbor_alltoallv, Ineighbor_alltoallv, NEIGHBOR_ALLTOALLV,
            (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
             MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
             const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm),
            (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm),
            .comm = comm, .sbuf = sendbuf, .rbuf = recvbuf, .counts_c = sendcounts,
            .type = sendtype, .rcounts_c = recvcounts, .rtype = recvtype)

LARGE_COLLS(Neighbor_alltoallw, Ineighbor_alltoallw, NEIGHBOR_ALLTOALLW,
            (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
             const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
             const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm),
            (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
             comm),
            .comm = comm, .sbuf = sendbuf, .rbuf = recvbuf, .counts_c = sendcounts,
            .types = sendtypes, .rcounts_c = recvcounts, .rtypes = recvtypes)

#endif
