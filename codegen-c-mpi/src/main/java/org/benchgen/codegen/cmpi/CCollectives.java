package org.benchgen.codegen.cmpi;

import org.benchgen.codegen.RsdContext;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;

/** The C+MPI call of a collective RSD, its counts and datatypes as the trace recorded them. */
final class CCollectives {
  private final CArgs a;

  CCollectives(CArgs a) {
    this.a = a;
  }

  /** The call of collective RSD {@code c}. */
  OutputModel of(RsdContext c) {
    Op op = c.rsd().op();
    OutputModel req = op.createsRequest() ? new CModel.NewReq(false) : null;
    OutputModel send = a.count(c, Field.COUNT, Field.TYPE, Field.TSIZE);
    OutputModel stype = a.type(c, Field.TYPE);
    OutputModel sb = a.sendBuf();
    OutputModel rb = a.recvBuf();
    OutputModel comm = a.comm(c);
    return new CModel.Call(op.mpiName(), switch (op) {
      case BARRIER, IBARRIER -> a.args(comm, req);
      case BCAST, IBCAST -> a.args(sb, send, a.idleType(c), a.root(c), comm, req);
      case REDUCE, IREDUCE -> a.args(sb, rb, send, a.idleType(c), a.reduceOp(c), a.root(c), comm,
          req);
      case ALLREDUCE, IALLREDUCE, SCAN, ISCAN, EXSCAN, IEXSCAN, REDUCE_SCATTER_BLOCK,
          IREDUCE_SCATTER_BLOCK -> a.args(sb, rb, send, a.reduceType(c), a.reduceOp(c), comm, req);
      // Its counts scaled as the other v-collectives' where the datatype is sent as bytes.
      case REDUCE_SCATTER, IREDUCE_SCATTER -> a.args(sb, rb,
          new CModel.ListItems(a.counts(c, Field.RCOUNTS, Field.TYPE, Field.TSIZE, 1)),
          a.reduceType(c), a.reduceOp(c), comm, req);
      case GATHER, IGATHER, SCATTER, ISCATTER -> a.args(sb, send, stype, rb, received(c),
          a.type(c, Field.RTYPE), a.root(c), comm, req);
      case ALLGATHER, IALLGATHER, ALLTOALL, IALLTOALL, NEIGHBOR_ALLGATHER, INEIGHBOR_ALLGATHER,
          NEIGHBOR_ALLTOALL, INEIGHBOR_ALLTOALL -> a.args(sb, send, stype, rb, received(c),
          a.type(c, Field.RTYPE), comm, req);
      case GATHERV, IGATHERV -> {
        Value rc = a.counts(c, Field.RCOUNTS, Field.RTYPE, Field.RTSIZE, 1);
        yield a.args(sb, send, stype, rb, new CModel.ListItems(rc), new CModel.Displs(rc, 0),
            a.type(c, Field.RTYPE), a.root(c), comm, req);
      }
      case SCATTERV, ISCATTERV -> {
        Value sc = a.counts(c, Field.COUNTS, Field.TYPE, Field.TSIZE, 0);
        yield a.args(sb, new CModel.ListItems(sc), new CModel.Displs(sc, 0), stype, rb,
            received(c), a.type(c, Field.RTYPE), a.root(c), comm, req);
      }
      case ALLGATHERV, IALLGATHERV, NEIGHBOR_ALLGATHERV, INEIGHBOR_ALLGATHERV -> {
        Value rc = a.counts(c, Field.RCOUNTS, Field.RTYPE, Field.RTSIZE, 1);
        yield a.args(sb, send, stype, rb, new CModel.ListItems(rc), new CModel.Displs(rc, 0),
            a.type(c, Field.RTYPE), comm, req);
      }
      case ALLTOALLV, IALLTOALLV, NEIGHBOR_ALLTOALLV, INEIGHBOR_ALLTOALLV -> {
        Value sc = a.counts(c, Field.COUNTS, Field.TYPE, Field.TSIZE, 0);
        Value rc = a.counts(c, Field.RCOUNTS, Field.RTYPE, Field.RTSIZE, 1);
        yield a.args(sb, new CModel.ListItems(sc), new CModel.Displs(sc, 0), stype, rb,
            new CModel.ListItems(rc), new CModel.Displs(rc, 1), a.type(c, Field.RTYPE), comm, req);
      }
      // Counts recorded in bytes, one per peer, whatever each peer's datatype was.
      case ALLTOALLW, IALLTOALLW, NEIGHBOR_ALLTOALLW, INEIGHBOR_ALLTOALLW -> {
        Value sc = a.list(c, Field.COUNTS);
        Value rc = a.list(c, Field.RCOUNTS);
        boolean aint = op.isNeighbourhood(); // MPI_Neighbor_alltoallw's displacements
        yield a.args(sb, new CModel.ListItems(sc), aint ? new CModel.AintDispls(sc, 0)
            : new CModel.Displs(sc, 0), new CModel.ByteTypes(sc), rb, new CModel.ListItems(rc),
            aint ? new CModel.AintDispls(rc, 1) : new CModel.Displs(rc, 1),
            new CModel.ByteTypes(rc), comm, req);
      }
      default -> throw new IllegalStateException("not a collective: " + op);
    });
  }

  /** The receive count of a collective with one: {@code rcount}, in bytes where need be. */
  private OutputModel received(RsdContext c) {
    return a.count(c, Field.RCOUNT, Field.RTYPE, Field.RTSIZE);
  }
}
