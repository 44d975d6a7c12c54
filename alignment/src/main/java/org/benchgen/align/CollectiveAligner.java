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
 * {@link #align} returns the trace unchanged.
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
    if (!needsAlignment()) {
      return new Alignment.Aligned(trace, false, 0);
    }
    return new Run().run();
  }

  /** One alignment pass: the contexts of all classes and what they wait for. */
  private final class Run {
    private final RankClasses classes = new RankClasses(trace);
    private final int n = classes.count();
    private final TraversalContext[] ctx = new TraversalContext[n];
    private final int[] size = new int[n];
    /** The step a class waits in, or null while it runs. */
    private final Step[] waitingIn = new Step[n];
    private final Map<Long, List<Integer>> waiters = new LinkedHashMap<>();
    private final Map<Long, Long> arrived = new HashMap<>();
    /** How many collectives each communicator has completed, for messages. */
    private final Map<Long, Long> completed = new HashMap<>();
    private final TraceBuilder out;
    private final java.util.Set<Long> memberOf = new java.util.HashSet<>();
    private long merged;

    Run() {
      for (int c = 0; c < n; c++) {
        ctx[c] = new TraversalContext(trace, classes.ranks(c).first(), comms);
        size[c] = classes.ranks(c).size();
      }
      out = new TraceBuilder(trace, classes.all());
    }

    Alignment run() {
      int[] group = new int[n];
      while (true) {
        int g = earliestRunnable(group);
        if (g == 0) {
          Optional<Finding> stuck = stuck();
          if (stuck.isPresent()) {
            return new Alignment.Failed(stuck.get());
          }
          return new Alignment.Aligned(out.build(), true, merged);
        }
        int[] units = Arrays.copyOf(group, g);
        Rsd rsd = ctx[units[0]].peek().orElseThrow();
        Step[] steps = new Step[g];
        for (int i = 0; i < g; i++) {
          steps[i] = ctx[units[i]].next();
        }
        if (!rsd.op().kind().synchronizes()) {
          out.append(List.of(rsd), rsd.site(), units, steps);
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
      waiters.computeIfAbsent(comm, k -> new ArrayList<>()).add(c);
      arrived.merge(comm, (long) size[c], Long::sum);
      if (!touched.contains(comm)) {
        touched.add(comm);
      }
      return Optional.empty();
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
      List<Integer> w = waiters.remove(comm);
      arrived.remove(comm);
      w.sort(null);
      long k = completed.merge(comm, 1L, Long::sum);
      Step first = waitingIn[w.get(0)];
      for (int c : w) {
        if (waitingIn[c].rsd().op() != first.rsd().op()) {
          return Optional.of(mismatch(comm, k, w));
        }
      }
      if (!rootsAgree(comm, w)) {
        return Optional.of(mismatch(comm, k, w));
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
    private boolean rootsAgree(long comm, List<Integer> w) {
      Step first = waitingIn[w.get(0)];
      if (!first.rsd().op().has(Field.ROOT)) {
        return true;
      }
      if (!comms.isInter(comm)) {
        return w.stream().allMatch(c -> waitingIn[c].value(Field.ROOT)
            == first.value(Field.ROOT));
      }
      // The roots each group gives, a group known by the world rank of the other's rank 0.
      Map<Integer, Set<Long>> byGroup = new HashMap<>();
      for (int c : w) {
        int r = classes.ranks(c).first();
        byGroup.computeIfAbsent(comms.world(comm, r, 0), x -> new HashSet<>())
            .add(waitingIn[c].value(Field.ROOT));
      }
      Set<Long> roles = Set.of(Sym.ROOT.code(), Sym.PROC_NULL.code());
      long rootGroups = byGroup.values().stream().filter(roles::containsAll).count();
      long naming = byGroup.values().stream()
          .filter(v -> v.size() == 1 && !Sym.isSymbol(v.iterator().next())).count();
      long roots = w.stream().filter(c -> waitingIn[c].value(Field.ROOT) == Sym.ROOT.code())
          .mapToLong(c -> size[c]).sum();
      return byGroup.size() == 2 && rootGroups == 1 && naming == 1 && roots <= 1;
    }

    private Finding mismatch(long comm, long k, List<Integer> w) {
      Map<String, RankList> byCall = new LinkedHashMap<>();
      for (int c : w) {
        Step s = waitingIn[c];
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
      if (waiters.isEmpty()) {
        return Optional.empty();
      }
      Map.Entry<Long, List<Integer>> e = waiters.entrySet().iterator().next();
      long comm = e.getKey();
      RankList there = RankList.empty();
      for (int c : e.getValue()) {
        there = there.union(classes.ranks(c));
      }
      Step s = waitingIn[e.getValue().get(0)];
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
      return Optional.of(new Finding(Problem.UNREACHED_COLLECTIVE, "ranks " + there + " wait in "
          + s.describe() + " on " + commName(comm) + ", which the other members never reach: "
          + missing));
    }

    private String commName(long comm) {
      return comm == 0 ? "MPI_COMM_WORLD" : "communicator " + comm;
    }
  }

}
