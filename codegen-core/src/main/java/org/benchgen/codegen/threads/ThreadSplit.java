package org.benchgen.codegen.threads;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.benchgen.expand.Expander;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.traverse.Step;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;

/**
 * Splits every rank of a trace whose ranks made calls from several threads into blocks: the main
 * thread's calls between parallel phases, and in each phase the main thread's part and one lane
 * per thread that ran in it. A phase is a stretch of a rank's stream, in recorded order, in which
 * other threads made calls; it reaches back to the main thread's last collective (or its
 * initialisation) before the first of them and on to its first collective after the last, where
 * a program starts and joins its threads. The threads of a phase are put in lanes by a {@link
 * LaneKey} of their calls, so that the same lane of every rank is the thread that does the same
 * work: thread numbers are given in the order of first calls, which the run's timing decides.
 * Each block's calls keep their order, their parameters, the compute before each
 * call after its own thread's previous call, and requests renumbered in the order the blocks run;
 * the thread field is dropped. One expansion per rank (kept for the next keying): the cost is the
 * rank's calls.
 */
final class ThreadSplit {
  /** One rank's blocks: the events of each, by block number. */
  record RankBlocks(int rank, List<Long> commIds, List<List<Integer>> commMembers,
      List<List<Integer>> commRemote, Map<ThreadBlock, List<RawEvent>> events) {}

  /** What a rank's split found: its blocks, or why the benchmark cannot reproduce its threads. */
  sealed interface Split permits Blocks, Refused {}

  /**
   * A rank's blocks, with the traced thread of each lane, phase by phase in lane order (equal for
   * two keyings that put the threads in the same lanes).
   */
  record Blocks(RankBlocks rank, int phases, int[] lanes, List<Integer> threads,
      List<Handoff> handoffs) implements Split {}

  /**
   * What a call at a block's {@code site} does with requests of other threads: the lane it
   * hands its request to ({@code gives}, -1: none), whether it is the first of a batch, or, for
   * an MPI_Waitall ({@code takes} non-empty), the lane each item comes from (-1: its own or
   * none).
   */
  record Handoff(String site, int gives, boolean first, List<Integer> takes) {}

  record Refused(String reason) implements Split {}

  private final CompressedTrace trace;
  private final Expander expander;

  ThreadSplit(CompressedTrace trace) {
    this.trace = trace;
    this.expander = new Expander(trace);
  }

  /** One traced call with the thread that made it and the compute before it on that thread. */
  record Call(int thread, RawEvent event, long compute, long duration, long cpu) {}

  /** A rank's expanded calls and communicators, kept for the lane keyings tried after the first. */
  private record Expanded(List<Long> ids, List<List<Integer>> members,
      List<List<Integer>> remote, List<Call> calls, ThreadMessages.Result messages) {}

  private final Map<Integer, Expanded> expanded = new HashMap<>();

  /**
   * Where each phase of rank {@code rank} lies: the number of MPI_COMM_WORLD's blocking
   * collectives its main thread made before the phase. Every rank makes those in one order, so
   * equal numbers on two ranks are the same place of the program.
   */
  int[] anchors(int rank, Set<String> joins) {
    List<Call> calls = expanded.computeIfAbsent(rank, this::expand).calls();
    List<Integer> after = worldCollectives(calls);
    return joined(calls, phases(calls), joins).stream().mapToInt(ph -> (int) after.stream()
        .filter(a -> a <= ph[0]).count()).toArray();
  }

  /**
   * The blocking collectives of MPI's main thread that rank {@code rank} recorded inside a phase,
   * while its other threads made calls, by {@link #collectives} key.
   */
  Set<String> inner(int rank) {
    List<Call> calls = expanded.computeIfAbsent(rank, this::expand).calls();
    Set<String> out = new java.util.TreeSet<>();
    List<int[]> phases = phases(calls);
    collectives(calls).forEach((key, at) -> {
      if (phases.stream().anyMatch(ph -> ph[0] <= at && at < ph[1])) {
        out.add(key);
      }
    });
    return out;
  }

