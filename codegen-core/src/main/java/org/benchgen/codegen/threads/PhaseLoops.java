package org.benchgen.codegen.threads;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;

/**
 * Runs of equal phases made one phase repeated, as the trace's loops are: MPICH's
 * threads/pt2pt/alltoall starts a thread, sends to every rank, joins it and makes a barrier
 * 10,000 times, which as one function per phase was refused. A phase with the main thread's
 * block after it is a <em>unit</em>; consecutive units are equal when, on every rank, they have
 * the same lanes and each lane the same calls (call, site and parameters) but for the run's
 * timing: request numbers (numbered again as the blocks run), the source and tag a wildcard
 * receive matched, and times. A run of k equal units becomes its first, repeated k times; the
 * later phases are numbered again. The first unit stands for every repetition in alignment and
 * resolution (a message sent in one repetition and received in the next is then unmatched, and
 * refused), and a wildcard receive takes the first repetition's source in all of them.
 */
final class PhaseLoops {
  /** Parameters the run's timing decides, not the program: left out of the comparison. */
  private static final Field[] TIMING = {Field.REQ, Field.REQS, Field.DONE, Field.ASRC,
      Field.ATAG};

  private PhaseLoops() {}

  /** The ranks' blocks with runs of equal units as one, and each phase's repetitions. */
  record Looped(List<ThreadSplit.RankBlocks> ranks, Map<Integer, Long> repeats) {}

  /** {@code ranks}' blocks with every run of units equal on all ranks made one repeated unit. */
  static Looped of(List<ThreadSplit.RankBlocks> ranks) {
    int phases = ranks.stream().flatMap(r -> r.events().keySet().stream())
        .mapToInt(ThreadBlock::phase).max().orElse(0);
    // Each rank's blocks by phase, once (a unit is looked up once per comparison).
    List<Map<Integer, Map<ThreadBlock, List<RawEvent>>>> byPhase = new ArrayList<>();
    for (ThreadSplit.RankBlocks r : ranks) {
      Map<Integer, Map<ThreadBlock, List<RawEvent>>> m = new HashMap<>();
      r.events().forEach((b, es) -> m.computeIfAbsent(b.phase(), k -> new LinkedHashMap<>())
          .put(b, es));
      byPhase.add(m);
    }
    // runs.get(i): the first phase of new phase i + 1 and how many units it stands for.
    List<long[]> runs = new ArrayList<>();
    for (int p = 1; p <= phases; p++) {
      long[] last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
      int q = p;
      if (last != null && byPhase.stream().allMatch(r -> equal(r, (int) last[0], q))) {
        last[1]++;
      } else {
        runs.add(new long[] {p, 1});
      }
    }
    if (runs.size() == phases) {
      return new Looped(ranks, Map.of());
    }
    Map<Integer, Long> repeats = new TreeMap<>();
    for (int i = 0; i < runs.size(); i++) {
      if (runs.get(i)[1] > 1) {
        repeats.put(i + 1, runs.get(i)[1]);
      }
    }
    List<ThreadSplit.RankBlocks> out = new ArrayList<>();
    for (int x = 0; x < ranks.size(); x++) {
      ThreadSplit.RankBlocks r = ranks.get(x);
      Map<Integer, Map<ThreadBlock, List<RawEvent>>> m = byPhase.get(x);
      Map<ThreadBlock, List<RawEvent>> events = new LinkedHashMap<>(m.getOrDefault(0, Map.of()));
      for (int i = 0; i < runs.size(); i++) {
        int from = (int) runs.get(i)[0];
        int phase = i + 1;
        m.getOrDefault(from, Map.of()).forEach((b, es) -> {
          ThreadBlock nb = b.parallel() ? ThreadBlock.lane(phase, b.lane())
              : ThreadBlock.between(phase);
          events.put(nb, es.stream().map(e -> new RawEvent(e.op(),
              nb.site(ThreadBlock.traced(e.site())), e.enter(), e.exit(), e.values(), e.lists(),
              e.cpu())).toList());
        });
      }
      out.add(new ThreadSplit.RankBlocks(r.rank(), r.commIds(), r.commMembers(),
          r.commRemote(), events));
    }
    return new Looped(out, repeats);
  }

  /** Whether units {@code p} and {@code q} of a rank (its blocks by phase) make the same calls. */
  private static boolean equal(Map<Integer, Map<ThreadBlock, List<RawEvent>>> r, int p, int q) {
    Map<ThreadBlock, List<RawEvent>> a = unit(r, p);
    Map<ThreadBlock, List<RawEvent>> b = unit(r, q);
    if (!a.keySet().equals(b.keySet())) {
      return false;
    }
    for (Map.Entry<ThreadBlock, List<RawEvent>> e : a.entrySet()) {
      List<RawEvent> x = e.getValue();
      List<RawEvent> y = b.get(e.getKey());
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!same(x.get(i), y.get(i))) {
          return false;
        }
      }
    }
    return true;
  }

  /** Unit {@code p}'s blocks, by lane (the main thread's block after it as lane -1). */
  private static Map<ThreadBlock, List<RawEvent>> unit(
      Map<Integer, Map<ThreadBlock, List<RawEvent>>> r, int p) {
    Map<ThreadBlock, List<RawEvent>> out = new TreeMap<>(ThreadBlock.ORDER);
    r.getOrDefault(p, Map.of()).forEach((b, es) -> {
      if (!es.isEmpty()) {
        out.put(b.parallel() ? ThreadBlock.lane(0, b.lane()) : ThreadBlock.between(0), es);
      }
    });
    return out;
  }

  private static boolean same(RawEvent a, RawEvent b) {
    if (a.op() != b.op() || !ThreadBlock.traced(a.site()).equals(ThreadBlock.traced(b.site()))
        || a.values().length != b.values().length || a.lists().length != b.lists().length) {
      return false;
    }
    long[] va = a.values().clone();
    long[] vb = b.values().clone();
    long[][] la = a.lists().clone();
    long[][] lb = b.lists().clone();
    for (Field f : TIMING) {
      int s = a.op().slot(f);
      if (s >= 0 && s < va.length) {
        va[s] = 0;
        vb[s] = 0;
      }
      if (s >= 0 && s < la.length) {
        la[s] = null;
        lb[s] = null;
      }
    }
    return java.util.Arrays.equals(va, vb) && java.util.Arrays.deepEquals(la, lb);
  }
}
