package org.benchgen.align;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.benchgen.compress.TraceBuilder;
import org.benchgen.findings.Finding;
import org.benchgen.findings.Problem;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.TraceThreads;
import org.benchgen.trace.Field;
import org.benchgen.trace.Sym;
import org.benchgen.traverse.Communicators;
import org.benchgen.traverse.Step;
import org.benchgen.traverse.TraversalContext;

/**
 * Algorithm 1 of the main paper (§4.3): one collective that ranks reach from different call sites
 * shows up as several RSDs; this makes it one RSD for all participants while keeping every rank's
 * order of calls, and recompresses the result as it is built ({@link TraceBuilder}).
 *
 * <p>A traversal context walks the trace for each {@linkplain RankClasses class} of ranks (ranks
 * that walk it identically), so the work grows with classes × calls, not ranks × calls. The
 * runnable classes whose next calls come first in program order move together, so ranks that do
 * the same thing stay one call in the output. A class that reaches a collective (or MPI_Finalize,
 * a collective of all ranks) waits there until every member of the communicator has arrived; then
 * one call for all of them is emitted and they go on. Communicators are independent. When no class
 * can move and some wait, the input is inconsistent: the finding names who waits where, and who
 * never came.
 *
 * <p>{@link #needsAlignment} decides in O(number of RSDs) whether any of this is needed; if not,
 * {@link #align} returns the trace unchanged. A trace with choice sections is aligned part by part
 * ({@link SectionedAlignment}): each section checked and kept as it is.
 */
public final class CollectiveAligner {
  private final CompressedTrace trace;
  private final Communicators comms;

  public CollectiveAligner(CompressedTrace trace) {
    this.trace = trace;
    this.comms = new Communicators(trace);
  }


  /**
   * Whether some collective RSD does not cover all members of its communicator, or sits in a loop
   * whose trip counts differ by rank: only then can ranks disagree on a collective. O(RSDs), plus
   * the members of sub-communicators.
   */
  public boolean needsAlignment() {
    Search search = new Search();
    search.scan(trace.body());
    return search.found;
  }

  /** Looks for a collective that ranks could disagree on. */
  private final class Search extends NodeScanner {
    boolean found;
    /** Whether the loops around the node have one trip count on every rank. */
    private boolean uniformTrips = true;

    @Override
    public void visitLoop(Loop l) {
      boolean outer = uniformTrips;
      uniformTrips &= l.trips().entries().size() <= 1;
      super.visitLoop(l);
      uniformTrips = outer;
    }

    @Override
    public void visitRsd(Rsd r) {
      found |= r.op().kind().synchronizes() && !(uniformTrips && covers(r));
    }
  }

  /**
   * Whether every communicator {@code r} is called on has all its members among the ranks that
   * call it there. An entry whose communicator changes between executions counts as not covered.
   */
  private boolean covers(Rsd r) {
    if (!r.op().has(Field.COMM)) {
      return r.ranks().size() == trace.worldSize();
    }
    Map<Long, RankList> callers = new HashMap<>();
    for (ParamEntry e : r.param(org.benchgen.trace.Participants.field(r.op())).entries()) {
      long[] ids = e.values().seq().leaves().toArray();
      if (ids.length != 1) {
        return false;
      }
      callers.merge(ids[0], e.ranks(), RankList::union);
    }
    for (Map.Entry<Long, RankList> c : callers.entrySet()) {
      RankList in = c.getValue();
      if (!comms.isDefined(c.getKey())
          || Arrays.stream(comms.members(c.getKey())).anyMatch(w -> !in.contains(w))) {
        return false;
      }
    }
    return true;
  }

  /** Aligns the trace, or says why it cannot be. */
  public Alignment align() {
    Optional<String> threads = TraceThreads.several(trace);
    if (threads.isPresent()) {
      return new Alignment.Failed(new Finding(Problem.SEVERAL_THREADS, threads.get() + ": "
          + TraceThreads.ONE_THREAD));
    }
    if (!needsAlignment()) {
      return new Alignment.Aligned(trace, false, 0);
    }
    // Joining calls merges their compute: each shared block's copy with its own share of it.
    CompressedTrace placed = trace.perPlace();
    // Choice sections are checked and kept, not walked step by step and folded again.
    Optional<Alignment.Aligned> sectioned = SectionedAlignment.align(trace, placed);
    if (sectioned.isPresent()) {
      return sectioned.get();
    }
    return new CollectiveAligner(placed).new Run(true).run();
  }

  /**
   * The alignment of a trace whose shared blocks are already one copy a place: unchanged where
   * nothing needs it. A part of a trace whose collectives all complete within it aligns alone.
   */
  Alignment alignPlaced() {
    return needsAlignment() ? new Run(true).run() : new Alignment.Aligned(trace, false, 0);
  }

