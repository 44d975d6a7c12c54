package org.benchgen.resolve;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.benchgen.compress.ValueSeqBuilder;
import org.benchgen.findings.Finding;
import org.benchgen.findings.Problem;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.ValueSeq;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;
import org.benchgen.traverse.Communicators;
import org.benchgen.traverse.Step;
import org.benchgen.traverse.StepDecoder;
import org.benchgen.traverse.TraversalContext;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;
import org.jgrapht.graph.DefaultDirectedGraph;
import org.jgrapht.graph.DefaultEdge;

/**
 * Algorithm 2 of the main paper (§4.4): simulates MPI matching over every rank's traversal context
 * and gives each {@code MPI_ANY_SOURCE} receive the rank of its first matching sender, written back
 * into the trace's structure (loops stay loops; a source that changes by iteration becomes a value
 * vector, stored relative to the rank when that makes ranks agree).
 *
 * <p>The simulation follows MPI's rules: messages between a pair of ranks on one communicator and
 * tag do not overtake; wildcard source and tag; standard, buffered and ready sends complete at once
 * (the library may buffer them), synchronous sends ({@code MPI_Ssend}, {@code MPI_Issend}) when
 * matched; blocking and nonblocking receives, Sendrecv, Probe, persistent requests and every kind
 * of wait (Waitany and Waitsome wait for the requests the trace says completed; tests never
 * block); collectives and MPI_Finalize wait for the whole communicator. A rank runs until it
 * blocks; a rank whose wait is satisfied runs again later, in order.
 *
 * <p>When the trace records the source that actually matched ({@code asrc}, as our tracer does),
 * that is the truth of the traced run and is kept: the simulation matches the receive to it. With
 * {@code reResolve} the source is computed instead, and a disagreement is a warning.
 *
 * <p>When no rank can move and some are blocked, the wait-for graph (JGraphT) gives the cycle that
 * is reported; messages never received and receives never satisfied are reported as well. The
 * simulation never hangs: every step is a call of some rank, each taken once.
 */
public final class WildcardResolver {
  private static final long ANY_SOURCE = Sym.ANY_SOURCE.code();
  private static final long ANY_TAG = Sym.ANY_TAG.code();
  private static final long PROC_NULL = Sym.PROC_NULL.code();
  private static final long ABSENT = Sym.ABSENT.code();
  private static final int MAX_WARNINGS = 20;

  private final CompressedTrace trace;
  private final boolean reResolve;
  private final Communicators comms;

  public WildcardResolver(CompressedTrace trace, boolean reResolve) {
    this.trace = trace;
    this.reResolve = reResolve;
    this.comms = new Communicators(trace);
  }

  private static List<Rsd> wildcardRsds(List<Node> nodes, List<Rsd> out) {
    for (Node n : nodes) {
      if (n instanceof Loop l) {
        wildcardRsds(l.body(), out);
      } else if (isWildcard((Rsd) n)) {
        out.add((Rsd) n);
      }
    }
    return out;
  }

  private static boolean isWildcard(Rsd r) {
    OpKind k = r.op().kind();
    if (k != OpKind.RECV && k != OpKind.SENDRECV) {
      return false;
    }
    return r.param(Field.SRC).leaves().anyMatch(v -> v == ANY_SOURCE);
  }

  /** Runs the simulation; the resolved trace, or the deadlock or unmatched call found. */
  public Resolution resolve() {
    return new Sim().run();
  }

  /** A request of one rank. */
  private static final class Req {
    final boolean persistent;
    boolean done;
    /** What it waits for while not done: a message it sent, or a receive it posted. */
    Msg msg;
    Posted posted;
    /** For persistent requests: the call that made it. */
    RawEvent init;
    Step initStep;

    Req(boolean persistent, boolean done) {
      this.persistent = persistent;
      this.done = done;
    }
  }

  /** A message sent and not yet received. */
  private static final class Msg {
    final int from;
    final int to;
    final long fromCommRank;
    final long comm;
    final long tag;
    final boolean sync;
    final Step step;
    Req req;
    boolean matched;

    Msg(int from, int to, long fromCommRank, long comm, long tag, boolean sync, Step step) {
      this.from = from;
      this.to = to;
      this.fromCommRank = fromCommRank;
      this.comm = comm;
      this.tag = tag;
      this.sync = sync;
      this.step = step;
    }
  }

