/* benchgen tracer, C bindings: MPI-4's large-count forms (MPI_Send_c, ...: counts of MPI_Count)
 * of the calls the tracer records, where the library has them (MPICH 4; Open MPI 4.1 has none).
 * They are not recorded yet: each says so (REFUSED), so that a trace never silently lacks them.
 * Listed from MPICH 4.0's mpi_proto.h; the compiler checks every prototype against the library's. */
#include "wrap_c.h"

#if MPI_VERSION >= 4

REFUSED(Allgather_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
         recvcount, MPI_Datatype recvtype, MPI_Comm comm),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm))

REFUSED(Allgather_init_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
         MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
         MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request))

REFUSED(Allgatherv_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const
         MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm),
        (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm))

REFUSED(Allgatherv_init_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
         const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
         MPI_Comm comm, MPI_Info info, MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, info, request))

REFUSED(Allreduce_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
         MPI_Comm comm),
        (sendbuf, recvbuf, count, datatype, op, comm))

REFUSED(Allreduce_init_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op
         op, MPI_Comm comm, MPI_Info info, MPI_Request *request),
        (sendbuf, recvbuf, count, datatype, op, comm, info, request))

REFUSED(Alltoall_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
         recvcount, MPI_Datatype recvtype, MPI_Comm comm),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm))

REFUSED(Alltoall_init_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
         MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
         MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request))

REFUSED(Alltoallv_c, U_LARGE_COUNT,
        (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype
         sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[],
         MPI_Datatype recvtype, MPI_Comm comm),
        (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm))

REFUSED(Alltoallv_init_c, U_LARGE_COUNT,
        (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
         MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint
         rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request
         *request),
        (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, info, request))

REFUSED(Alltoallw_c, U_LARGE_COUNT,
        (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const
         MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint
         rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm),
        (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm))

REFUSED(Alltoallw_init_c, U_LARGE_COUNT,
        (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const
         MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const
         MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
         MPI_Request *request),
        (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, info, request))

REFUSED(Bcast_c, U_LARGE_COUNT,
        (void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm),
        (buffer, count, datatype, root, comm))

REFUSED(Bcast_init_c, U_LARGE_COUNT,
        (void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm,
         MPI_Info info, MPI_Request *request),
        (buffer, count, datatype, root, comm, info, request))

REFUSED(Bsend_c, U_LARGE_COUNT,
        (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm
         comm),
        (buf, count, datatype, dest, tag, comm))

REFUSED(Bsend_init_c, U_LARGE_COUNT,
        (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm
         comm, MPI_Request *request),
        (buf, count, datatype, dest, tag, comm, request))

REFUSED(Buffer_attach_c, U_LARGE_COUNT,
        (void *buffer, MPI_Count size),
        (buffer, size))

REFUSED(Buffer_detach_c, U_LARGE_COUNT,
        (void *buffer_addr, MPI_Count *size),
        (buffer_addr, size))

REFUSED(Exscan_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
         MPI_Comm comm),
        (sendbuf, recvbuf, count, datatype, op, comm))

REFUSED(Exscan_init_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op
         op, MPI_Comm comm, MPI_Info info, MPI_Request *request),
        (sendbuf, recvbuf, count, datatype, op, comm, info, request))

REFUSED(Gather_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
         recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm))

REFUSED(Gather_init_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
         MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info
         info, MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request))

REFUSED(Gatherv_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const
         MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
         MPI_Comm comm),
        (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm))

REFUSED(Gatherv_init_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
         const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int
         root, MPI_Comm comm, MPI_Info info, MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, info, request))

REFUSED(Iallgather_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
         recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request))

REFUSED(Iallgatherv_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const
         MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm,
         MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request))

REFUSED(Iallreduce_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
         MPI_Comm comm, MPI_Request *request),
        (sendbuf, recvbuf, count, datatype, op, comm, request))

REFUSED(Ialltoall_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
         recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request))

REFUSED(Ialltoallv_c, U_LARGE_COUNT,
        (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype
         sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[],
         MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request),
        (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm,
         request))

REFUSED(Ialltoallw_c, U_LARGE_COUNT,
        (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const
         MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint
         rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request),
        (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm,
         request))

