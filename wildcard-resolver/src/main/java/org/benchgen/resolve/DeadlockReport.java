package org.benchgen.resolve;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.benchgen.findings.Finding;
import org.benchgen.findings.Problem;
import org.benchgen.ir.RankList;
import org.benchgen.trace.Sym;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;
import org.jgrapht.graph.DefaultDirectedGraph;
import org.jgrapht.graph.DefaultEdge;

/**
 * What a finished {@link MatchingSimulation} says is wrong, in this order: ranks still blocked (a
 * deadlock, with a cycle of the wait-for graph (JGraphT) where there is one), receives never
 * satisfied, messages never received. Each finding names the ranks, calls, sites and iterations.
 */
final class DeadlockReport {
  private static final long ANY_SOURCE = Sym.ANY_SOURCE.code();

  private final MatchingSimulation sim;

  DeadlockReport(MatchingSimulation sim) {
    this.sim = sim;
  }

  /** The first problem, if any. */
  Optional<Finding> problem() {
    for (int r = 0; r < sim.p; r++) {
      if (sim.state[r] instanceof RankState.Blocked) {
        return Optional.of(deadlock());
      }
    }
    for (int r = 0; r < sim.p; r++) {
      for (PostedReceive x : sim.posted.get(r)) {
        if (!x.matched) {
          return Optional.of(new Finding(Problem.UNMATCHED_RECEIVE, "rank " + r + " posts "
              + x.step.describe() + " from " + peerText(x.comm, x.owner, x.src)
              + ", and no rank ever sends it a matching message"));
        }
      }
    }
    List<String> unmatched = unmatchedSends();
    if (!unmatched.isEmpty()) {
      return Optional.of(new Finding(Problem.UNMATCHED_SEND, String.join("; ", unmatched)));
    }
    return Optional.empty();
  }

  private String peerText(long comm, int viewer, long src) {
    return src == ANY_SOURCE ? "any source" : "rank " + sim.comms.world(comm, viewer, src);
  }

  /** The world ranks that blocked rank {@code r} waits for, for the wait-for graph. */
  private Set<Integer> waitsFor(int r, WaitState on) {
    Set<Integer> out = new TreeSet<>();
    if (on instanceof WaitState.Receive x) {
      addSources(x.receive(), out);
    } else if (on instanceof WaitState.SyncSend m) {
      out.add(m.message().to);
    } else if (on instanceof WaitState.Probe probe) {
      addPeers(probe.comm(), probe.src(), r, out);
    } else if (on instanceof WaitState.Requests qs) {
      for (Request q : qs.requests()) {
        if (!q.done && q.receive != null) {
          addSources(q.receive, out);
        } else if (!q.done && q.message != null) {
          out.add(q.message.to);
        }
      }
    } else if (on instanceof WaitState.Collective c) {
      List<Integer> here = sim.arrived.getOrDefault(c.comm(), List.of());
      for (int w : sim.comms.members(c.comm())) {
        if (!here.contains(w)) {
          out.add(w);
        }
      }
    }
    return out;
  }

  private void addSources(PostedReceive x, Set<Integer> out) {
    addPeers(x.comm, x.src, x.owner, out);
  }

  private void addPeers(long comm, long src, int self, Set<Integer> out) {
    if (src != ANY_SOURCE) {
      out.add(sim.comms.world(comm, self, src));
      return;
    }
    for (int w : sim.comms.peers(comm, self)) {
      if (w != self) {
        out.add(w);
      }
    }
  }

  private String waitText(int r) {
    RankState.Blocked b = (RankState.Blocked) sim.state[r];
    RankList peers = RankList.of(waitsFor(r, b.on()).stream().mapToInt(Integer::intValue)
        .toArray());
    return "rank " + r + " waits in " + b.in().describe() + b.on().waitingFor(peers.toString());
  }

  private Finding deadlock() {
    Graph<Integer, DefaultEdge> g = new DefaultDirectedGraph<>(DefaultEdge.class);
    for (int r = 0; r < sim.p; r++) {
      if (sim.state[r] instanceof RankState.Blocked) {
        g.addVertex(r);
      }
    }
    for (int r = 0; r < sim.p; r++) {
      if (sim.state[r] instanceof RankState.Blocked b) {
        for (int t : waitsFor(r, b.on())) {
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
  private static List<Integer> cycle(Graph<Integer, DefaultEdge> g) {
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
    for (int r = 0; r < sim.p; r++) {
      // Each message whose cancel may have taken (its outcome unrecorded) accounts for one of
      // its envelope never received: the simulation may have given a receive that one and left
      // a later one, which is the same to the program.
      Map<List<Long>, Integer> cancelled = new HashMap<>();
      for (Message m : sim.inbox[r].all) {
        if (m.maybeCancelled) {
          cancelled.merge(List.of((long) m.from, m.comm, m.tag), 1, Integer::sum);
        }
      }
      // By sender, each sender's in the order it sent them: the order in which senders' messages
      // arrived is the simulation's schedule, which stopping ranks at loops changes (issue 50).
      List<Message> waiting = new ArrayList<>(sim.inbox[r].all);
      waiting.sort(java.util.Comparator.comparingInt(m -> m.from));
      for (Message m : waiting) {
        if (m.matched) {
          continue;
        }
        List<Long> envelope = List.of((long) m.from, m.comm, m.tag);
        if (cancelled.getOrDefault(envelope, 0) > 0) {
          cancelled.merge(envelope, -1, Integer::sum);
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
}