  /** A receive posted and not yet matched. */
  private static final class Posted {
    final int owner;
    final long comm;
    final long src;
    final long tag;
    final Step step;
    /** The source as the trace will say it: filled in when matched. */
    final long[] cell;
    final long recorded;
    Req req;
    boolean matched;

    Posted(int owner, long comm, long src, long tag, Step step, long[] cell, long recorded) {
      this.owner = owner;
      this.comm = comm;
      this.src = src;
      this.tag = tag;
      this.step = step;
      this.cell = cell;
      this.recorded = recorded;
    }
  }

  /** Messages waiting at one rank: in arrival order, and by (communicator, source). */
  private static final class Inbox {
    final ArrayDeque<Msg> all = new ArrayDeque<>();
    final Map<List<Long>, ArrayDeque<Msg>> bySource = new HashMap<>();

    void add(Msg m) {
      all.add(m);
      bySource.computeIfAbsent(List.of(m.comm, m.fromCommRank), k -> new ArrayDeque<>()).add(m);
    }

    /** The first waiting message a receive of (comm, src, tag) matches; taken unless peeking. */
    Msg find(long comm, long src, long tag, boolean take) {
      ArrayDeque<Msg> q = src == ANY_SOURCE ? all : bySource.get(List.of(comm, src));
      if (q == null) {
        return null;
      }
      while (!q.isEmpty() && q.peekFirst().matched) {
        q.pollFirst();
      }
      for (Msg m : q) {
        if (!m.matched && m.comm == comm && (tag == ANY_TAG || tag == m.tag)) {
          m.matched = take;
          return m;
        }
      }
      return null;
    }
  }

  /** The resolved sources of one wildcard RSD on one rank, compressed as they become known. */
  private static final class Sources {
    final ArrayDeque<long[]> pending = new ArrayDeque<>();
    final ValueSeqBuilder abs = new ValueSeqBuilder();
    final ValueSeqBuilder rel = new ValueSeqBuilder();
  }

  private final class Sim {
    private final int p = trace.worldSize();
    private final TraversalContext[] ctx = new TraversalContext[p];
    private final StepDecoder[] dec = new StepDecoder[p];
    private final Map<Long, Req>[] reqs;
    private final Inbox[] inbox = new Inbox[p];
    private final List<ArrayList<Posted>> posted = new ArrayList<>();
    /** 0 runnable, 1 blocked, 2 done. */
    private final int[] state = new int[p];
    /** What a blocked rank waits in. */
    private final Step[] blockedIn = new Step[p];
    private final Object[] blockedOn = new Object[p];
    private final ArrayDeque<Integer> ready = new ArrayDeque<>();
    private final Map<Long, List<Integer>> arrived = new HashMap<>();
    private final Map<Rsd, Sources[]> wild = new IdentityHashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private long disagreements;
    private long resolved;

    @SuppressWarnings("unchecked")
    Sim() {
      reqs = new Map[p];
      for (int r = 0; r < p; r++) {
        ctx[r] = new TraversalContext(trace, r, comms);
        dec[r] = new StepDecoder(trace.symbols());
        reqs[r] = new HashMap<>();
        inbox[r] = new Inbox();
        posted.add(new ArrayList<>());
        ready.add(r);
      }
      for (Rsd w : wildcardRsds(trace.body(), new ArrayList<>())) {
        wild.put(w, new Sources[p]);
      }
    }

    Resolution run() {
      while (!ready.isEmpty()) {
        int r = ready.poll();
        if (state[r] == 0) {
          runRank(r);
        }
      }
      for (int r = 0; r < p; r++) {
        if (state[r] == 1) {
          return new Resolution.Failed(deadlock());
        }
      }
      for (int r = 0; r < p; r++) {
        for (Posted x : posted.get(r)) {
          if (!x.matched) {
            return new Resolution.Failed(new Finding(Problem.UNMATCHED_RECEIVE, "rank " + r
                + " posts " + x.step.describe() + " from " + peerText(x.comm, x.src)
                + ", and no rank ever sends it a matching message"));
          }
        }
      }
      List<String> unmatched = unmatchedSends();
      if (!unmatched.isEmpty()) {
        return new Resolution.Failed(new Finding(Problem.UNMATCHED_SEND,
            String.join("; ", unmatched)));
      }
      if (disagreements > MAX_WARNINGS) {
        warnings.add("… and " + (disagreements - MAX_WARNINGS) + " more disagreements");
      }
      return new Resolution.Resolved(wild.isEmpty() ? trace : rewrite(), resolved, warnings);
    }