REFUSED(Ibcast_c, U_LARGE_COUNT,
        (void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm,
         MPI_Request *request),
        (buffer, count, datatype, root, comm, request))

REFUSED(Ibsend_c, U_LARGE_COUNT,
        (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm
         comm, MPI_Request *request),
        (buf, count, datatype, dest, tag, comm, request))

REFUSED(Iexscan_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
         MPI_Comm comm, MPI_Request *request),
        (sendbuf, recvbuf, count, datatype, op, comm, request))

REFUSED(Igather_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
         recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request))

REFUSED(Igatherv_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const
         MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
         MPI_Comm comm, MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm,
         request))

REFUSED(Imrecv_c, U_LARGE_COUNT,
        (void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message, MPI_Request
         *request),
        (buf, count, datatype, message, request))

REFUSED(Ineighbor_allgather_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
         recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request))

REFUSED(Ineighbor_allgatherv_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const
         MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm,
         MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request))

REFUSED(Ineighbor_alltoall_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
         recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request))

REFUSED(Ineighbor_alltoallv_c, U_LARGE_COUNT,
        (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype
         sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[],
         MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request),
        (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm,
         request))

REFUSED(Ineighbor_alltoallw_c, U_LARGE_COUNT,
        (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const
         MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint
         rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request),
        (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm,
         request))

REFUSED(Irecv_c, U_LARGE_COUNT,
        (void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
         MPI_Request *request),
        (buf, count, datatype, source, tag, comm, request))

REFUSED(Ireduce_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
         int root, MPI_Comm comm, MPI_Request *request),
        (sendbuf, recvbuf, count, datatype, op, root, comm, request))

REFUSED(Ireduce_scatter_block_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype, MPI_Op
         op, MPI_Comm comm, MPI_Request *request),
        (sendbuf, recvbuf, recvcount, datatype, op, comm, request))

REFUSED(Ireduce_scatter_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype,
         MPI_Op op, MPI_Comm comm, MPI_Request *request),
        (sendbuf, recvbuf, recvcounts, datatype, op, comm, request))

REFUSED(Irsend_c, U_LARGE_COUNT,
        (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm
         comm, MPI_Request *request),
        (buf, count, datatype, dest, tag, comm, request))

REFUSED(Iscan_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
         MPI_Comm comm, MPI_Request *request),
        (sendbuf, recvbuf, count, datatype, op, comm, request))

REFUSED(Iscatter_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
         recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request))

REFUSED(Iscatterv_c, U_LARGE_COUNT,
        (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[], MPI_Datatype
         sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm
         comm, MPI_Request *request),
        (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm,
         request))

REFUSED(Isend_c, U_LARGE_COUNT,
        (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm
         comm, MPI_Request *request),
        (buf, count, datatype, dest, tag, comm, request))

REFUSED(Isendrecv_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag,
         void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag,
         MPI_Comm comm, MPI_Request *request),
        (sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source,
         recvtag, comm, request))

REFUSED(Isendrecv_replace_c, U_LARGE_COUNT,
        (void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag, int source, int
         recvtag, MPI_Comm comm, MPI_Request *request),
        (buf, count, datatype, dest, sendtag, source, recvtag, comm, request))

REFUSED(Issend_c, U_LARGE_COUNT,
        (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm
         comm, MPI_Request *request),
        (buf, count, datatype, dest, tag, comm, request))

REFUSED(Mrecv_c, U_LARGE_COUNT,
        (void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message, MPI_Status
         *status),
        (buf, count, datatype, message, status))

REFUSED(Neighbor_allgather_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
         recvcount, MPI_Datatype recvtype, MPI_Comm comm),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm))

REFUSED(Neighbor_allgather_init_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
         MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
         MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request))

REFUSED(Neighbor_allgatherv_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const
         MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm),
        (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm))

REFUSED(Neighbor_allgatherv_init_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
         const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
         MPI_Comm comm, MPI_Info info, MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, info, request))

REFUSED(Neighbor_alltoall_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
         recvcount, MPI_Datatype recvtype, MPI_Comm comm),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm))

REFUSED(Neighbor_alltoall_init_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
         MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
         MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request))

