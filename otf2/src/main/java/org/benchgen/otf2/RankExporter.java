package org.benchgen.otf2;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;

/**
 * One rank's calls as OTF2 records, in the bridge's lines (docs/otf2.md, "Export"), as Score-P
 * records them: each call a region named after the MPI function inside a region named after its
 * call site; a message record where a message is sent or received; a request's completion record
 * inside the call that completes it. The definitions the records name are gathered in {@link
 * ExportDefs}, shared by all ranks.
 */
final class RankExporter implements RawTraceReader.Sink {
  private final ExportDefs defs;
  private final int rank;
  private final BridgeOut out;
  private final RuleCounts rules;
  /** Live requests: what their completion record must say. */
  private final Map<Long, Pending> pending = new HashMap<>();
  /** Persistent requests: their message, for each Start. */
  private final Map<Long, RawEvent> persistent = new HashMap<>();

  /** One-sided calls' records, and their requests; MPI-IO's. */
  private final OneSidedExport oneSided;
  private final FileIoExport fileIo;

  /** What a request's completion record says (a send's is only its id). */
  private record Pending(BridgeEvent.Irecv recv, RawEvent collective) {}

  RankExporter(ExportDefs defs, int rank, BridgeOut out, RuleCounts rules) {
    this.defs = defs;
    this.rank = rank;
    this.out = out;
    this.rules = rules;
    this.oneSided = new OneSidedExport(defs, this::emit);
    this.fileIo = new FileIoExport(defs, this::emit);
  }

  @Override
  public void comm(long id, long[] members, long[] remote) {
    if (remote.length > 0) {
      throw new org.benchgen.trace.TraceProblem("communicator " + id + " is an intercommunicator, which OTF2"
          + " export does not write yet");
    }
    defs.comm(id, members);
  }

  @Override
  public void event(RawEvent e) {
    Op op = e.op();
    long thread = org.benchgen.trace.PerThread.thread(op, e.values());
    if (thread != 0) {
      // One location per rank, whose times must not go backwards: another thread's would.
      throw new org.benchgen.trace.TraceProblem(op.mpiName() + " was called by thread " + thread
          + " (MPI_THREAD_MULTIPLE): OTF2 export writes one location per rank, and does not"
          + " write the calls of several threads yet");
    }
    Otf2Names.cannotSay(op).ifPresent(why -> {
      throw new org.benchgen.trace.TraceProblem(op.mpiName() + why);
    });
    long t0 = e.enter();
    long t1 = e.exit();
    long site = defs.siteRegion(e.site());
    long region = defs.callRegion(op);
    boolean named = op.kind() == OpKind.PERSISTENT_INIT || op == Op.REQUEST_FREE;
    emit(new BridgeEvent.Enter(t0, site));
    emit(new BridgeEvent.Enter(t0, region, named ? OptionalLong.of(e.get(Field.REQ))
        : recordlessRequest(e), unmatched(e), recordless(e)));
    switch (op.kind()) {
      case SEND -> send(e, t0, op.has(Field.REQ));
      case RECV -> recv(e, t0, t1);
      case SENDRECV -> {
        send(e, t0, false);
        recv(e, t0, t1);
      }
      case COMPLETION -> complete(e, t1);
      case PERSISTENT_INIT -> persistent.put(e.get(Field.REQ), e);
      case START -> start(e, t0);
      case REQUEST_FREE -> persistent.remove(e.get(Field.REQ));
      case COLLECTIVE -> collective(e, t0, t1);
      case COMM_CREATE -> {
        if (e.get(Field.NEWCOMM) != Sym.NULL.code()) {
          defs.created(e, e.get(Field.NEWCOMM));
          emit(new BridgeEvent.CommCreate(t1, e.get(Field.NEWCOMM)));
        }
      }
      case COMM_FREE -> emit(new BridgeEvent.CommDestroy(t0, e.get(Field.COMM)));
      case WINDOW, RMA -> oneSided.call(e, t0, t1);
      case FILE_IO -> fileIo.call(e, t0, t1);
      default -> { }
    }
    emit(new BridgeEvent.Leave(t1, region));
    emit(new BridgeEvent.Leave(t1, site));
  }

