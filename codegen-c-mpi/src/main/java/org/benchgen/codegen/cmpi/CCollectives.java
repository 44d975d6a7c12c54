package org.benchgen.codegen.cmpi;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.benchgen.codegen.RsdContext;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;
import org.benchgen.trace.CParameter;
import org.benchgen.trace.CollectiveSide;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;

/**
 * The C+MPI call of a collective RSD, its counts and datatypes as the trace recorded them: its
 * arguments in the order of its C prototype (mpi-signatures.def, {@link Op#cParameters()}), each
 * taken by its parameter's name, so that no collective is named here.
 */
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
    // Made first, in this order, as they always were: approximations are counted, and a
    // communicator's or count's table is numbered, as it is made.
    OutputModel send = a.count(c, Field.COUNT, Field.TYPE, Field.TSIZE);
    OutputModel stype = a.type(c, Field.TYPE);
    OutputModel comm = a.comm(c);
    Lists k = new Lists(op.createsRequest(), large);
    List<CParameter> params = op.cParameters();
    Map<String, Value> lists = new HashMap<>(); // the counts made so far, by parameter
    List<OutputModel> args = new ArrayList<>();
    int displs = 0;
    for (int i = 0; i < params.size(); i++) {
      CParameter p = params.get(i);
      args.add(switch (p.name()) {
        case "buf", "sbuf" -> a.sendBuf();
        case "rbuf" -> a.recvBuf();
        case "comm" -> comm;
        case "root" -> a.root(c);
        case "op" -> a.reduceOp(c);
        case "count" -> send;
        case "rcount" -> a.count(c, Field.RCOUNT, Field.RTYPE, Field.RTSIZE);
        case "type" -> type(c, stype);
        case "rtype" -> a.type(c, Field.RTYPE);
        case "counts" -> k.items(made(lists, p.name(), list(c, CollectiveSide.sent(op), 0,
            large)));
        case "rcounts" -> k.items(made(lists, p.name(), list(c, CollectiveSide.received(op), 1,
            large)));
        // The displacements of the counts before them, each array in a scratch one of its own.
        case "displs", "sdispls", "rdispls" -> k.displs(madeBefore(lists, params, i), displs++,
            p.type().contains("MPI_Aint"));
        case "types", "rtypes" -> k.byteTypes(madeBefore(lists, params, i - 1));
        default -> throw new IllegalStateException(op.mpiName() + ": no argument for its"
            + " parameter " + p.name() + " (mpi-signatures.def)");
      });
    }
    if (op.createsRequest()) {
      boolean persistent = op.isPersistentCollective();
      args.addAll(a.args(persistent ? new CModel.InfoNull() : null,
          new CModel.NewReq(persistent)));
    }
    return new CModel.Call(op.mpiName(large), args);
  }

  private static Value made(Map<String, Value> lists, String name, Value list) {
    lists.put(name, list);
    return list;
  }

  /**
   * The counts of parameter {@code i - 1}, which displacements (and after them a datatype per
   * peer) follow in every prototype (OpTest checks it).
   */
  private static Value madeBefore(Map<String, Value> lists, List<CParameter> params, int i) {
    Value v = lists.get(params.get(i - 1).name());
    if (v == null) {
      throw new IllegalStateException("no counts before " + params.get(i).name());
    }
    return v;
  }

  /**
   * A collective's datatype: where it also has a receive datatype, {@code stype} as made; else
   * (one buffer) a rooted one's as {@link CArgs#idleType}, a reduction's as {@link
   * CArgs#reduceType}, made a second time (a datatype that cannot be named is noted twice for
   * these, as it always was: the benchmarks stay byte for byte what they were).
   */
  private OutputModel type(RsdContext c, OutputModel stype) {
    Op op = c.rsd().op();
    return op.has(Field.RTYPE) ? stype : op.isRooted() ? a.idleType(c) : a.reduceType(c);
  }

  /**
   * A side's per-peer counts ({@code which}: its scratch list): in its datatype's elements, or as
   * recorded where the side has no datatype (counts in bytes, one per peer: MPI_Alltoallw's).
   */
  private Value list(RsdContext c, Optional<CollectiveSide> side, int which, boolean large) {
    CollectiveSide s = side.orElseThrow();
    if (s.type().isEmpty()) {
      return a.list(c, s.count(), 1, large);
    }
    return a.counts(c, s.count(), s.type().orElseThrow(), s.size().orElseThrow(), which, large);
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

    OutputModel displs(Value list, int which, boolean aint) {
      if (large) {
        return new CModel.CountDispls(list, which, held);
      }
      return held ? new CModel.KeptDispls(list, aint)
          : aint ? new CModel.AintDispls(list, which) : new CModel.Displs(list, which);
    }
  }
}
