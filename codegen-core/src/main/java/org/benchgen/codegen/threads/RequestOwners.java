package org.benchgen.codegen.threads;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;

/**
 * Which thread of a rank owns each request. Each benchmark thread keeps its own requests, so a
 * request made on one thread and used on another is refused, but for one kind the benchmark
 * reproduces: a request made by a nonblocking call (not persistent) on one thread of a phase and
 * completed by an MPI_Waitall of another thread of the same phase, used by nothing else. The
 * traced program must have ordered the two threads between them (MPI_Waitall cannot wait for a
 * request not made yet), so the benchmark's maker hands the request over (a queue per pair of
 * threads, {@code bg_req_give}) and the waiting thread takes it when it needs it ({@code
 * bg_waitall_taken}); that needs each pair's requests to be waited for in the order they were
 * made (MPICH's multisend3 and multisend4: one thread waits for every thread's sends). The
 * maker's list keeps the request's place (an MPI_REQUEST_NULL), as its block in the trace does,
 * so that the ages of its other requests stay the trace's. Cost: the rank's calls.
 */
final class RequestOwners {
  private RequestOwners() {}

  /**
   * The hand-overs of one rank, by call index in recorded order: the thread each handed request
   * goes to (at its making call) and, for each item of a waiting call's list, the thread that
   * made it ({@code -1}: its own or none); {@code firsts}: the making calls of the first request
   * of each batch, the requests of one maker that one MPI_Waitall takes.
   */
  /** What a rank's requests are: hand-overs the benchmark makes, or refused. */
  sealed interface Owners permits Handovers, Refused {}

  /** Why a request cannot be kept by the threads of the benchmark. */
  record Refused(String reason) implements Owners {}

  record Handovers(Map<Integer, Integer> givenTo, Map<Integer, int[]> takenFrom,
      Set<Integer> firsts) implements Owners {
    static final Handovers NONE = new Handovers(Map.of(), Map.of(), Set.of());

    /**
     * Event {@code e} (call {@code i}) as its thread's block keeps it, and for an MPI_Waitall
     * the lane each item of its list is taken from (-1: its own or none; lanes by traced
     * thread in {@code laneOf}). The items another thread made are MPI_REQUEST_NULL in the
     * block (the waiting thread takes them), put after its own, by lane, each lane's in the
     * order they were made: the tracer keeps a list sorted by age, so the order of the threads'
     * items in it is the run's timing, and MPI_Waitall completes them all in any order.
     */
    Local local(int i, RawEvent e, Map<Integer, Integer> laneOf) {
      int[] from = takenFrom.get(i);
      if (e.op() != Op.WAITALL) {
        return new Local(e, List.of());
      }
      long[] reqs = e.list(Field.REQS);
      List<Integer> takes = new ArrayList<>();
      if (from == null) {
        for (int k = 0; k < reqs.length; k++) {
          takes.add(-1);
        }
        return new Local(e, takes);
      }
      List<Long> own = new ArrayList<>();
      List<int[]> foreign = new ArrayList<>(); // {lane, position}
      for (int k = 0; k < reqs.length; k++) {
        if (from[k] >= 0) {
          foreign.add(new int[] {laneOf.get(from[k]), k});
        } else {
          own.add(reqs[k]);
        }
      }
      // Ids count in creation order: a lane's items are taken in the order it made them.
      foreign.sort(java.util.Comparator.<int[]>comparingInt(f -> f[0])
          .thenComparingLong(f -> reqs[f[1]]));
      long[] out = new long[reqs.length];
      for (int k = 0; k < own.size(); k++) {
        out[k] = own.get(k);
        takes.add(-1);
      }
      for (int k = 0; k < foreign.size(); k++) {
        out[own.size() + k] = Sym.NULL.code();
        takes.add(foreign.get(k)[0]);
      }
      int slot = e.op().slot(Field.REQS);
      long[][] lists = e.lists().clone();
      lists[slot] = out;
      return new Local(new RawEvent(e.op(), e.site(), e.enter(), e.exit(), e.values(), lists,
          e.cpu()), takes);
    }
  }

  /** A call's event as its block keeps it, and an MPI_Waitall's lanes of its items. */
  record Local(RawEvent event, List<Integer> takes) {}

