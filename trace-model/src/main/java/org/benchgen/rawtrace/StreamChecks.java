package org.benchgen.rawtrace;

import java.util.HashMap;
import java.util.Map;
import org.benchgen.trace.BufferBytes;
import org.benchgen.trace.CommMembers;
import org.benchgen.trace.Op;
import org.benchgen.trace.PerThread;
import org.benchgen.trace.Sym;
import org.benchgen.trace.TraceProblem;

/**
 * What a rank's stream must respect beyond the syntax of each line: communicator definitions
 * (members in the world, this rank among them, each id once), required fields, times that never go
 * backwards on a thread, peers inside their communicator, requests created in order and used only while live
 * ({@link LiveRequests}, unless the sink numbers them with it: {@link
 * RawTraceReader.Sink#checksRequests}). Numbers within their kind's range are checked as they are
 * read ({@link org.benchgen.trace.FieldKind#check}). Problems are thrown as {@link TraceProblem};
 * the reader adds the file and line.
 */
final class StreamChecks {
  private final RawTraceReader.Header header;
  private final Map<Long, Integer> commSizes = new HashMap<>();
  private final java.util.Set<Long> inter = new java.util.HashSet<>();
  private final LiveRequests requests = new LiveRequests();
  /** False when the sink checks the requests itself ({@link RawTraceReader.Sink#checksRequests}). */
  private final boolean checkRequests;
  /** Per thread: when its previous call exited (a thread's times never go backwards). */
  private final PerThread<long[]> lastExit = new PerThread<>(() -> new long[] {Long.MIN_VALUE});
  /** The communicator checked last and its size: events mostly use one. */
  private long lastComm = -1;
  private int lastCommSize;

  StreamChecks(RawTraceReader.Header header, boolean checkRequests) {
    this.header = header;
    this.checkRequests = checkRequests;
    commSizes.put(0L, header.size());
  }

  /** Checks the definition of communicator {@code id} with these world ranks. */
  void defineComm(long id, long[] members, long[] remote) {
    CommMembers.check(id, members, remote, header.size());
    boolean self = false;
    for (long m : members) {
      self |= m == header.rank();
    }
    if (!self) {
      throw new TraceProblem("comm " + id + " does not contain this rank (" + header.rank()
          + "): a rank defines only the communicators it belongs to");
    }
    // Peers are ranks of the remote group on an intercommunicator.
    Integer old = commSizes.put(id, remote.length > 0 ? remote.length : members.length);
    if (remote.length > 0) {
      inter.add(id);
    }
    if (old != null) {
      throw new TraceProblem("comm " + id + " defined twice");
    }
  }

  /**
   * Checks an event of {@code op} whose fields {@code seen} (a bit per slot) were read into
   * {@code values} and {@code lists}.
   */
  void event(Op op, EventLayout layout, long seen, long enter, long exit, long[] values,
      long[][] lists) {
    if ((seen & layout.required()) != layout.required()) {
      for (int i = 0; i < layout.fields().length; i++) {
        if ((layout.required() & ~seen & (1L << i)) != 0) {
          throw new TraceProblem(op.mpiName() + " is missing its required field '"
              + layout.fields()[i].key() + "'");
        }
      }
    }
    if (exit < enter) {
      throw new TraceProblem(op.mpiName() + " exits (" + exit + ") before it enters (" + enter
          + ")");
    }
    long thread = PerThread.thread(op, values);
    long[] last = lastExit.of(thread);
    if (enter < last[0]) {
      throw new TraceProblem("time goes backwards: " + op.mpiName() + " enters at " + enter
          + " before the previous call" + (thread == 0 ? "" : " of thread " + thread)
          + " exited at " + last[0]);
    }
    last[0] = exit;
    lastOp = op;
    buffers(op, seen, values, lists);
    peers(layout, op, values);
    if (checkRequests) {
      requests.check(op, values, lists);
    }
  }

  /** The last event's call, to check that the stream ends with MPI_Finalize. */
  private Op lastOp;

  /**
   * Checks the end of the stream of rank {@code rank}: its last event must be MPI_Finalize. A
   * stream cut short (a full disk, a killed process) otherwise read as a complete run, and its
   * benchmark stopped early with no word (issue 47); an aborted run's is marked {@code # truncated}
   * by the tracer and refused for that.
   */
  void end(int rank) {
    if (lastOp != Op.FINALIZE) {
      throw new TraceProblem("rank " + rank + "'s stream ends " + (lastOp == null
          ? "with no call" : "after " + lastOp.mpiName()) + ", not with MPI_Finalize and"
          + " without the tracer's '# truncated' mark: it was cut short (a full disk? a killed"
          + " process?), so the trace is incomplete");
    }
  }

  /** No buffer's bytes (count x size) may pass 2^62: no pass's byte count may wrap. */
  private static void buffers(Op op, long seen, long[] values, long[][] lists) {
    for (BufferBytes.Buffer b : BufferBytes.of(op)) {
      int c = op.slot(b.count());
      if ((seen & (1L << c)) == 0) {
        continue;
      }
      long n = b.count().kind().isList() ? BufferBytes.sum(lists[c]) : values[c];
      int ss = b.size().isPresent() ? op.slot(b.size().get()) : -1;
      long size = ss >= 0 && (seen & (1L << ss)) != 0 ? values[ss] : 0;
      BufferBytes.check(op, b, n, size);
    }
  }

  private void peers(EventLayout layout, Op op, long[] values) {
    int ps = op.slot(org.benchgen.trace.Field.PCOMM);
    if (ps >= 0 && values[ps] != Sym.NULL.code() && !commSizes.containsKey(values[ps])) {
      throw new TraceProblem(op.mpiName() + " uses communicator " + values[ps]
          + " as pcomm, which is not defined");
    }
    int cs = op.slot(org.benchgen.trace.Field.COMM);
    if (cs < 0) {
      return;
    }
    long comm = values[cs];
    if (comm != lastComm) {
      Integer size = commSizes.get(comm);
      if (size == null) {
        throw new TraceProblem(op.mpiName() + " uses communicator " + comm
            + ", which is not defined (a 'comm id=" + comm + " members=...' line must come first)");
      }
      lastComm = comm;
      lastCommSize = size;
    }
    for (int s : layout.peers()) {
      if (layout.fields()[s] == org.benchgen.trace.Field.ROOT && Sym.isSymbol(values[s])) {
        if (!inter.contains(comm)) {
          throw new TraceProblem(op.mpiName() + ": root=" + Sym.of(values[s]).text()
              + " on communicator " + comm + ", which is not an intercommunicator");
        }
      } else if (!Sym.isSymbol(values[s]) && values[s] >= lastCommSize) {
        throw new TraceProblem(op.mpiName() + ": " + layout.fields()[s].key() + "=" + values[s]
            + " is outside communicator " + comm + " (size " + lastCommSize + ")");
      }
    }
  }
}