  private void send(RawEvent e, long t, boolean nonblocking) {
    long dest = e.get(Field.DEST);
    if (dest == Sym.PROC_NULL.code()) {
      return;
    }
    long length = e.get(Field.COUNT) * e.get(Field.TSIZE);
    if (nonblocking) {
      long req = e.get(Field.REQ);
      pending.put(req, new Pending(null, null));
      emit(new BridgeEvent.Isend(t, dest, e.get(Field.COMM), e.get(Field.TAG), length, req));
    } else {
      emit(new BridgeEvent.Send(t, dest, e.get(Field.COMM), e.get(Field.TAG), length));
    }
  }

  /**
   * The request a Start or Wait names that has no record to name it (to or from MPI_PROC_NULL,
   * or a wildcard receive whose source was not traced).
   */
  private OptionalLong recordlessRequest(RawEvent e) {
    if (e.op() == Op.WAIT || e.op() == Op.START) {
      long req = e.get(Field.REQ);
      boolean none = e.op() == Op.START ? persistentProcNull(req) : recordless(req);
      return none ? OptionalLong.of(req) : OptionalLong.empty();
    }
    return OptionalLong.empty();
  }

  /** How many requests without records a completion call other than Wait completes. */
  private OptionalLong recordless(RawEvent e) {
    if (e.op().kind() != OpKind.COMPLETION || e.op() == Op.WAIT) {
      return OptionalLong.empty();
    }
    long n = 0;
    for (long req : e.op() == Op.WAITALL ? e.list(Field.REQS) : e.list(Field.DONE)) {
      n += recordless(req) ? 1 : 0;
    }
    return n > 0 ? OptionalLong.of(n) : OptionalLong.empty();
  }

  private boolean recordless(long req) {
    return !Sym.isSymbol(req) && !oneSided.owns(req) && !fileIo.owns(req)
        && (!pending.containsKey(req) || persistentProcNull(req));
  }

  /**
   * The bytes of a receive from MPI_ANY_SOURCE whose source the trace does not say: no message
   * record can name its sender, so benchgen's attribute keeps them.
   */
  private OptionalLong unmatched(RawEvent e) {
    OpKind k = e.op().kind();
    RawEvent init = e.op() == Op.START ? persistent.get(e.get(Field.REQ)) : null;
    if (init != null && init.op() == Op.RECV_INIT && init.get(Field.SRC) == Sym.ANY_SOURCE.code()
        && e.isPresent(Field.BYTES)) {
      rules.add("ANY_SOURCE receives whose source the trace does not say: no message record,"
          + " their bytes in benchgen's attribute (benchgen resolve finds their sources)");
      return OptionalLong.of(e.get(Field.BYTES));
    }
    if ((k == OpKind.RECV || k == OpKind.SENDRECV) && !e.isPresent(Field.ASRC)
        && e.get(Field.SRC) == Sym.ANY_SOURCE.code() && e.isPresent(Field.BYTES)) {
      rules.add("ANY_SOURCE receives whose source the trace does not say: no message record,"
          + " their bytes in benchgen's attribute (benchgen resolve finds their sources)");
      return OptionalLong.of(e.get(Field.BYTES));
    }
    return OptionalLong.empty();
  }

  private void recv(RawEvent e, long t0, long t1) {
    long src = e.isPresent(Field.ASRC) ? e.get(Field.ASRC) : e.get(Field.SRC);
    if (Sym.isSymbol(src)) {
      // MPI_PROC_NULL, or a wildcard whose source was not traced: no message to record.
      return;
    }
    Field tagField = e.op().kind() == OpKind.SENDRECV ? Field.RTAG : Field.TAG;
    long tag = e.isPresent(Field.ATAG) ? e.get(Field.ATAG) : e.get(tagField);
    tag = Sym.isSymbol(tag) ? 0 : tag;
    long bytes = e.isPresent(Field.BYTES) ? e.get(Field.BYTES) : 0;
    if (e.op() == Op.IRECV) {
      long req = e.get(Field.REQ);
      emit(new BridgeEvent.IrecvRequest(t0, req));
      pending.put(req, new Pending(new BridgeEvent.Irecv(0, src, e.get(Field.COMM), tag, bytes,
          req), null));
    } else {
      emit(new BridgeEvent.Recv(t1, src, e.get(Field.COMM), tag, bytes));
    }
  }