  /**
   * The hand-overs of rank {@code rank}'s calls (in recorded order) split into {@code phases}
   * ({@link ThreadSplit}), or why a request cannot be kept by the threads of the benchmark.
   */
  static Owners of(int rank, List<ThreadSplit.Call> calls, List<int[]> phases) {
    Map<Long, Integer> owner = new HashMap<>();
    Map<Long, Integer> madeAt = new HashMap<>();
    Map<Integer, Long> madeId = new HashMap<>();
    Map<Long, String> made = new HashMap<>();
    Set<Long> persistent = new HashSet<>();
    Set<Long> used = new HashSet<>();
    Set<Long> live = new LinkedHashSet<>();
    Map<Integer, Integer> givenTo = new HashMap<>();
    Map<Integer, int[]> takenFrom = new HashMap<>();
    Set<Integer> firsts = new HashSet<>();
    // Per pair of threads (maker, waiter): the making calls in the order they are waited for.
    Map<List<Integer>, List<Integer>> waited = new HashMap<>();
    for (int i = 0; i < calls.size(); i++) {
      ThreadSplit.Call c = calls.get(i);
      RawEvent e = c.event();
      Op op = e.op();
      if (op.createsRequest()) {
        long id = e.get(Field.REQ);
        owner.put(id, c.thread());
        madeAt.put(id, i);
        madeId.put(i, id);
        made.put(id, op.mpiName());
        live.add(id);
        if (op.createsPersistentRequest()) {
          persistent.add(id);
        }
        continue;
      }
      completed(e).forEach(id -> {
        if (op == Op.REQUEST_FREE || !persistent.contains(id)) {
          live.remove(id);
        }
      });
      long[] ids = ThreadSplit.requests(e);
      List<Integer> taken = new ArrayList<>();
      int[] from = new int[op == Op.WAITALL ? e.list(Field.REQS).length : 0];
      java.util.Arrays.fill(from, -1);
      for (long id : ids) {
        Integer t = owner.get(id);
        if (t == null || t == c.thread()) {
          used.add(id);
          continue;
        }
        int at = madeAt.get(id);
        boolean handed = op == Op.WAITALL && !persistent.contains(id) && !used.contains(id)
            && phaseOf(phases, at) == phaseOf(phases, i) && phaseOf(phases, i) % 2 == 1;
        if (!handed) {
          return new Refused("rank " + rank + ": " + op.mpiName() + " on " + name(c.thread())
              + " uses a request that " + made.get(id) + " made on " + name(t) + "; each"
              + " thread of the benchmark keeps its own requests, and hands one over only"
              + " from a nonblocking call to an MPI_Waitall of another thread of the same"
              + " phase that alone uses it");
        }
        used.add(id);
        givenTo.put(at, c.thread());
        long[] reqs = e.list(Field.REQS);
        for (int k = 0; k < reqs.length; k++) {
          if (reqs[k] == id) {
            from[k] = t;
          }
        }
        taken.add(at);
      }
      // A list's items are taken in the order they were made (the tracer sorts it by age).
      taken.sort(null);
      Set<Integer> makers = new HashSet<>();
      for (int at : taken) {
        int maker = owner.get(madeId.get(at));
        waited.computeIfAbsent(List.of(maker, c.thread()), x -> new ArrayList<>()).add(at);
        if (makers.add(maker)) {
          firsts.add(at);
        }
      }
      if (java.util.Arrays.stream(from).anyMatch(f -> f >= 0)) {
        takenFrom.put(i, from);
      }
    }
    for (Map.Entry<List<Integer>, List<Integer>> w : waited.entrySet()) {
      List<Integer> order = w.getValue();
      for (int k = 1; k < order.size(); k++) {
        if (order.get(k) < order.get(k - 1)) {
          return new Refused("rank " + rank + ": " + name(w.getKey().get(1)) + " waits for the"
              + " requests " + name(w.getKey().get(0)) + " made in another order than they were"
              + " made; the benchmark hands them over in the order they are made");
        }
      }
    }
    for (long id : live) {
      if (owner.get(id) != 0) {
        return new Refused("rank " + rank + ": a request that " + made.get(id) + " made on "
            + name(owner.get(id)) + " is never completed or freed there; the benchmark's thread"
            + " would end with it, and the main thread's requests would be named wrongly");
      }
    }
    Optional<String> across = mainAcross(rank, calls, phases, owner, madeAt, givenTo);
    if (across.isPresent()) {
      return new Refused(across.get());
    }
    return givenTo.isEmpty() ? Handovers.NONE : new Handovers(givenTo, takenFrom, firsts);
  }

  /**
   * A handed request keeps its place in its maker's list in the trace for good, so where a
   * thread other than the main one hands one over, a request of the main thread live across
   * that phase would be named by another age in the trace than in the main thread's list.
   */
  private static Optional<String> mainAcross(int rank, List<ThreadSplit.Call> calls,
      List<int[]> phases, Map<Long, Integer> owner, Map<Long, Integer> madeAt,
      Map<Integer, Integer> givenTo) {
    Set<Integer> handing = new HashSet<>();
    givenTo.keySet().forEach(at -> {
      if (calls.get(at).thread() != 0) {
        handing.add(phaseOf(phases, at));
      }
    });
    if (handing.isEmpty()) {
      return Optional.empty();
    }
    Map<Long, Integer> open = new HashMap<>();
    for (int i = 0; i < calls.size(); i++) {
      RawEvent e = calls.get(i).event();
      if (e.op().createsRequest() && calls.get(i).thread() == 0) {
        open.put(e.get(Field.REQ), i);
      }
      for (long id : ThreadSplit.requests(e)) {
        Integer from = open.get(id);
        if (from == null || owner.get(id) != 0) {
          continue;
        }
        for (int p : handing) {
          if (phaseOf(phases, from) < p && phaseOf(phases, i) >= p
              || phaseOf(phases, from) == p && phaseOf(phases, i) > p) {
            return Optional.of("rank " + rank + ": MPI's main thread keeps a request across a"
                + " phase whose threads hand requests over; its age in the benchmark's trace"
                + " would count theirs");
          }
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The block of call {@code i}: 2p for MPI's main thread between phases p and p + 1 (p from
   * 0), 2p + 1 for any call in phase p + 1.
   */
  static int phaseOf(List<int[]> phases, int i) {
    int b = 0;
    for (int[] ph : phases) {
      if (i < ph[0]) {
        return b;
      }
      if (i < ph[1]) {
        return b + 1;
      }
      b += 2;
    }
    return b;
  }

  static String name(int thread) {
    return thread == 0 ? "MPI's main thread" : "thread " + thread;
  }

  /** The request ids a call completes or frees. */
  private static List<Long> completed(RawEvent e) {
    List<Long> out = new ArrayList<>();
    Op op = e.op();
    if ((op == Op.WAIT || op == Op.REQUEST_FREE) && e.isPresent(Field.REQ)) {
      out.add(e.get(Field.REQ));
    }
    for (long v : op == Op.WAITALL ? e.list(Field.REQS) : e.list(Field.DONE)) {
      if (!Sym.isSymbol(v)) {
        out.add(v);
      }
    }
    return out;
  }
}