  /**
   * Whether every collective of the trace is reached by all members of its communicator as the
   * same call (op, root), in an order that lets each complete: what {@link #align} checks, without
   * writing the aligned trace; the finding otherwise.
   */
  Optional<Finding> check() {
    Alignment a = new Run(false).run();
    return a instanceof Alignment.Failed f ? Optional.of(f.finding()) : Optional.empty();
  }

  /** One alignment pass: the contexts of all classes and what they wait for. */
  private final class Run {
    private final RankClasses classes = new RankClasses(trace);
    private final int n = classes.count();
    private final TraversalContext[] ctx = new TraversalContext[n];
    private final int[] size = new int[n];
    /** The step a class waits in, or null while it runs. */
    private final Step[] waitingIn = new Step[n];
    /** The classes waiting in each communicator's current collective. */
    private final Map<Long, List<Integer>> waiters = new LinkedHashMap<>();
    /** The classes that started a communicator's current nonblocking collective and went on. */
    private final Map<Long, Map<Integer, Step>> started = new LinkedHashMap<>();
    /** The classes waiting in a later collective of a communicator than its current one. */
    private final Map<Long, List<Integer>> later = new HashMap<>();
    /** Ranks in a communicator's current collective, waiting or gone on. */
    private final Map<Long, Long> arrived = new HashMap<>();
    /** How many collectives each communicator has completed (its current one's number). */
    private final Map<Long, Long> completed = new HashMap<>();
    /** How many collectives of each communicator each class has reached. */
    private final List<Map<Long, Long>> reached = new ArrayList<>();
    private final TraceBuilder out;
    /** Whether the aligned trace is written ({@link #check} only checks). */
    private final boolean writes;
    private final java.util.Set<Long> memberOf = new java.util.HashSet<>();
    private long merged;

    Run(boolean writes) {
      this.writes = writes;
      for (int c = 0; c < n; c++) {
        ctx[c] = new TraversalContext(trace, classes.ranks(c).first(), comms);
        size[c] = classes.ranks(c).size();
        reached.add(new HashMap<>());
      }
      out = new TraceBuilder(trace, classes.all());
    }

    Alignment run() {
      int[] group = new int[n];
      while (true) {
        int g = earliestRunnable(group);
        if (g == 0 && startNonblocking()) {
          continue;
        }
        if (g == 0) {
          Optional<Finding> stuck = stuck();
          if (stuck.isPresent()) {
            return new Alignment.Failed(stuck.get());
          }
          return new Alignment.Aligned(writes ? out.build() : trace, writes, merged);
        }
        int[] units = Arrays.copyOf(group, g);
        Rsd rsd = ctx[units[0]].peek().orElseThrow();
        Step[] steps = new Step[g];
        for (int i = 0; i < g; i++) {
          steps[i] = ctx[units[i]].next();
        }
        if (!rsd.op().kind().synchronizes()) {
          if (writes) {
            out.append(List.of(rsd), rsd.site(), units, steps);
          }
          continue;
        }
        List<Long> touched = new ArrayList<>(1);
        for (int i = 0; i < g; i++) {
          Optional<Finding> f = arrive(units[i], steps[i], touched);
          if (f.isPresent()) {
            return new Alignment.Failed(f.get());
          }
        }
        for (long comm : touched) {
          Optional<Finding> f = release(comm);
          if (f.isPresent()) {
            return new Alignment.Failed(f.get());
          }
        }
      }
    }

    /**
     * Fills {@code group} with the runnable classes whose next calls come first (ascending); returns
     * how many, 0 when none can run.
     */
    private int earliestRunnable(int[] group) {
      int g = 0;
      for (int c = 0; c < n; c++) {
        if (waitingIn[c] != null || !ctx[c].hasNext()) {
          continue;
        }
        int cmp = g == 0 ? -1 : ctx[c].comparePosition(ctx[group[0]]);
        if (cmp < 0) {
          g = 0;
        }
        if (cmp <= 0) {
          group[g++] = c;
        }
      }
      return g;
    }