    private void runRank(int r) {
      while (ctx[r].hasNext()) {
        Step s = ctx[r].next();
        if (execute(r, s, dec[r].decode(s))) {
          state[r] = 1;
          blockedIn[r] = s;
          return;
        }
      }
      state[r] = 2;
    }

    /** Executes one call; true when the rank blocks in it. */
    private boolean execute(int r, Step s, RawEvent e) {
      Op op = e.op();
      switch (op.kind()) {
        case SEND -> {
          Msg m = send(r, s, e.get(Field.COMM), e.get(Field.DEST), e.get(Field.TAG),
              op == Op.SSEND || op == Op.ISSEND);
          if (op.createsRequest()) {
            Req q = new Req(false, m == null || !m.sync || m.matched);
            q.msg = m;
            if (m != null) {
              m.req = q;
            }
            reqs[r].put(e.get(Field.REQ), q);
          } else if (m != null && m.sync && !m.matched) {
            blockedOn[r] = m;
            return true;
          }
          return false;
        }
        case RECV -> {
          Posted x = receive(r, s, e, e.get(Field.SRC), e.get(Field.TAG));
          if (op.createsRequest()) {
            Req q = new Req(false, x == null || x.matched);
            q.posted = x;
            if (x != null) {
              x.req = q;
            }
            reqs[r].put(e.get(Field.REQ), q);
            return false;
          }
          return block(r, x);
        }
        case SENDRECV -> {
          send(r, s, e.get(Field.COMM), e.get(Field.DEST), e.get(Field.TAG), false);
          long rtag = op.has(Field.RTAG) ? e.get(Field.RTAG) : e.get(Field.TAG);
          return block(r, receive(r, s, e, e.get(Field.SRC), rtag));
        }
        case PROBE -> {
          long src = e.get(Field.SRC);
          if (op == Op.IPROBE || src == PROC_NULL) {
            return false;
          }
          long comm = e.get(Field.COMM);
          long tag = e.get(Field.TAG);
          if (inbox[r].find(comm, src, tag, false) != null) {
            return false;
          }
          blockedOn[r] = new long[] {comm, src, tag};
          return true;
        }
        case COMPLETION -> {
          return complete(r, e);
        }
        case PERSISTENT_INIT -> {
          Req q = new Req(true, true);
          q.init = e;
          q.initStep = s;
          reqs[r].put(e.get(Field.REQ), q);
          return false;
        }
        case START -> {
          long[] ids = op == Op.START ? new long[] {e.get(Field.REQ)} : e.list(Field.REQS);
          for (long id : ids) {
            start(r, id);
          }
          return false;
        }
        case REQUEST_FREE -> {
          reqs[r].remove(e.get(Field.REQ));
          return false;
        }
        case COLLECTIVE, COMM_CREATE, COMM_FREE, FINALIZE -> {
          if (op.createsRequest()) {
            reqs[r].put(e.get(Field.REQ), new Req(false, true));
            return false;
          }
          // MPI_Finalize has no communicator: comm() is the world's.
          return arrive(r, s.comm());
        }
        default -> {
          return false;
        }
      }
    }

    private boolean block(int r, Posted x) {
      if (x == null || x.matched) {
        return false;
      }
      blockedOn[r] = x;
      return true;
    }

    /** Posts a message; null for PROC_NULL. Matches the earliest posted receive it fits. */
    private Msg send(int r, Step s, long comm, long dest, long tag, boolean sync) {
      if (dest == PROC_NULL) {
        return null;
      }
      int to = comms.world(comm, dest);
      Msg m = new Msg(r, to, comms.rankIn(comm, r), comm, tag, sync, s);
      for (Posted x : posted.get(to)) {
        if (!x.matched && x.comm == comm && (x.src == ANY_SOURCE || x.src == m.fromCommRank)
            && (x.tag == ANY_TAG || x.tag == tag)) {
          match(m, x);
          posted.get(to).remove(x);
          return m;
        }
      }
      inbox[to].add(m);
      if (state[to] == 1 && blockedOn[to] instanceof long[] probe
          && inbox[to].find(probe[0], probe[1], probe[2], false) != null) {
        wake(to);
      }
      return m;
    }