REFUSED(Neighbor_alltoallv_c, U_LARGE_COUNT,
        (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype
         sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[],
         MPI_Datatype recvtype, MPI_Comm comm),
        (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm))

REFUSED(Neighbor_alltoallv_init_c, U_LARGE_COUNT,
        (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
         MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint
         rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request
         *request),
        (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, info, request))

REFUSED(Neighbor_alltoallw_c, U_LARGE_COUNT,
        (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const
         MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint
         rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm),
        (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm))

REFUSED(Neighbor_alltoallw_init_c, U_LARGE_COUNT,
        (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const
         MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const
         MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
         MPI_Request *request),
        (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, info, request))

REFUSED(Recv_c, U_LARGE_COUNT,
        (void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
         MPI_Status *status),
        (buf, count, datatype, source, tag, comm, status))

REFUSED(Recv_init_c, U_LARGE_COUNT,
        (void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
         MPI_Request *request),
        (buf, count, datatype, source, tag, comm, request))

REFUSED(Reduce_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
         int root, MPI_Comm comm),
        (sendbuf, recvbuf, count, datatype, op, root, comm))

REFUSED(Reduce_init_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op
         op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request),
        (sendbuf, recvbuf, count, datatype, op, root, comm, info, request))

REFUSED(Reduce_local_c, U_LARGE_COUNT,
        (const void *inbuf, void *inoutbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op),
        (inbuf, inoutbuf, count, datatype, op))

REFUSED(Reduce_scatter_block_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype, MPI_Op
         op, MPI_Comm comm),
        (sendbuf, recvbuf, recvcount, datatype, op, comm))

REFUSED(Reduce_scatter_block_init_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
         MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request),
        (sendbuf, recvbuf, recvcount, datatype, op, comm, info, request))

REFUSED(Reduce_scatter_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype,
         MPI_Op op, MPI_Comm comm),
        (sendbuf, recvbuf, recvcounts, datatype, op, comm))

REFUSED(Reduce_scatter_init_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype
         datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request),
        (sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request))

REFUSED(Rsend_c, U_LARGE_COUNT,
        (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm
         comm),
        (buf, count, datatype, dest, tag, comm))

REFUSED(Rsend_init_c, U_LARGE_COUNT,
        (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm
         comm, MPI_Request *request),
        (buf, count, datatype, dest, tag, comm, request))

REFUSED(Scan_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
         MPI_Comm comm),
        (sendbuf, recvbuf, count, datatype, op, comm))

REFUSED(Scan_init_c, U_LARGE_COUNT,
        (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op
         op, MPI_Comm comm, MPI_Info info, MPI_Request *request),
        (sendbuf, recvbuf, count, datatype, op, comm, info, request))

REFUSED(Scatter_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
         recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm))

REFUSED(Scatter_init_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
         MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info
         info, MPI_Request *request),
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request))

REFUSED(Scatterv_c, U_LARGE_COUNT,
        (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[], MPI_Datatype
         sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm
         comm),
        (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm))

REFUSED(Scatterv_init_c, U_LARGE_COUNT,
        (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
         MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
         int root, MPI_Comm comm, MPI_Info info, MPI_Request *request),
        (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request))

REFUSED(Send_c, U_LARGE_COUNT,
        (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm
         comm),
        (buf, count, datatype, dest, tag, comm))

REFUSED(Send_init_c, U_LARGE_COUNT,
        (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm
         comm, MPI_Request *request),
        (buf, count, datatype, dest, tag, comm, request))

REFUSED(Sendrecv_c, U_LARGE_COUNT,
        (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag,
         void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag,
         MPI_Comm comm, MPI_Status *status),
        (sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source,
         recvtag, comm, status))

REFUSED(Sendrecv_replace_c, U_LARGE_COUNT,
        (void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag, int source, int
         recvtag, MPI_Comm comm, MPI_Status *status),
        (buf, count, datatype, dest, sendtag, source, recvtag, comm, status))

REFUSED(Ssend_c, U_LARGE_COUNT,
        (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm
         comm),
        (buf, count, datatype, dest, tag, comm))

REFUSED(Ssend_init_c, U_LARGE_COUNT,
        (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm
         comm, MPI_Request *request),
        (buf, count, datatype, dest, tag, comm, request))

#endif
