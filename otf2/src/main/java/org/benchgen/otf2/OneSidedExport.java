package org.benchgen.otf2;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.TraceProblem;

/**
 * One rank's one-sided calls as OTF2's RMA records, as Score-P writes them (docs/otf2.md,
 * "One-sided communication"): a window's creation and free between RmaCollectiveBegin and
 * RmaCollectiveEnd with RmaWinCreate or RmaWinDestroy, a fence as an RmaCollectiveEnd of a
 * barrier, the passive target's locks as RmaRequestLock and RmaReleaseLock, the general active
 * target's epochs as RmaGroupSync, each operation as RmaPut, RmaGet or RmaAtomic with a matching
 * id whose completion record comes with the call that completes it. A flush and MPI_Win_sync,
 * which Score-P marks only by the completions they make, also get an RmaSync record, so that a
 * flush of nothing still names its window and target; and an operation on MPI_PROC_NULL, which
 * Score-P leaves without a record, gets one with OTF2's undefined rank as its target.
 */
final class OneSidedExport {
  /** Matching ids of operations without a request: above any request id of a trace. */
  private static final long FIRST_MATCHING = 1L << 48;
  /** A fence's and an epoch end's sync level: process and memory. */
  private static final long BOTH = NumberRecord.LEVEL_PROCESS | NumberRecord.LEVEL_MEMORY;

  private final ExportDefs defs;
  private final Consumer<BridgeEvent> out;
  /** Windows created per communicator, for the next one's definition. */
  private final Map<Long, Integer> made = new HashMap<>();
  /** The window definition of each live window slot (the trace's {@code win}). */
  private final Map<Long, Long> windows = new HashMap<>();
  /** Operations not completed yet, per window: target, matching id, 1 if a request form. */
  private final Map<Long, List<long[]>> open = new HashMap<>();
  /** The groups of the open access (Win_start) and exposure (Win_post) epochs, per window. */
  private final Map<Long, Long> accessGroup = new HashMap<>();
  private final Map<Long, Long> exposureGroup = new HashMap<>();
  /** The window of each request of an operation's request form (MPI_Rput, ...), until done. */
  private final Map<Long, Long> requests = new HashMap<>();
  private long nextMatching = FIRST_MATCHING;

  OneSidedExport(ExportDefs defs, Consumer<BridgeEvent> out) {
    this.defs = defs;
    this.out = out;
  }

  /** Whether {@code req} is the request of a one-sided operation still in flight. */
  boolean owns(long req) {
    return requests.containsKey(req);
  }

  /** A wait completed request {@code req} of a one-sided operation at {@code t}: its record. */
  void completed(long req, long t) {
    Long win = requests.remove(req);
    if (win != null) {
      emit(NumberRecord.OP_COMPLETE_NON_BLOCKING, t, win, req);
    }
  }

  /** A test found request {@code req} of a one-sided operation not done at {@code t}. */
  void tested(long req, long t) {
    Long win = requests.get(req);
    if (win != null) {
      emit(NumberRecord.OP_TEST, t, win, req);
    }
  }

  /** The records of one-sided call {@code e}, entered at {@code t0} and left at {@code t1}. */
  void call(RawEvent e, long t0, long t1) {
    Op op = e.op();
    long comm = e.get(Field.COMM);
    long slot = e.get(Field.WIN);
    switch (op) {
      case WIN_CREATE, WIN_ALLOCATE, WIN_ALLOCATE_SHARED, WIN_CREATE_DYNAMIC -> {
        int k = made.merge(comm, 1, Integer::sum) - 1;
        long win = defs.window(comm, k, op);
        windows.put(slot, win);
        emit(NumberRecord.COLLECTIVE_BEGIN, t0);
        emit(NumberRecord.WIN_CREATE, t1, win);
        collectiveEnd(op == Op.WIN_ALLOCATE || op == Op.WIN_ALLOCATE_SHARED
            ? "CREATE_HANDLE_AND_ALLOCATE" : "CREATE_HANDLE", NumberRecord.LEVEL_PROCESS, win, t1);
      }
      case WIN_FREE -> {
        long win = window(e);
        emit(NumberRecord.COLLECTIVE_BEGIN, t0);
        complete(win, -1, t1);
        emit(NumberRecord.WIN_DESTROY, t1, win);
        collectiveEnd("DESTROY_HANDLE", NumberRecord.LEVEL_PROCESS, win, t1);
        windows.remove(slot);
      }
      case WIN_FENCE -> {
        long win = window(e);
        emit(NumberRecord.COLLECTIVE_BEGIN, t0);
        complete(win, -1, t1);
        collectiveEnd("BARRIER", BOTH, win, t1);
      }
      case WIN_LOCK -> emit(NumberRecord.REQUEST_LOCK, t0, window(e), e.get(Field.TARGET), 0,
          e.get(Field.EXCL) != 0 ? NumberRecord.LOCK_EXCLUSIVE : NumberRecord.LOCK_SHARED);
      case WIN_LOCK_ALL -> emit(NumberRecord.REQUEST_LOCK, t0, window(e),
          NumberRecord.ALL_TARGETS, 0, NumberRecord.LOCK_SHARED);
      case WIN_UNLOCK -> {
        long win = window(e);
        complete(win, e.get(Field.TARGET), t1);
        emit(NumberRecord.RELEASE_LOCK, t1, win, e.get(Field.TARGET), 0);
      }
      case WIN_UNLOCK_ALL -> {
        long win = window(e);
        complete(win, -1, t1);
        emit(NumberRecord.RELEASE_LOCK, t1, win, NumberRecord.ALL_TARGETS, 0);
      }
      case WIN_FLUSH, WIN_FLUSH_LOCAL -> {
        long win = window(e);
        complete(win, e.get(Field.TARGET), t1);
        emit(NumberRecord.SYNC, t1, win, e.get(Field.TARGET), NumberRecord.SYNC_MEMORY);
      }
      case WIN_FLUSH_ALL, WIN_FLUSH_LOCAL_ALL, WIN_SYNC -> {
        long win = window(e);
        if (op != Op.WIN_SYNC) {
          complete(win, -1, t1);
        }
        emit(NumberRecord.SYNC, t1, win, NumberRecord.ALL_TARGETS, NumberRecord.SYNC_MEMORY);
      }
      case WIN_POST, WIN_START -> {
        long win = window(e);
        long[] members = e.list(Field.GROUP);
        if (members.length == 0) {
          throw new TraceProblem(op.mpiName() + " with an empty group: OTF2 export does not"
              + " write it");
        }
        long group = defs.group(members);
        (op == Op.WIN_POST ? exposureGroup : accessGroup).put(win, group);
        emit(NumberRecord.GROUP_SYNC, t1, NumberRecord.LEVEL_PROCESS, win, group);
      }
      case WIN_COMPLETE -> {
        long win = window(e);
        complete(win, -1, t1);
        emit(NumberRecord.GROUP_SYNC, t1, BOTH, win, epochGroup(accessGroup, win, op));
      }
      case WIN_WAIT, WIN_TEST -> {
        long win = window(e);
        boolean done = op == Op.WIN_WAIT || e.get(Field.FLAG) != 0;
        emit(NumberRecord.GROUP_SYNC, t1, done ? BOTH : NumberRecord.LEVEL_NONE, win,
            epochGroup(exposureGroup, win, op));
      }
      case WIN_ATTACH, WIN_DETACH -> window(e); // no record: Score-P writes none either
      default -> operation(e, t0);
    }
  }