    /** Posts a receive; null for PROC_NULL. Matches the earliest waiting message it fits. */
    private Posted receive(int r, Step s, RawEvent e, long src, long tag) {
      long comm = e.get(Field.COMM);
      long[] cell = sourceCell(r, s, src);
      if (src == PROC_NULL) {
        return null;
      }
      long recorded = e.get(Field.ASRC);
      long matchSrc = src;
      long matchTag = tag;
      if (src == ANY_SOURCE && !reResolve && recorded != ABSENT) {
        matchSrc = recorded;
        long atag = e.get(Field.ATAG);
        matchTag = tag == ANY_TAG && atag != ABSENT ? atag : tag;
      }
      Posted x = new Posted(r, comm, matchSrc, matchTag, s, cell, recorded);
      Msg m = inbox[r].find(comm, matchSrc, matchTag, true);
      if (m != null) {
        match(m, x);
      } else {
        posted.get(r).add(x);
      }
      return x;
    }

    /** The cell that will hold this execution's source, for wildcard RSDs; else null. */
    private long[] sourceCell(int r, Step s, long src) {
      Sources[] byRank = wild.get(s.rsd());
      if (byRank == null) {
        return null;
      }
      if (byRank[r] == null) {
        byRank[r] = new Sources();
      }
      long comm = s.value(Field.COMM);
      // {source, communicator, known}
      long[] cell = {src, comm, src == ANY_SOURCE ? 0 : 1};
      byRank[r].pending.add(cell);
      if (src == ANY_SOURCE) {
        resolved++;
      }
      flush(byRank[r], r);
      return cell;
    }

    private void match(Msg m, Posted x) {
      m.matched = true;
      x.matched = true;
      if (x.cell != null && x.cell[2] == 0) {
        x.cell[0] = m.fromCommRank;
        x.cell[2] = 1;
        if (reResolve && x.recorded != ABSENT && x.recorded != m.fromCommRank
            && disagreements++ < MAX_WARNINGS) {
          warnings.add("rank " + x.owner + ": " + x.step.describe() + ": recorded source "
              + x.recorded + ", resolved " + m.fromCommRank);
        }
        flush(wild.get(x.step.rsd())[x.owner], x.owner);
      }
      if (x.req != null) {
        x.req.done = true;
      }
      if (m.req != null) {
        m.req.done = true;
      }
      recheck(x.owner);
      recheck(m.from);
    }

    /** Pushes the known prefix of a rank's sources into its sequences. */
    private void flush(Sources src, int r) {
      while (!src.pending.isEmpty() && src.pending.peekFirst()[2] == 1) {
        long[] c = src.pending.pollFirst();
        src.abs.push(c[0]);
        src.rel.push(Sym.isSymbol(c[0]) ? c[0] : relative(c[0], c[1], r));
      }
    }

    private long relative(long peer, long comm, int r) {
      int n = comms.size(comm);
      long d = Math.floorMod(peer - comms.rankIn(comm, r), n);
      return d > n / 2 ? d - n : d;
    }

    /** Wakes a blocked rank whose wait is now satisfied. */
    private void recheck(int r) {
      if (state[r] != 1) {
        return;
      }
      Object on = blockedOn[r];
      boolean ok = on instanceof Posted x ? x.matched
          : on instanceof Msg m ? m.matched
          : on instanceof Req[] qs ? Arrays.stream(qs).allMatch(q -> q.done)
          : false;
      if (ok) {
        wake(r);
      }
    }

    private void wake(int r) {
      state[r] = 0;
      blockedOn[r] = null;
      blockedIn[r] = null;
      ready.add(r);
    }

    private boolean complete(int r, RawEvent e) {
      Op op = e.op();
      long[] ids = op == Op.WAIT ? new long[] {e.get(Field.REQ)}
          : op == Op.WAITALL ? e.list(Field.REQS) : e.list(Field.DONE);
      List<Req> waitFor = new ArrayList<>();
      for (long id : ids) {
        Req q = reqs[r].get(id);
        if (q == null) {
          continue;
        }
        if (!q.persistent) {
          reqs[r].remove(id);
        }
        if (!q.done) {
          waitFor.add(q);
        }
      }
      boolean blocking = op == Op.WAIT || op == Op.WAITALL || op == Op.WAITANY
          || op == Op.WAITSOME;
      if (!blocking || waitFor.isEmpty()) {
        return false;
      }
      blockedOn[r] = waitFor.toArray(new Req[0]);
      return true;
    }