  private void start(RawEvent e, long t) {
    long[] reqs = e.startedRequests();
    for (long req : reqs) {
      RawEvent init = persistent.get(req);
      if (init == null) {
        continue;
      }
      boolean receives = init.op() == Op.RECV_INIT;
      long peer = init.get(receives ? Field.SRC : Field.DEST);
      long length = init.get(Field.COUNT) * init.get(Field.TSIZE);
      if (reqs.length == 1 && e.isPresent(Field.BYTES)) {
        length = e.get(Field.BYTES);
      }
      if (Sym.isSymbol(peer)) {
        pending.put(req, new Pending(null, null));
      } else if (receives) {
        emit(new BridgeEvent.IrecvRequest(t, req));
        pending.put(req, new Pending(new BridgeEvent.Irecv(0, peer, init.get(Field.COMM),
            Sym.isSymbol(init.get(Field.TAG)) ? 0 : init.get(Field.TAG), length, req), null));
      } else {
        emit(new BridgeEvent.Isend(t, peer, init.get(Field.COMM), init.get(Field.TAG), length,
            req));
        pending.put(req, new Pending(null, null));
      }
    }
  }

  private void collective(RawEvent e, long t0, long t1) {
    if (e.op().has(Field.REQ)) {
      emit(new BridgeEvent.CollectiveRequest(t0, e.get(Field.REQ)));
      pending.put(e.get(Field.REQ), new Pending(null, e));
      return;
    }
    emit(new BridgeEvent.CollectiveBegin(t0));
    emit(collectiveEnd(e, t1));
  }

  private BridgeEvent.CollectiveEnd collectiveEnd(RawEvent e, long t) {
    int me = defs.indexIn(e.get(Field.COMM), rank);
    int n = defs.size(e.get(Field.COMM));
    long[] bytes = CollectiveBytes.of(e, me, n);
    long root = e.op().has(Field.ROOT) ? e.get(Field.ROOT) : Otf2Names.NO_ROOT;
    return new BridgeEvent.CollectiveEnd(t, Otf2Names.collectiveOp(e.op()), e.get(Field.COMM),
        root, bytes[0], bytes[1]);
  }

  private void complete(RawEvent e, long t) {
    Op op = e.op();
    long[] done = op == Op.WAIT ? new long[] {e.get(Field.REQ)}
        : op == Op.WAITALL ? e.list(Field.REQS) : e.list(Field.DONE);
    for (long req : done) {
      oneSided.completed(req, t);
      fileIo.completed(req, t);
      Pending p = pending.remove(req);
      if (p == null) {
        continue;
      }
      if (p.recv() != null) {
        BridgeEvent.Irecv r = p.recv();
        emit(new BridgeEvent.Irecv(t, r.peer(), r.comm(), r.tag(), r.length(), r.request()));
      } else if (p.collective() != null) {
        BridgeEvent.CollectiveEnd c = collectiveEnd(p.collective(), t);
        emit(new BridgeEvent.CollectiveDone(t, c.op(), c.comm(), c.root(), c.sent(),
            c.received(), req));
      } else if (!persistentProcNull(req)) {
        emit(new BridgeEvent.IsendDone(t, req));
      }
    }
    if (op.has(Field.DONE)) {
      for (long req : e.list(Field.REQS)) {
        if (pending.containsKey(req) && !persistentProcNull(req)) {
          emit(new BridgeEvent.RequestTest(t, req));
        }
        oneSided.tested(req, t); // Score-P's RmaOpTest, IoOperationTest
        fileIo.tested(req, t);
      }
    }
  }

  /** A request with no OTF2 record: to or from MPI_PROC_NULL, or a wildcard never resolved. */
  private boolean persistentProcNull(long req) {
    RawEvent init = persistent.get(req);
    return init != null && Sym.isSymbol(init.get(init.op() == Op.RECV_INIT ? Field.SRC
        : Field.DEST));
  }

  private void emit(BridgeEvent e) {
    out.write(e);
  }
}
