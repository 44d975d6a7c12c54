package org.benchgen.codegen.threads;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;
import org.benchgen.traverse.Communicators;

/**
 * The messages a threaded rank sends itself, run with the rank's threads at once: a phase's lanes
 * go on while one waits (MPICH's {@code threads/comm/ctxdup}: the main thread's {@code MPI_Ssend}
 * to its own rank is received by another thread, which later sends back). The threads' calls put
 * one after another cannot show that (a synchronous send to oneself waits for a receive that comes
 * after it), so the resolution of those calls lets waits on such messages go on ({@code
 * WildcardResolver.selfByThreads}) and this check finds whether the threads, at once, complete
 * them: each lane runs until it waits for a message with its own rank that no lane has sent or
 * received yet; when none can go on, the waiting lanes deadlock. Messages to other ranks and
 * collectives wait for nothing here; they are checked by the resolution.
 */
final class SelfMessages {
  private static final long ANY_SOURCE = Sym.ANY_SOURCE.code();
  private static final long ANY_TAG = Sym.ANY_TAG.code();
  private static final long PROC_NULL = Sym.PROC_NULL.code();

  private SelfMessages() {}

  /** A message or a receive of the rank's own, and whether it has met its other side. */
  private static final class Half {
    final long comm;
    final long tag;
    final boolean sync;
    boolean matched;

    Half(long comm, long tag, boolean sync) {
      this.comm = comm;
      this.tag = tag;
      this.sync = sync;
    }
  }

  /** One lane's place and what it waits for (empty: nothing). */
  private static final class Lane {
    final int lane;
    final List<RawEvent> calls;
    final Map<Long, Half> requests = new HashMap<>();
    int next;
    List<Half> waits = List.of();
    RawEvent waitsIn;

    Lane(int lane, List<RawEvent> calls) {
      this.lane = lane;
      this.calls = calls;
    }

    boolean waiting() {
      return waits.stream().anyMatch(h -> !h.matched);
    }
  }

  /**
   * Why {@code rank}'s threads cannot complete the messages it sends itself, blocks in the order
   * they run (a phase's lanes at once); empty when they can.
   */
  static Optional<String> check(ThreadSplit.RankBlocks rank, Communicators comms) {
    List<Half> sent = new ArrayList<>();
    List<Half> posted = new ArrayList<>();
    Map<Integer, Map<Integer, List<RawEvent>>> groups = new TreeMap<>();
    // Group key: phase P's lanes are 2P, the main thread after it 2P+1 (ThreadBlock.ORDER).
    rank.events().forEach((b, es) -> groups.computeIfAbsent(2 * b.phase()
        + (b.parallel() ? 0 : 1), k -> new TreeMap<>()).put(b.lane(), es));
    for (Map.Entry<Integer, Map<Integer, List<RawEvent>>> g : groups.entrySet()) {
      List<Lane> lanes = new ArrayList<>();
      g.getValue().forEach((l, es) -> lanes.add(new Lane(l, es)));
      boolean moved = true;
      while (moved) {
        moved = false;
        for (Lane l : lanes) {
          while (!l.waiting() && l.next < l.calls.size()) {
            RawEvent e = l.calls.get(l.next++);
            l.waitsIn = e;
            l.waits = call(rank.rank(), comms, e, l, sent, posted);
            moved = true;
          }
        }
      }
      List<String> stuck = lanes.stream().filter(Lane::waiting).map(l -> "lane " + l.lane
          + " waits in " + l.waitsIn.op().mpiName() + " at " + l.waitsIn.site()).toList();
      if (!stuck.isEmpty()) {
        int phase = g.getKey() / 2;
        return Optional.of("rank " + rank.rank() + "'s threads wait for messages to their own"
            + " rank that none of them sends or receives, run at once ("
            + (g.getKey() % 2 == 0 ? "phase " + phase : "MPI's main thread after phase "
            + phase) + "): " + String.join("; ", stuck));
      }
    }
    return Optional.empty();
  }

  /** Makes call {@code e} of lane {@code l}; the halves it then waits for. */
  private static List<Half> call(int rank, Communicators comms, RawEvent e, Lane l,
      List<Half> sent, List<Half> posted) {
    Op op = e.op();
    OpKind k = op.kind();
    if (k == OpKind.SEND || k == OpKind.SENDRECV) {
      Optional<Half> m = self(rank, comms, e, e.get(Field.DEST)).map(c -> new Half(c,
          e.get(Field.TAG), op == Op.SSEND || op == Op.ISSEND));
      m.ifPresent(h -> meet(h, posted, sent));
      if (k == OpKind.SEND) {
        return waitOrKeep(op, e, l, m.filter(h -> h.sync));
      }
    }
    if (k == OpKind.RECV || k == OpKind.SENDRECV) {
      if (op == Op.IMPROBE && e.get(Field.FLAG) != 1
          || op.has(Field.CANCEL) && e.get(Field.CANCEL) == 1) {
        return List.of();
      }
      long src = e.get(Field.SRC);
      if (src == ANY_SOURCE && e.isPresent(Field.ASRC)) {
        src = e.get(Field.ASRC); // the source that matched, as the resolution takes it
      }
      long tag = op.has(Field.RTAG) ? e.get(Field.RTAG) : e.get(Field.TAG);
      Optional<Half> x = self(rank, comms, e, src).map(c -> new Half(c, tag, false));
      x.ifPresent(h -> meet(h, sent, posted));
      return waitOrKeep(op, e, l, x);
    }
    if (k == OpKind.COMPLETION && (op == Op.WAIT || op == Op.WAITALL || op == Op.WAITANY
        || op == Op.WAITSOME)) {
      long[] ids = op == Op.WAIT ? new long[] {e.get(Field.REQ)}
          : op == Op.WAITALL ? e.list(Field.REQS) : e.list(Field.DONE);
      List<Half> waits = new ArrayList<>();
      for (long id : ids) {
        Half h = l.requests.remove(id);
        if (h != null) {
          waits.add(h);
        }
      }
      return waits;
    }
    return List.of();
  }

  /** A blocking call waits for its half; a nonblocking one keeps it under its request. */
  private static List<Half> waitOrKeep(Op op, RawEvent e, Lane l, Optional<Half> h) {
    if (h.isEmpty()) {
      return List.of();
    }
    if (op.createsRequest()) {
      l.requests.put(e.get(Field.REQ), h.get());
      return List.of();
    }
    return List.of(h.get());
  }

  /** The communicator of {@code e} where {@code peer} is the caller's own rank in it. */
  private static Optional<Long> self(int rank, Communicators comms, RawEvent e, long peer) {
    if (!e.isPresent(Field.COMM) || peer == PROC_NULL || Sym.isSymbol(peer)) {
      return Optional.empty();
    }
    long comm = e.get(Field.COMM);
    return comms.isDefined(comm) && !comms.isInter(comm) && comms.world(comm, rank, peer) == rank
        ? Optional.of(comm) : Optional.empty();
  }

  /**
   * {@code h} meets the earliest unmet half of {@code others} it fits (MPI's order), else waits
   * in {@code own}; a standard send is done at once either way.
   */
  private static void meet(Half h, List<Half> others, List<Half> own) {
    for (Half o : others) {
      if (o.comm == h.comm && (o.tag == h.tag || o.tag == ANY_TAG || h.tag == ANY_TAG)) {
        others.remove(o);
        o.matched = true;
        h.matched = true;
        return;
      }
    }
    own.add(h);
  }
}