    private void start(int r, long id) {
      Req q = reqs[r].get(id);
      if (q == null || q.init == null) {
        return;
      }
      RawEvent e = q.init;
      if (e.op() == Op.RECV_INIT) {
        Posted x = receive(r, q.initStep, e, e.get(Field.SRC), e.get(Field.TAG));
        q.posted = x;
        q.done = x == null || x.matched;
        if (x != null) {
          x.req = q;
        }
      } else {
        Msg m = send(r, q.initStep, e.get(Field.COMM), e.get(Field.DEST), e.get(Field.TAG),
            e.op() == Op.SSEND_INIT);
        q.msg = m;
        q.done = m == null || !m.sync || m.matched;
        if (m != null) {
          m.req = q;
        }
      }
    }

    /** Arrives at a collective on {@code comm}; true while others have still to come. */
    private boolean arrive(int r, long comm) {
      List<Integer> here = arrived.computeIfAbsent(comm, k -> new ArrayList<>());
      here.add(r);
      if (here.size() < comms.size(comm)) {
        blockedOn[r] = comm;
        return true;
      }
      arrived.remove(comm);
      for (int x : here) {
        if (x != r) {
          wake(x);
        }
      }
      return false;
    }

    private String peerText(long comm, long src) {
      return src == ANY_SOURCE ? "any source" : "rank " + comms.world(comm, src);
    }

    // ---- findings

    /** The world ranks {@code r} waits for, for the wait-for graph. */
    private Set<Integer> waitsFor(int r) {
      Set<Integer> out = new TreeSet<>();
      Object on = blockedOn[r];
      if (on instanceof Posted x) {
        addSources(x, out);
      } else if (on instanceof Msg m) {
        out.add(m.to);
      } else if (on instanceof long[] probe) {
        addPeers(probe[0], probe[1], r, out);
      } else if (on instanceof Req[] qs) {
        for (Req q : qs) {
          if (!q.done && q.posted != null) {
            addSources(q.posted, out);
          } else if (!q.done && q.msg != null) {
            out.add(q.msg.to);
          }
        }
      } else if (on instanceof Long comm) {
        List<Integer> here = arrived.getOrDefault(comm, List.of());
        for (int w : comms.members(comm)) {
          if (!here.contains(w)) {
            out.add(w);
          }
        }
      }
      return out;
    }

    private void addSources(Posted x, Set<Integer> out) {
      addPeers(x.comm, x.src, x.owner, out);
    }

    private void addPeers(long comm, long src, int self, Set<Integer> out) {
      if (src != ANY_SOURCE) {
        out.add(comms.world(comm, src));
        return;
      }
      for (int w : comms.members(comm)) {
        if (w != self) {
          out.add(w);
        }
      }
    }

    private String waitText(int r) {
      Object on = blockedOn[r];
      RankList peers = RankList.of(waitsFor(r).stream().mapToInt(Integer::intValue).toArray());
      String what = on instanceof Long ? " for rank " + peers + " to arrive"
          : on instanceof Msg ? " for rank " + peers + " to receive"
          : " for a message from rank " + peers;
      return "rank " + r + " waits in " + blockedIn[r].describe() + what;
    }