  /**
   * The index of each blocking collective (communicator creations too) of MPI's main thread, by
   * a key that names the same call on every member: its communicator and how many the main
   * thread made on it before.
   */
  private static Map<String, Integer> collectives(List<Call> calls) {
    Map<String, Integer> out = new java.util.LinkedHashMap<>();
    Map<Long, Integer> made = new HashMap<>();
    for (int i = 0; i < calls.size(); i++) {
      if (mainBlocking(calls.get(i), OpKind.COLLECTIVE, OpKind.COMM_CREATE)) {
        long comm = calls.get(i).event().get(Field.COMM);
        int n = made.merge(comm, 1, Integer::sum);
        out.put(comm + "#" + n, i);
      }
    }
    return out;
  }

  /**
   * {@code phases} where each collective of {@code joins} (see {@link #inner}) lies inside a
   * phase: a phase that ends or starts at it widened to it, or two that do both joined. Where
   * MPI's main thread makes a collective while its threads run, a rank records it before, among
   * or after its threads' calls as the run's timing goes (MPICH's mult_session: 3 threads
   * started, MPI_Allreduce on the world, joined; ctxdup: a thread started, MPI_Barrier); where
   * one rank recorded it among them, it is the main thread's part of a phase on every rank.
   */
  private static List<int[]> joined(List<Call> calls, List<int[]> phases, Set<String> joins) {
    if (joins.isEmpty()) {
      return phases;
    }
    Map<String, Integer> index = collectives(calls);
    List<int[]> out = new ArrayList<>();
    phases.forEach(ph -> out.add(ph.clone()));
    // Until none moves: widening to one may bring the next one's bound beside another.
    boolean moved = true;
    while (moved) {
      moved = false;
      for (String key : joins) {
        moved |= join(out, index.get(key));
      }
    }
    return out;
  }

  /** {@code out} with the collective at {@code x} inside a phase, if one is beside it. */
  private static boolean join(List<int[]> out, Integer x) {
    if (x == null) {
      return false;
    }
    int at = x;
    if (out.stream().anyMatch(ph -> ph[0] <= at && at < ph[1])) {
      return false;
    }
    // A phase ends just before it, or starts just after it (their bounds are such calls).
    int ends = -1;
    int starts = -1;
    for (int k = 0; k < out.size(); k++) {
      if (out.get(k)[1] == at) {
        ends = k;
      } else if (out.get(k)[0] == at + 1) {
        starts = k;
      }
    }
    if (ends >= 0 && starts == ends + 1) {
      out.get(ends)[1] = out.remove(starts)[1];
    } else if (ends >= 0) {
      out.get(ends)[1] = at + 1;
    } else if (starts >= 0) {
      out.get(starts)[0] = at;
    } else {
      return false;
    }
    return true;
  }