    private Optional<Finding> arrive(int c, Step s, List<Long> touched) {
      // MPI_Finalize has no communicator: comm() is the world's, as for all ranks.
      long comm = s.syncComm();
      boolean defined = comms.isDefined(comm);
      if (!defined || !isMember(c, comm)) {
        return Optional.of(new Finding(Problem.NOT_A_MEMBER, "ranks " + classes.ranks(c)
            + " call " + s.describe() + " on communicator " + comm + (!defined
            ? ", which the trace does not define" : ", which they are not members of")));
      }
      waitingIn[c] = s;
      if (reached.get(c).merge(comm, 1L, Long::sum) - 1 > completed.getOrDefault(comm, 0L)) {
        // Past a nonblocking collective the others have not started yet: the next one waits.
        later.computeIfAbsent(comm, k -> new ArrayList<>()).add(c);
        return Optional.empty();
      }
      join(c, comm, touched);
      return Optional.empty();
    }

    private void join(int c, long comm, List<Long> touched) {
      waiters.computeIfAbsent(comm, k -> new ArrayList<>()).add(c);
      arrived.merge(comm, (long) size[c], Long::sum);
      if (!touched.contains(comm)) {
        touched.add(comm);
      }
    }

    /**
     * When no class can run, those waiting at a nonblocking collective start it and go on, as MPI
     * lets them: its members may start collectives of several communicators in different orders.
     * Each is written for its own ranks; the collective completes when all have started it.
     * Returns whether any did.
     */
    private boolean startNonblocking() {
      boolean any = false;
      for (Map.Entry<Long, List<Integer>> e : waiters.entrySet()) {
        for (java.util.Iterator<Integer> it = e.getValue().iterator(); it.hasNext(); ) {
          int c = it.next();
          Step s = waitingIn[c];
          if (!s.rsd().op().has(Field.REQ)) {
            continue;
          }
          it.remove();
          started.computeIfAbsent(e.getKey(), k -> new LinkedHashMap<>()).put(c, s);
          waitingIn[c] = null;
          if (writes) {
            out.append(List.of(s.rsd()), s.rsd().site(), new int[] {c}, new Step[] {s});
          }
          any = true;
        }
      }
      waiters.values().removeIf(List::isEmpty);
      return any;
    }

    /** Whether all of class {@code c} are members of {@code comm}; checked once per pair. */
    private boolean isMember(int c, long comm) {
      if (!memberOf.add(comm * n + c)) {
        return true;
      }
      boolean all = classes.ranks(c).stream().allMatch(r -> comms.rankIn(comm, r) >= 0);
      if (!all) {
        memberOf.remove(comm * n + c);
      }
      return all;
    }

    /** Completes the collective on {@code comm} if all its members have arrived. */
    private Optional<Finding> release(long comm) {
      if (arrived.get(comm) < comms.size(comm)) {
        return Optional.empty();
      }
      List<Integer> w = waiters.getOrDefault(comm, new ArrayList<>());
      waiters.remove(comm);
      arrived.remove(comm);
      w.sort(null);
      long k = completed.merge(comm, 1L, Long::sum);
      Map<Integer, Step> all = new java.util.TreeMap<>(started.getOrDefault(comm, Map.of()));
      started.remove(comm);
      w.forEach(c -> all.put(c, waitingIn[c]));
      Step first = all.values().iterator().next();
      if (all.values().stream().anyMatch(x -> x.rsd().op() != first.rsd().op())
          || !rootsAgree(comm, all)) {
        return Optional.of(mismatch(comm, k, all));
      }
      Optional<Finding> f = emit(w);
      return f.isPresent() ? f : next(comm);
    }

    /** The classes waiting in a communicator's next collective join it, which may complete it. */
    private Optional<Finding> next(long comm) {
      List<Integer> l = later.remove(comm);
      if (l == null) {
        return Optional.empty();
      }
      long current = completed.get(comm);
      List<Long> touched = new ArrayList<>(1);
      for (int c : l) {
        if (reached.get(c).get(comm) - 1 > current) {
          later.computeIfAbsent(comm, k -> new ArrayList<>()).add(c);
        } else {
          join(c, comm, touched);
        }
      }
      return touched.isEmpty() ? Optional.empty() : release(comm);
    }

    /** One call for the waiting classes {@code w} of a completed collective. */
    private Optional<Finding> emit(List<Integer> w) {
      if (w.isEmpty()) {
        return Optional.empty();
      }
      if (!writes) {
        w.forEach(c -> waitingIn[c] = null);
        return Optional.empty();
      }
      int[] units = w.stream().mapToInt(Integer::intValue).toArray();
      Step[] steps = new Step[units.length];
      List<Rsd> sources = new ArrayList<>();
      for (int i = 0; i < units.length; i++) {
        Step s = waitingIn[units[i]];
        steps[i] = s;
        waitingIn[units[i]] = null;
        if (sources.stream().noneMatch(x -> x == s.rsd())) {
          sources.add(s.rsd());
        }
      }
      if (sources.size() > 1) {
        merged++;
      }
      String site = sources.stream().map(Rsd::site).distinct().collect(Collectors.joining("|"));
      out.append(sources, site, units, steps);
      return Optional.empty();
    }

