package org.benchgen.compress;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.benchgen.ir.CallTime;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Histogram;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.PackedParams;
import org.benchgen.ir.PackedStats;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;

/** The folded nodes of one rank's compression, frozen into the model when the rank is done. */
final class NodeBuilder {
  private NodeBuilder() {}

  /**
   * Freezes a call or a loop with the rank list {@code ranks} everywhere, sharing equal small
   * parts through {@code parts}.
   */
  static Node freeze(FoldNode n, RankList ranks, SharedParts parts) {
    if (n instanceof RsdBuilder r) {
      return r.freeze(ranks, parts);
    }
    FoldLoop l = (FoldLoop) n;
    Param trips = parts.param(new Param(List.of(new ParamEntry(new EntryValues.Plain(l.trips()),
        ranks))));
    List<Node> nodes = new ArrayList<>(l.body().size());
    for (FoldNode b : l.body()) {
      nodes.add(freeze(b, ranks, parts));
    }
    return new Loop(ranks, trips, nodes);
  }

  /** One call site's executions; starts as one event and turns into value sequences on folding. */
  static final class RsdBuilder extends FoldNode {
    final Op op;
    final String site;
    // One event, until settled.
    private long[] abs;
    private long[] rel;
    private String after;
    private long compute;
    private long cpu;
    private long duration;
    // Folded.
    private ValueSeqBuilder[] absSeq;
    private ValueSeqBuilder[] relSeq;
    private ByCallPath computes;
    private Histogram.Builder durations;
    // The timing summaries of the loop instance being appended (see addToInstance), kept from one
    // instance to the next and emptied when merged.
    private ByCallPath instanceComputes;
    private Histogram.Builder instanceDurations;

    /**
     * {@code rel} holds relative peers in peer slots (else equal to abs); {@code after} may be
     * null; {@code cpu} is the interval's CPU time or {@code RawEvent.NO_CPU}.
     */
    RsdBuilder(int shape, Op op, String site, long[] abs, long[] rel, String after, long compute,
        long cpu, long duration) {
      super(shape);
      this.op = op;
      this.site = site;
      this.abs = abs;
      this.rel = rel;
      this.after = after;
      this.compute = compute;
      this.cpu = cpu;
      this.duration = duration;
    }

    @Override
    public void settle() {
      if (absSeq != null) {
        return;
      }
      int n = abs.length;
      absSeq = new ValueSeqBuilder[n];
      relSeq = new ValueSeqBuilder[n];
      for (int i = 0; i < n; i++) {
        absSeq[i] = new ValueSeqBuilder();
        if (op.fields().get(i).isPeer()) {
          relSeq[i] = new ValueSeqBuilder();
        }
      }
      computes = new ByCallPath();
      durations = new Histogram.Builder();
      addSingle(abs, rel, after, compute, cpu, duration);
      abs = null;
      rel = null;
    }

    /** Appends one execution (as a node of it would be merged); the arrays are not kept. */
    void add(long[] a, long[] r, String prev, long comp, long cpuNs, long dur) {
      settle();
      addSingle(a, r, prev, comp, cpuNs, dur);
    }

    private void addSingle(long[] a, long[] r, String prev, long comp, long cpuNs, long dur) {
      pushValues(a, r);
      if (prev != null) {
        computes.get(prev).add(comp, cpuNs);
      }
      durations.add(dur);
    }

    private void pushValues(long[] a, long[] r) {
      for (int i = 0; i < a.length; i++) {
        absSeq[i].push(a[i]);
        if (relSeq[i] != null) {
          relSeq[i].push(r[i]);
        }
      }
    }

    /**
     * Appends one execution of a loop instance whose executions are appended together, ended by
     * {@link #endInstance}: the result equals merging a node of that instance's executions (the
     * values in order; the instance's timing summaries pooled into this node's), without making
     * that node.
     */
    void addToInstance(long[] a, long[] r, String prev, long comp, long cpuNs, long dur) {
      settle();
      if (instanceDurations == null) {
        instanceComputes = new ByCallPath();
        instanceDurations = new Histogram.Builder();
      }
      pushValues(a, r);
      if (prev != null) {
        instanceComputes.get(prev).add(comp, cpuNs);
      }
      instanceDurations.add(dur);
    }