  /**
   * Splits rank {@code rank}, its threads in lanes by {@code key}; with {@code anchors} (none:
   * the rank's phases as it had them), a phase, empty where the rank started no threads, at each
   * of {@code anchors} (every rank's, sorted, distinct: see {@link #anchors}), so that
   * the main thread's calls of every rank fall in blocks of the same number: a program in which
   * only some ranks start threads (MPICH's multisend2: rank 0's threads send, the others'
   * main threads receive). Where the rank's phases do not fit, it is split as it was.
   */
  Split split(int rank, LaneKey key, int[] anchors, Set<String> joins) {
    Expanded x = expanded.computeIfAbsent(rank, this::expand);
    List<Long> ids = x.ids();
    List<List<Integer>> members = x.members();
    List<List<Integer>> remote = x.remote();
    List<Call> calls = x.calls();
    List<int[]> phases = joined(calls, phases(calls), joins);
    RequestOwners.Owners owners = RequestOwners.of(rank, calls, phases);
    if (owners instanceof RequestOwners.Refused why) {
      return new Refused(why.reason());
    }
    if (x.messages().refused().isPresent()) {
      return new Refused(x.messages().refused().get());
    }
    RequestOwners.Handovers handovers = (RequestOwners.Handovers) owners;
    if (anchors.length > 0) {
      phases = padded(calls, phases, anchors).orElse(phases);
    }
    for (int[] pair : x.messages().mainPairs()) {
      if (RequestOwners.phaseOf(phases, pair[0]) != RequestOwners.phaseOf(phases, pair[1])) {
        return new Refused("rank " + rank + ": MPI's main thread probes a message (MPI_Mprobe)"
            + " on one side of a phase of threads and receives it on the other; each block of"
            + " the benchmark keeps its own probed messages");
      }
    }
    Map<Call, Integer> index = new java.util.IdentityHashMap<>();
    for (int i = 0; i < calls.size(); i++) {
      index.put(calls.get(i), i);
    }
    List<Handoff> handoffs = new ArrayList<>();
    Map<ThreadBlock, List<RawEvent>> events = new java.util.LinkedHashMap<>();
    int[] lanes = new int[phases.size() + 1];
    List<Integer> threads = new ArrayList<>();
    int at = 0;
    for (int p = 0; p <= phases.size(); p++) {
      int end = p < phases.size() ? phases.get(p)[0] : calls.size();
      block(events, ThreadBlock.between(p), calls.subList(at, end));
      if (p == phases.size()) {
        break;
      }
      int[] ph = phases.get(p);
      Map<Integer, List<Call>> byThread = new java.util.TreeMap<>();
      for (Call c : calls.subList(ph[0], ph[1])) {
        byThread.computeIfAbsent(c.thread(), k -> new ArrayList<>()).add(c);
      }
      List<List<Call>> others = new ArrayList<>(byThread.entrySet().stream()
          .filter(e -> e.getKey() != 0).map(Map.Entry::getValue).toList());
      List<Integer> laneThreads = threads;
      Map<Long, List<Integer>> byId = new HashMap<>();
      for (int i = 0; i < ids.size(); i++) {
        byId.put(ids.get(i), members.get(i));
      }
      others.sort(Comparator.comparing(t -> key.of(rank, t.stream().map(Call::event).toList(),
          byId)));
      others.forEach(t -> laneThreads.add(t.get(0).thread()));
      lanes[p + 1] = others.size();
      Map<Integer, Integer> laneOf = new HashMap<>(Map.of(0, 0));
      for (int l = 0; l < others.size(); l++) {
        laneOf.put(others.get(l).get(0).thread(), l + 1);
      }
      List<List<Call>> inLanes = new ArrayList<>();
      inLanes.add(byThread.getOrDefault(0, List.of()));
      inLanes.addAll(others);
      for (int l = 0; l < inLanes.size(); l++) {
        ThreadBlock b = ThreadBlock.lane(p + 1, l);
        List<Call> local = new ArrayList<>(inLanes.get(l).size());
        for (Call c : inLanes.get(l)) {
          int i = index.get(c);
          RequestOwners.Local kept = handovers.local(i, c.event(), laneOf);
          local.add(new Call(c.thread(), kept.event(), c.compute(), c.duration(), c.cpu()));
          if (c.event().op().createsRequest()) {
            Integer to = handovers.givenTo().get(i);
            handoffs.add(new Handoff(b.site(c.event().site()), to == null ? -1 : laneOf.get(to),
                handovers.firsts().contains(i), List.of()));
          } else if (c.event().op() == Op.WAITALL) {
            handoffs.add(new Handoff(b.site(c.event().site()), -1, false, kept.takes()));
          }
        }
        block(events, b, local);
      }
      at = ph[1];
    }
    return new Blocks(new RankBlocks(rank, ids, members, remote, events), phases.size(), lanes,
        threads, handoffs);
  }