    /**
     * Whether the classes {@code w} name one root: the same rank everywhere, or on an
     * intercommunicator, the same rank of the root's group in the other group while the root's
     * own group says MPI_ROOT (the root) and MPI_PROC_NULL (the others).
     */
    private boolean rootsAgree(long comm, Map<Integer, Step> w) {
      Step first = w.values().iterator().next();
      if (!first.rsd().op().has(Field.ROOT)) {
        return true;
      }
      if (!comms.isInter(comm)) {
        return w.values().stream().allMatch(s -> s.value(Field.ROOT) == first.value(Field.ROOT));
      }
      // The roots each group gives, a group known by the world rank of the other's rank 0.
      Map<Integer, Set<Long>> byGroup = new HashMap<>();
      for (Map.Entry<Integer, Step> e : w.entrySet()) {
        int r = classes.ranks(e.getKey()).first();
        byGroup.computeIfAbsent(comms.world(comm, r, 0), x -> new HashSet<>())
            .add(e.getValue().value(Field.ROOT));
      }
      Set<Long> roles = Set.of(Sym.ROOT.code(), Sym.PROC_NULL.code());
      long rootGroups = byGroup.values().stream().filter(roles::containsAll).count();
      long naming = byGroup.values().stream()
          .filter(v -> v.size() == 1 && !Sym.isSymbol(v.iterator().next())).count();
      long roots = w.entrySet().stream()
          .filter(e -> e.getValue().value(Field.ROOT) == Sym.ROOT.code())
          .mapToLong(e -> size[e.getKey()]).sum();
      return byGroup.size() == 2 && rootGroups == 1 && naming == 1 && roots <= 1;
    }

    private Finding mismatch(long comm, long k, Map<Integer, Step> w) {
      Map<String, RankList> byCall = new LinkedHashMap<>();
      for (Map.Entry<Integer, Step> e : w.entrySet()) {
        int c = e.getKey();
        Step s = e.getValue();
        long root = s.value(Field.ROOT);
        String call = s.describe() + (s.rsd().op().has(Field.ROOT) ? " (root "
            + (Sym.isSymbol(root) ? Sym.of(root).text() : root) + ")" : "");
        byCall.merge(call, classes.ranks(c), RankList::union);
      }
      return new Finding(Problem.MISMATCHED_COLLECTIVE, "collective number " + k + " on "
          + commName(comm) + ": " + byCall.entrySet().stream()
              .map(e -> "ranks " + e.getValue() + " call " + e.getKey())
              .collect(Collectors.joining("; ")));
    }

    /** When nothing can run: the first collective still waited in, if any, and who is missing. */
    private Optional<Finding> stuck() {
      if (waiters.isEmpty() && started.isEmpty()) {
        return Optional.empty();
      }
      // A collective that some wait in, else a nonblocking one that some started.
      long comm = waiters.isEmpty() ? started.keySet().iterator().next()
          : waiters.keySet().iterator().next();
      Map<Integer, Step> in = new java.util.TreeMap<>(started.getOrDefault(comm, Map.of()));
      waiters.getOrDefault(comm, List.of()).forEach(c -> in.put(c, waitingIn[c]));
      RankList there = RankList.empty();
      for (int c : in.keySet()) {
        there = there.union(classes.ranks(c));
      }
      Step s = waiters.isEmpty() ? in.values().iterator().next()
          : waitingIn[waiters.get(comm).get(0)];
      int[] all = comms.members(comm);
      Map<String, List<Integer>> absent = new LinkedHashMap<>();
      for (int r : all) {
        if (there.contains(r)) {
          continue;
        }
        int c = classes.classOf(r);
        String where = waitingIn[c] != null ? "wait in " + waitingIn[c].describe() + " on "
            + commName(waitingIn[c].syncComm())
            : "have no calls left";
        absent.computeIfAbsent(where, x -> new ArrayList<>()).add(r);
      }
      String missing = absent.entrySet().stream().map(a -> "ranks " + RankList.of(
          a.getValue().stream().mapToInt(Integer::intValue).toArray()) + " " + a.getKey())
          .collect(Collectors.joining("; "));
      return Optional.of(new Finding(Problem.UNREACHED_COLLECTIVE, "ranks " + there
          + (waiters.isEmpty() ? " started " : " wait in ")
          + s.describe() + " on " + commName(comm) + ", which the other members never reach: "
          + missing));
    }

    private String commName(long comm) {
      return comm == 0 ? "MPI_COMM_WORLD" : "communicator " + comm;
    }
  }

}