    /**
     * Merges the instance's timing summaries, as {@link #merge} merges a node's. Call paths of
     * earlier instances stay in the map, emptied: merging nothing changes nothing, and their call
     * paths are already in this node's; so new ones are added in the order {@link #merge} adds
     * them.
     */
    void endInstance() {
      for (Map.Entry<String, ComputeBuilder> e : instanceComputes.byPath.entrySet()) {
        ComputeBuilder h = e.getValue();
        if (!h.isEmpty()) {
          computes.get(e.getKey()).merge(h);
          h.clear();
        }
      }
      durations.merge(instanceDurations);
      instanceDurations.clear();
    }

    @Override
    public void merge(FoldNode other) {
      settle();
      RsdBuilder o = (RsdBuilder) other;
      if (o.absSeq == null) {
        addSingle(o.abs, o.rel, o.after, o.compute, o.cpu, o.duration);
        return;
      }
      for (int i = 0; i < absSeq.length; i++) {
        absSeq[i].appendAll(o.absSeq[i]);
        if (relSeq[i] != null) {
          relSeq[i].appendAll(o.relSeq[i]);
        }
      }
      o.computes.byPath.forEach((k, h) -> computes.get(k).merge(h));
      durations.merge(o.durations);
    }

    Rsd freeze(RankList ranks, SharedParts parts) {
      settle();
      List<Param> params = new ArrayList<>(absSeq.length);
      for (int i = 0; i < absSeq.length; i++) {
        ValueSeq a = absSeq[i].build();
        if (a.allEqual(Sym.ABSENT.code())) {
          params.add(SharedParts.NONE);
          continue;
        }
        Field f = op.fields().get(i);
        EntryValues v = f.isPeer() ? new EntryValues.Undecided(a, relSeq[i].build())
            : new EntryValues.Plain(a);
        Param p = new Param(List.of(new ParamEntry(v, ranks)));
        // A packed parameter's values are copied into the RSD's arrays: sharing it saves nothing.
        params.add(PackedParams.packs(p, ranks) ? p : parts.param(p));
      }
      // Packed statistics are bytes of their own: nothing to share with other RSDs.
      List<ComputeStat> stats = new ArrayList<>();
      computes.byPath.forEach((k, h) -> stats.add(h.build(k)));
      return new Rsd(op, site, ranks, PackedParams.of(ranks, params), PackedStats.of(stats),
          parts.callTime(CallTime.of(durations.build())));
    }
  }

  /**
   * Compute times by call path, in the order the paths first came. Call sites are interned by the
   * reader, so the path asked for last is tried by identity first: in a loop it is almost always
   * the same.
   */
  private static final class ByCallPath {
    final Map<String, ComputeBuilder> byPath = new LinkedHashMap<>(4);
    private String last;
    private ComputeBuilder lastHistogram;

    ComputeBuilder get(String path) {
      if (path != last) {
        last = path;
        lastHistogram = byPath.computeIfAbsent(path, k -> new ComputeBuilder());
      }
      return lastHistogram;
    }
  }

  /**
   * One call path's compute intervals: their wall-time histogram and, where every interval
   * carries one ({@link org.benchgen.rawtrace.RawEvent#cpu}), their total CPU time.
   */
  private static final class ComputeBuilder {
    private final Histogram.Builder time = new Histogram.Builder();
    private long cpuSum;
    private long cpuCount;

    void add(long wall, long cpu) {
      time.add(wall);
      if (cpu >= 0) {
        cpuSum += cpu;
        cpuCount++;
      }
    }

    void merge(ComputeBuilder o) {
      time.merge(o.time);
      cpuSum += o.cpuSum;
      cpuCount += o.cpuCount;
    }

    boolean isEmpty() {
      return time.isEmpty();
    }

    void clear() {
      time.clear();
      cpuSum = 0;
      cpuCount = 0;
    }

    ComputeStat build(String after) {
      Histogram h = time.build();
      return new ComputeStat(after, h, cpuCount == h.count() && cpuCount > 0
          ? OptionalDouble.of((double) cpuSum / cpuCount) : OptionalDouble.empty());
    }
  }
}