  /** Expands rank {@code rank} once: its communicators and its calls with their threads. */
  private Expanded expand(int rank) {
    List<Long> ids = new ArrayList<>();
    List<List<Integer>> members = new ArrayList<>();
    List<List<Integer>> remote = new ArrayList<>();
    List<Call> calls = new ArrayList<>();
    Map<Integer, String> prevSite = new HashMap<>();
    expander.walk(rank, new Expander.StepSink() {
      @Override
      public void comm(long id, long[] m, long[] rem) {
        ids.add(id);
        members.add(ints(m));
        remote.add(ints(rem));
      }

      @Override
      public void call(Step s, RawEvent e) {
        long t = e.get(Field.THREAD);
        int thread = Sym.isSymbol(t) ? 0 : (int) t;
        String prev = prevSite.get(thread);
        long compute = 0;
        long cpu = RawEvent.NO_CPU;
        if (prev != null) {
          for (ComputeStat c : s.rsd().compute()) {
            if (c.after().equals(prev)) {
              compute = Math.round(c.timeOf(rank).mean());
              OptionalDouble m = c.cpuOf(rank);
              cpu = m.isPresent() ? Math.round(m.getAsDouble()) : RawEvent.NO_CPU;
            }
          }
        }
        prevSite.put(thread, s.rsd().site());
        calls.add(new Call(thread, e, compute, Math.round(s.rsd().duration().mean()), cpu));
      }
    });
    // Matched probes' messages named per thread, once (the keyings reuse the calls).
    return new Expanded(ids, members, remote, calls, ThreadMessages.rename(rank, calls));
  }

  /**
   * A rank's phases, {@code [from, to)} in recorded order: each other thread's first to last
   * call, widened to the main thread's separating calls around, overlapping ones joined.
   */
  private static List<int[]> phases(List<Call> calls) {
    // Each other thread's first and last call, in recorded order.
    Map<Integer, int[]> span = new HashMap<>();
    for (int i = 0; i < calls.size(); i++) {
      int t = calls.get(i).thread();
      if (t != 0) {
        int at = i;
        span.computeIfAbsent(t, k -> new int[] {at, at})[1] = i;
      }
    }
    // Phases: [from, to) in recorded order, widened to the main thread's collectives around.
    List<int[]> phases = new ArrayList<>();
    span.values().stream().sorted(Comparator.comparingInt(s -> s[0])).forEach(s -> {
      int from = s[0];
      while (from > 0 && !(calls.get(from - 1).thread() == 0 && separates(calls.get(from - 1)))) {
        from--;
      }
      int to = s[1] + 1;
      while (to < calls.size() && !(calls.get(to).thread() == 0 && separates(calls.get(to)))) {
        to++;
      }
      int[] last = phases.isEmpty() ? null : phases.get(phases.size() - 1);
      if (last != null && from < last[1]) {
        last[1] = Math.max(last[1], to);
      } else {
        phases.add(new int[] {from, to});
      }
    });
    return phases;
  }

  /** The index after each blocking collective on MPI_COMM_WORLD of MPI's main thread. */
  private static List<Integer> worldCollectives(List<Call> calls) {
    List<Integer> after = new ArrayList<>();
    for (int i = 0; i < calls.size(); i++) {
      if (mainBlocking(calls.get(i), OpKind.COLLECTIVE)
          && calls.get(i).event().get(Field.COMM) == 0) {
        after.add(i + 1);
      }
    }
    return after;
  }

  /**
   * Whether {@code c} is MPI's main thread's blocking call of one of {@code kinds} on a
   * communicator.
   */
  private static boolean mainBlocking(Call c, OpKind... kinds) {
    RawEvent e = c.event();
    return c.thread() == 0 && java.util.Arrays.asList(kinds).contains(e.op().kind())
        && !e.op().createsRequest() && e.isPresent(Field.COMM);
  }

