package org.benchgen.codegen.cmpi;

import java.util.List;
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

  /**
   * The call of collective RSD {@code c}: the blocking form's arguments, then a nonblocking
   * form's new request, a persistent one's (MPI-4's _init) info and new persistent request; its
   * large-count form (MPI_Alltoallv_c) where {@code large}, with lists of MPI_Counts.
   */
  OutputModel of(RsdContext c, boolean large) {
    Op op = c.rsd().op();
    OutputModel send = a.count(c, Field.COUNT, Field.TYPE, Field.TSIZE);
    OutputModel stype = a.type(c, Field.TYPE);
    OutputModel sb = a.sendBuf();
    OutputModel rb = a.recvBuf();
    OutputModel comm = a.comm(c);
    Lists k = new Lists(op.createsRequest(), large);
    List<OutputModel> args = switch (op.blockingForm()) {
      case BARRIER -> a.args(comm);
      case BCAST -> a.args(sb, send, a.idleType(c), a.root(c), comm);
      case REDUCE -> a.args(sb, rb, send, a.idleType(c), a.reduceOp(c), a.root(c), comm);
      case ALLREDUCE, SCAN, EXSCAN, REDUCE_SCATTER_BLOCK -> a.args(sb, rb, send, a.reduceType(c),
          a.reduceOp(c), comm);
      // Its counts scaled as the other v-collectives' where the datatype is sent as bytes.
      case REDUCE_SCATTER -> a.args(sb, rb,
          k.items(a.counts(c, Field.RCOUNTS, Field.TYPE, Field.TSIZE, 1, large)), a.reduceType(c),
          a.reduceOp(c), comm);
      case GATHER, SCATTER -> a.args(sb, send, stype, rb, received(c),
          a.type(c, Field.RTYPE), a.root(c), comm);
      case ALLGATHER, ALLTOALL, NEIGHBOR_ALLGATHER, NEIGHBOR_ALLTOALL -> a.args(sb, send, stype,
          rb, received(c), a.type(c, Field.RTYPE), comm);
      case GATHERV -> {
        Value rc = a.counts(c, Field.RCOUNTS, Field.RTYPE, Field.RTSIZE, 1, large);
        yield a.args(sb, send, stype, rb, k.items(rc), k.displs(rc, 0),
            a.type(c, Field.RTYPE), a.root(c), comm);
      }
      case SCATTERV -> {
        Value sc = a.counts(c, Field.COUNTS, Field.TYPE, Field.TSIZE, 0, large);
        yield a.args(sb, k.items(sc), k.displs(sc, 0), stype, rb, received(c),
            a.type(c, Field.RTYPE), a.root(c), comm);
      }
      case ALLGATHERV, NEIGHBOR_ALLGATHERV -> {
        Value rc = a.counts(c, Field.RCOUNTS, Field.RTYPE, Field.RTSIZE, 1, large);
        yield a.args(sb, send, stype, rb, k.items(rc), k.displs(rc, 0),
            a.type(c, Field.RTYPE), comm);
      }
      case ALLTOALLV, NEIGHBOR_ALLTOALLV -> {
        Value sc = a.counts(c, Field.COUNTS, Field.TYPE, Field.TSIZE, 0, large);
        Value rc = a.counts(c, Field.RCOUNTS, Field.RTYPE, Field.RTSIZE, 1, large);
        yield a.args(sb, k.items(sc), k.displs(sc, 0), stype, rb, k.items(rc), k.displs(rc, 1),
            a.type(c, Field.RTYPE), comm);
      }
      // Counts recorded in bytes, one per peer, whatever each peer's datatype was.
      case ALLTOALLW, NEIGHBOR_ALLTOALLW -> {
        Value sc = a.list(c, Field.COUNTS, 1, large);
        Value rc = a.list(c, Field.RCOUNTS, 1, large);
        boolean aint = op.isNeighbourhood(); // MPI_Neighbor_alltoallw's displacements
        yield a.args(sb, k.items(sc), k.displs(sc, 0, aint), k.byteTypes(sc), rb,
            k.items(rc), k.displs(rc, 1, aint), k.byteTypes(rc), comm);
      }
      default -> throw new IllegalStateException("not a collective: " + op);
    };
    if (op.createsRequest()) {
      boolean persistent = op.isPersistentCollective();
      args.addAll(a.args(persistent ? new CModel.InfoNull() : null,
          new CModel.NewReq(persistent)));
    }
    return new CModel.Call(op.mpiName(large), args);
  }

  /**
   * A collective's lists: kept copies where its request may read them after the call
   * (nonblocking and persistent collectives), else the scratch arrays and tables themselves; of
   * MPI_Counts and MPI_Aints in a large-count call ({@code large}).
   */
  private record Lists(boolean held, boolean large) {
    OutputModel items(Value list) {
      return held ? large ? new CModel.KeptCounts(list) : new CModel.KeptItems(list)
          : new CModel.ListItems(list);
    }

    OutputModel byteTypes(Value list) {
      return large ? new CModel.CountByteTypes(list) : new CModel.ByteTypes(list);
    }

    OutputModel displs(Value list, int which) {
      return displs(list, which, false);
    }

    OutputModel displs(Value list, int which, boolean aint) {
      if (large) {
        return new CModel.CountDispls(list, which, held);
      }
      return held ? new CModel.KeptDispls(list, aint)
          : aint ? new CModel.AintDispls(list, which) : new CModel.Displs(list, which);
    }
  }

  /** The receive count of a collective with one: {@code rcount}, in bytes where need be. */
  private OutputModel received(RsdContext c) {
    return a.count(c, Field.RCOUNT, Field.RTYPE, Field.RTSIZE);
  }
}