  /** An operation: its transfer record at the call's enter, as Score-P writes it. */
  private void operation(RawEvent e, long t0) {
    Op op = e.op();
    long win = window(e);
    // MPI_PROC_NULL: OTF2 has no such rank and Score-P writes no record; the record's remote is
    // OTF2's undefined rank instead, so that the call keeps its window and request.
    long target = e.get(Field.TARGET) == Sym.PROC_NULL.code() ? NumberRecord.ALL_TARGETS
        : e.get(Field.TARGET);
    boolean request = op.has(Field.REQ);
    long matching = request ? e.get(Field.REQ) : nextMatching++;
    long origin = op.has(Field.COUNT) ? e.get(Field.COUNT) * e.get(Field.TSIZE)
        : e.get(Field.TSIZE);
    switch (op) {
      case PUT, RPUT -> emit(NumberRecord.PUT, t0, win, target, origin, matching);
      case GET, RGET -> emit(NumberRecord.GET, t0, win, target, origin, matching);
      case ACCUMULATE, RACCUMULATE -> emit(NumberRecord.ATOMIC, t0, win, target,
          NumberRecord.ATOMIC_ACCUMULATE, origin, 0, matching);
      case GET_ACCUMULATE, RGET_ACCUMULATE -> emit(NumberRecord.ATOMIC, t0, win, target,
          NumberRecord.ATOMIC_FETCH_AND_ACCUMULATE, origin,
          e.get(Field.RCOUNT) * e.get(Field.RTSIZE), matching);
      case FETCH_AND_OP -> emit(NumberRecord.ATOMIC, t0, win, target,
          NumberRecord.ATOMIC_FETCH_AND_ACCUMULATE, origin, origin, matching);
      case COMPARE_AND_SWAP -> emit(NumberRecord.ATOMIC, t0, win, target,
          NumberRecord.ATOMIC_COMPARE_AND_SWAP, origin, origin, matching);
      default -> throw new TraceProblem(op.mpiName() + ": OTF2 export does not write it");
    }
    open.computeIfAbsent(win, w -> new ArrayList<>()).add(new long[] {target, matching,
        request ? 1 : 0});
    if (request) {
      requests.put(matching, win);
    }
  }

  /**
   * The operations on {@code win} to {@code target} (-1: all) that the call completes: a
   * blocking operation's RmaOpCompleteBlocking, a request form's RmaOpCompleteRemote.
   */
  private void complete(long win, long target, long t) {
    List<long[]> ops = open.get(win);
    if (ops == null) {
      return;
    }
    for (Iterator<long[]> i = ops.iterator(); i.hasNext();) {
      long[] o = i.next();
      if (target < 0 || o[0] == target) {
        emit(o[2] == 1 ? NumberRecord.OP_COMPLETE_REMOTE : NumberRecord.OP_COMPLETE_BLOCKING, t,
            win, o[1]);
        i.remove();
      }
    }
  }

  private long epochGroup(Map<Long, Long> groups, long win, Op op) {
    Long g = groups.get(win);
    if (g == null) {
      throw new TraceProblem(op.mpiName() + " closes an epoch that no MPI_Win_"
          + (groups == accessGroup ? "start" : "post") + " opened");
    }
    return g;
  }

  private long window(RawEvent e) {
    Long win = windows.get(e.get(Field.WIN));
    if (win == null) {
      throw new TraceProblem(e.op().mpiName() + " names window " + e.get(Field.WIN)
          + ", which no call made");
    }
    return win;
  }

  private void collectiveEnd(String op, long level, long win, long t) {
    out.accept(new BridgeEvent.Numbers(t, NumberRecord.COLLECTIVE_END, op, new long[] {level, win,
        Otf2Names.NO_ROOT, 0, 0}));
  }

  private void emit(NumberRecord kind, long t, long... fields) {
    out.accept(new BridgeEvent.Numbers(t, kind, "", fields));
  }
}