  /**
   * {@code phases} with an empty phase just after the main thread's {@code a}-th world
   * collective for every anchor {@code a} the rank has no phase at (after MPI's initialisation
   * for 0); empty where that does not fit (two phases at one anchor, one at an anchor not
   * listed, or too few world collectives).
   */
  private static Optional<List<int[]>> padded(List<Call> calls, List<int[]> phases,
      int[] anchors) {
    List<Integer> after = worldCollectives(calls);
    int init = 0;
    while (init < calls.size() && calls.get(init).event().op().kind() != OpKind.INIT) {
      init++;
    }
    List<int[]> out = new ArrayList<>();
    int k = 0;
    int end = 0;
    for (int a : anchors) {
      int from = k < phases.size() ? phases.get(k)[0] : -1;
      if (from >= 0 && after.stream().filter(x -> x <= from).count() == a) {
        out.add(phases.get(k++));
        end = out.get(out.size() - 1)[1];
        continue;
      }
      if (a > after.size()) {
        return Optional.empty();
      }
      int at = a == 0 ? Math.min(init + 1, calls.size()) : after.get(a - 1);
      if (at < end || (k < phases.size() && at > phases.get(k)[0])) {
        return Optional.empty();
      }
      out.add(new int[] {at, at});
      end = at;
    }
    return k == phases.size() ? Optional.of(out) : Optional.empty();
  }

  /** The request ids a call names (not one it creates). */
  static long[] requests(RawEvent e) {
    List<Long> out = new ArrayList<>();
    if (e.isPresent(Field.REQ)) {
      out.add(e.get(Field.REQ));
    }
    for (Field f : new Field[] {Field.REQS, Field.DONE}) {
      for (long v : e.list(f)) {
        if (!Sym.isSymbol(v)) {
          out.add(v);
        }
      }
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  /**
   * Whether a call of the main thread is where a program may start or join its threads: a
   * blocking collective, a communicator's or a window's creation or freeing, a fence, a passive
   * target epoch's lock or unlock (threads that put into a window the main thread made and
   * locked must start after: MPICH's threads/rma), or MPI's initialisation.
   */
  private static boolean separates(Call c) {
    OpKind k = c.event().op().kind();
    Op op = c.event().op();
    return k == OpKind.INIT || k == OpKind.FINALIZE || k == OpKind.COMM_CREATE
        || k == OpKind.COMM_FREE || (k == OpKind.COLLECTIVE && !op.createsRequest())
        || k == OpKind.WINDOW || op == Op.WIN_LOCK_ALL || op == Op.WIN_UNLOCK_ALL
        || op == Op.WIN_LOCK || op == Op.WIN_UNLOCK;
  }

  /**
   * Adds a block's calls, timed from 0 at the block's start (each compute interval and call
   * as traced), so that the blocks can be put one after another in any order.
   */
  private static void block(Map<ThreadBlock, List<RawEvent>> out, ThreadBlock b,
      List<Call> calls) {
    long clock = 0;
    List<RawEvent> events = new ArrayList<>(calls.size());
    for (Call c : calls) {
      RawEvent e = c.event();
      long[] values = e.values().clone();
      int slot = e.op().slot(Field.THREAD);
      if (slot >= 0) {
        values[slot] = Sym.ABSENT.code();
      }
      long enter = clock + Math.max(0, c.compute());
      long exit = enter + Math.max(0, c.duration());
      clock = exit;
      events.add(new RawEvent(e.op(), b.site(e.site()), enter, exit, values, e.lists(),
          c.cpu()));
    }
    out.put(b, events);
  }

  private static List<Integer> ints(long[] v) {
    List<Integer> out = new ArrayList<>(v.length);
    for (long x : v) {
      out.add((int) x);
    }
    return out;
  }

  /** Whether a field names requests (renumbered when blocks are put in order). */
  static boolean isRequest(Field f) {
    return f.kind() == FieldKind.REQ || f.kind() == FieldKind.REQS;
  }
}