    private Finding deadlock() {
      Graph<Integer, DefaultEdge> g = new DefaultDirectedGraph<>(DefaultEdge.class);
      for (int r = 0; r < p; r++) {
        if (state[r] == 1) {
          g.addVertex(r);
        }
      }
      for (int r = 0; r < p; r++) {
        if (state[r] == 1) {
          for (int t : waitsFor(r)) {
            if (g.containsVertex(t)) {
              g.addEdge(r, t);
            }
          }
        }
      }
      List<Integer> cycle = cycle(g);
      StringBuilder b = new StringBuilder();
      if (!cycle.isEmpty()) {
        b.append("ranks ").append(cycle.stream().map(String::valueOf)
            .collect(Collectors.joining(" -> "))).append(" -> ").append(cycle.get(0))
            .append(" wait for each other: ").append(cycle.stream().map(this::waitText)
                .collect(Collectors.joining("; ")));
      } else {
        List<Integer> blocked = new ArrayList<>(g.vertexSet());
        blocked.sort(Comparator.naturalOrder());
        b.append(blocked.stream().limit(5).map(r -> waitText(r) + ", which never comes")
            .collect(Collectors.joining("; ")));
        if (blocked.size() > 5) {
          b.append("; and ").append(blocked.size() - 5).append(" more blocked ranks");
        }
      }
      List<String> unmatched = unmatchedSends();
      if (!unmatched.isEmpty()) {
        b.append(". Never received: ").append(String.join("; ", unmatched));
      }
      return new Finding(Problem.DEADLOCK, b.toString());
    }

    /** One cycle of the wait-for graph, from a strongly connected component; empty if none. */
    private List<Integer> cycle(Graph<Integer, DefaultEdge> g) {
      for (Set<Integer> scc : new KosarajuStrongConnectivityInspector<>(g)
          .stronglyConnectedSets()) {
        int start = scc.stream().min(Integer::compare).orElseThrow();
        if (scc.size() == 1 && !g.containsEdge(start, start)) {
          continue;
        }
        // Every vertex of the component has a successor in it: walk until a vertex repeats.
        List<Integer> walk = new ArrayList<>();
        Map<Integer, Integer> at = new LinkedHashMap<>();
        int v = start;
        while (!at.containsKey(v)) {
          at.put(v, walk.size());
          walk.add(v);
          int from = v;
          v = g.outgoingEdgesOf(from).stream().map(g::getEdgeTarget).filter(scc::contains)
              .min(Integer::compare).orElseThrow();
        }
        return walk.subList(at.get(v), walk.size());
      }
      return List.of();
    }

    private List<String> unmatchedSends() {
      List<String> out = new ArrayList<>();
      long more = 0;
      for (int r = 0; r < p; r++) {
        for (Msg m : inbox[r].all) {
          if (m.matched) {
            continue;
          }
          if (out.size() < 5) {
            out.add("rank " + m.from + "'s " + m.step.describe() + " to rank " + m.to
                + " (tag " + m.tag + ")");
          } else {
            more++;
          }
        }
      }
      if (more > 0) {
        out.add("and " + more + " more messages");
      }
      return out;
    }

    // ---- writing back

    private CompressedTrace rewrite() {
      return trace.withBody(rewrite(trace.body()));
    }

    private List<Node> rewrite(List<Node> nodes) {
      List<Node> out = new ArrayList<>(nodes.size());
      for (Node n : nodes) {
        if (n instanceof Loop l) {
          out.add(new Loop(l.ranks(), l.trips(), rewrite(l.body())));
        } else if (wild.containsKey(n)) {
          Rsd r = (Rsd) n;
          List<Param> params = new ArrayList<>(r.params());
          params.set(r.op().slot(Field.SRC), sources(wild.get(r)));
          out.add(new Rsd(r.op(), r.site(), r.ranks(), params, r.compute(), r.duration()));
        } else {
          out.add(n);
        }
      }
      return out;
    }

    /** The source parameter from every rank's sequence: absolute or relative, fewer entries. */
    private Param sources(Sources[] byRank) {
      Map<EntryValues, List<Integer>> abs = new LinkedHashMap<>();
      Map<EntryValues, List<Integer>> rel = new LinkedHashMap<>();
      for (int r = 0; r < p; r++) {
        if (byRank[r] != null) {
          ValueSeq a = byRank[r].abs.build();
          abs.computeIfAbsent(new EntryValues.Absolute(a), k -> new ArrayList<>()).add(r);
          rel.computeIfAbsent(new EntryValues.Relative(byRank[r].rel.build()),
              k -> new ArrayList<>()).add(r);
        }
      }
      Map<EntryValues, List<Integer>> best = rel.size() < abs.size() ? rel : abs;
      List<ParamEntry> entries = new ArrayList<>();
      best.forEach((v, rs) -> entries.add(new ParamEntry(v,
          RankList.of(rs.stream().mapToInt(Integer::intValue).toArray()))));
      entries.sort(Comparator.comparingInt(e -> e.ranks().first()));
      return new Param(entries);
    }
  }
}
