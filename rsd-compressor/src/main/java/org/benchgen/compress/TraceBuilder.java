package org.benchgen.compress;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.CallTime;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeParts;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.traverse.Step;

/**
 * Builds a compressed trace from calls appended in one global order, recompressing as it goes:
 * each call is made by a set of <em>units</em> (disjoint rank sets fixed up front, e.g.
 * rank classes) with per-unit values, and the calls fold into loops with the compressor's own
 * {@link LoopFolder} (shape: source RSDs and units). Every unit's values are kept in order, so
 * expanding the result gives each rank exactly the calls appended for it. Compute and duration
 * statistics are carried over from the source RSDs (merged when several became one): where a
 * source's calls went to several calls of the result (a loop split where collectives were
 * joined), each gets its calls' share of the source's, apportioned so that the shares add up to
 * the source's statistics exactly.
 */
public final class TraceBuilder {
  private final CompressedTrace source;
  private final List<RankList> units;
  private final LoopFolder<FoldNode> folder;
  private final Map<Rsd, Integer> sourceIds = new IdentityHashMap<>();
  private final Map<Object, Integer> shapes = new HashMap<>();
  private final Map<IntsKey, RankList> rankLists = new HashMap<>();
  /** Each rank's unit, -1 for none. */
  private final int[] unitOf;
  /**
   * Per source RSD, how many of its calls one rank of each unit made over all appended, per
   * compute path (path id, -1 for a rank's first call).
   */
  private final Map<Rsd, Map<Integer, long[]>> taken = new IdentityHashMap<>();
  /**
   * Compute paths by id: the site of the call before in the source, and that call's site here,
   * which differ where calls of several sites were joined into one.
   */
  private final Map<Path, Integer> pathIds = new HashMap<>();
  private final List<Path> paths = new ArrayList<>();
  /** The ids of the paths of each source site. */
  private final Map<String, int[]> pathsOfSite = new HashMap<>();
  /** Per unit, the path id of its next call: its last call's site, -1 before its first call. */
  private final int[] pathOfNext;
  /** Whether some path's site here is not its site in the source (calls were joined). */
  private boolean renamedPaths;
  /** Per source RSD split over several calls, its compute given out to them so far. */
  private final Map<Rsd, ComputeParts> computeParts = new IdentityHashMap<>();
  /** Per source RSD, the fraction of its call time given to calls frozen before. */
  private final Map<Rsd, Double> givenDuration = new IdentityHashMap<>();

  /**
   * A builder of a trace of the same run as {@code source} (its world, communicators and symbols),
   * whose calls are made by {@code units}.
   */
  public TraceBuilder(CompressedTrace source, List<RankList> units) {
    this.source = source;
    this.units = List.copyOf(units);
    this.unitOf = new int[source.worldSize()];
    this.pathOfNext = new int[this.units.size()];
    Arrays.fill(pathOfNext, -1);
    Arrays.fill(unitOf, -1);
    for (int u = 0; u < this.units.size(); u++) {
      int unit = u;
      this.units.get(u).stream().filter(r -> r < unitOf.length).forEach(r -> unitOf[r] = unit);
    }
    this.folder = new LoopFolder<>(FoldNode.policy(body -> shapes.computeIfAbsent(
        new LoopKey(new IntsKey(body)), k -> shapes.size() + 1)), RankCompressor.DEFAULT_WINDOW);
  }

  /**
   * Appends one call: made by {@code units} (ascending), with {@code steps[i]} the step of a rank
   * of {@code units[i]}; {@code sources} are the RSDs the steps come from (one, or several merged
   * into one call), {@code site} the call site to show.
   */
  public void append(List<Rsd> sources, String site, int[] units, Step[] steps) {
    int[] ids = new int[sources.size()];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = sourceIds.computeIfAbsent(sources.get(i), k -> sourceIds.size());
    }
    int shape = shapes.computeIfAbsent(new RsdKey(new IntsKey(ids), new IntsKey(units)),
        k -> shapes.size() + 1);
    // Each unit's calls come in its own order, so its call before is its last one appended: the
    // compute path of this call's interval, as the compressor named it.
    int[] sourceOf = new int[units.length];
    int[] pathOf = new int[units.length];
    for (int i = 0; i < units.length; i++) {
      Rsd r = steps[i].rsd();
      sourceOf[i] = identityIndex(sources, r);
      pathOf[i] = pathOfNext[units[i]];
      pathOfNext[units[i]] = pathId(new Path(r.site(), site));
      taken.computeIfAbsent(r, k -> new HashMap<>())
          .computeIfAbsent(pathOf[i], k -> new long[this.units.size()])[units[i]]++;
    }
    folder.push(new OutRsd(shape, List.copyOf(sources), site, units, steps,
        new CallPaths(sourceOf, pathOf)));
  }

  private int pathId(Path p) {
    Integer id = pathIds.get(p);
    if (id == null) {
      id = paths.size();
      pathIds.put(p, id);
      paths.add(p);
      renamedPaths |= !p.source().equals(p.result());
      int[] old = pathsOfSite.getOrDefault(p.source(), new int[0]);
      int[] ids = Arrays.copyOf(old, old.length + 1);
      ids[old.length] = id;
      pathsOfSite.put(p.source(), ids);
    }
    return id;
  }

  /** The index of {@code r} in {@code sources}, by identity (equal RSDs may differ). */
  private static int identityIndex(List<Rsd> sources, Rsd r) {
    for (int i = 0; i < sources.size(); i++) {
      if (sources.get(i) == r) {
        return i;
      }
    }
    throw new IllegalArgumentException("a step of " + r.site() + " from none of the sources");
  }

  /** The trace appended so far, folded. */
  public CompressedTrace build() {
    folder.finish();
    return source.withBody(freeze(folder.nodes()));
  }

  /** A compute path: the call before's site in the source, and its site in the result. */
  private record Path(String source, String result) {}

  private record RsdKey(IntsKey sources, IntsKey units) {}

  private record LoopKey(IntsKey body) {}

  /** One call; holds its steps until it becomes a loop body element, then value sequences. */
  private static final class OutRsd extends FoldNode {
    final int[] units;
    final List<Rsd> sources;
    final String site;
    /** The calls of each source, on each path, that one rank of each unit made here. */
    final CallPaths calls;
    private Step[] steps;
    /** Per unit, per slot. */
    private ValueSeqBuilder[][] seqs;
    private boolean[][] relative;

    OutRsd(int shape, List<Rsd> sources, String site, int[] units, Step[] steps,
        CallPaths calls) {
      super(shape);
      this.units = units;
      this.sources = sources;
      this.site = site;
      this.steps = steps;
      this.calls = calls;
    }

    @Override
    public void settle() {
      if (seqs != null) {
        return;
      }
      seqs = new ValueSeqBuilder[units.length][];
      relative = new boolean[units.length][];
      for (int u = 0; u < units.length; u++) {
        int n = steps[u].stored().length;
        seqs[u] = new ValueSeqBuilder[n];
        for (int i = 0; i < n; i++) {
          seqs[u][i] = new ValueSeqBuilder();
        }
        relative[u] = steps[u].relative();
      }
      add(steps);
      steps = null;
    }

    private void add(Step[] s) {
      for (int u = 0; u < units.length; u++) {
        long[] v = s[u].stored();
        for (int i = 0; i < v.length; i++) {
          seqs[u][i].push(v[i]);
        }
      }
    }

    @Override
    public void merge(FoldNode other) {
      settle();
      OutRsd o = (OutRsd) other;
      calls.add(o.calls);
      if (o.seqs == null) {
        add(o.steps);
        return;
      }
      for (int u = 0; u < units.length; u++) {
        for (int i = 0; i < seqs[u].length; i++) {
          seqs[u][i].appendAll(o.seqs[u][i]);
        }
      }
    }
  }

  private RankList ranksOf(int[] u) {
    return rankLists.computeIfAbsent(new IntsKey(u), k -> {
      RankList r = RankList.empty();
      for (int x : u) {
        r = r.union(units.get(x));
      }
      return r;
    });
  }

  /**
   * Freezes a body; neighbouring calls of one op and call site on disjoint ranks become one RSD
   * (the same line run by different ranks, e.g. a Wait after rank-dependent branches).
   */
  private List<Node> freeze(List<FoldNode> outs) {
    List<Node> body = new ArrayList<>(outs.size());
    for (FoldNode o : outs) {
      Node n = freeze(o);
      int last = body.size() - 1;
      if (n instanceof Rsd r && last >= 0 && body.get(last) instanceof Rsd p
          && p.op() == r.op() && p.site().equals(r.site()) && !p.ranks().intersects(r.ranks())) {
        body.set(last, TraceMerger.merge(p, r));
      } else {
        body.add(n);
      }
    }
    return body;
  }

  private Node freeze(FoldNode o) {
    if (o instanceof FoldLoop l) {
      List<Node> body = freeze(l.body());
      RankList ranks = RankList.empty();
      for (Node b : body) {
        ranks = ranks.union(b.ranks());
      }
      Param trips = new Param(List.of(new ParamEntry(new EntryValues.Plain(l.trips()), ranks)));
      return new Loop(ranks, trips, body);
    }
    OutRsd r = (OutRsd) o;
    RankList ranks = ranksOf(r.units);
    r.settle();
    Op op = r.sources.get(0).op();
    List<Param> params = new ArrayList<>(op.fields().size());
    for (int i = 0; i < op.fields().size(); i++) {
      params.add(param(op.fields().get(i), r, i));
    }
    return new Rsd(op, r.site, ranks, params, compute(r), duration(r));
  }

  /** Slot {@code i} of {@code r}: one entry per distinct (sequence, relative) over its units. */
  private Param param(Field f, OutRsd r, int i) {
    Map<EntryValues, int[]> groups = new LinkedHashMap<>();
    for (int u = 0; u < r.units.length; u++) {
      ValueSeq seq = r.seqs[u][i].build();
      if (seq.allEqual(Sym.ABSENT.code())) {
        continue;
      }
      boolean rel = r.relative[u][i];
      EntryValues v = rel ? new EntryValues.Relative(seq)
          : f.isPeer() ? new EntryValues.Absolute(seq) : new EntryValues.Plain(seq);
      groups.merge(v, new int[] {r.units[u]}, TraceBuilder::concat);
    }
    List<ParamEntry> entries = new ArrayList<>();
    groups.forEach((v, us) -> entries.add(new ParamEntry(v, ranksOf(us))));
    entries.sort(Comparator.comparingInt(e -> e.ranks().first()));
    return new Param(entries);
  }

  private static int[] concat(int[] a, int[] b) {
    int[] c = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  /**
   * {@code r}'s compute: each source's part for the calls {@code r} made of it, merged, each path
   * named after the call before as it is here ({@link PathNames}).
   */
  private List<ComputeStat> compute(OutRsd r) {
    List<ComputeStat> out = part(r, 0);
    RankList ranks = r.sources.get(0).ranks();
    for (int i = 1; i < r.sources.size(); i++) {
      Rsd s = r.sources.get(i);
      out = ComputeClasses.merge(out, ranks, part(r, i), s.ranks());
      ranks = ranks.union(s.ranks());
    }
    if (!renamedPaths) {
      return out;
    }
    List<PathNames.Named> named = new ArrayList<>(out.size());
    for (ComputeStat c : out) {
      // The paths of this site by their site here, as far as r's units took them.
      Map<String, int[]> byResult = new LinkedHashMap<>();
      for (int id : pathsOfSite.getOrDefault(c.after(), new int[0])) {
        if (calls(r, new int[] {id}, null) > 0) { // some unit of r took it
          byResult.merge(paths.get(id).result(), new int[] {id}, TraceBuilder::concat);
        }
      }
      if (byResult.size() <= 1) {
        String name = byResult.isEmpty() ? c.after() : byResult.keySet().iterator().next();
        int[] ids = byResult.isEmpty() ? new int[0] : byResult.values().iterator().next();
        named.add(new PathNames.Named(c, name, ranksOn(r, ids)));
        continue;
      }
      // Calls that followed a joined call and a call of its own at one site (a wrapper's
      // barrier): each site here takes its calls' part, group by group.
      int[] all = byResult.values().stream().flatMapToInt(Arrays::stream).toArray();
      ComputeParts parts = new ComputeParts(List.of(c), ranksOf(r.units));
      for (Map.Entry<String, int[]> e : byResult.entrySet()) {
        for (ComputeStat p : parts.next((path, group) -> {
          long whole = calls(r, all, group);
          return whole == 0 ? 0 : (double) calls(r, e.getValue(), group) / whole;
        })) {
          named.add(new PathNames.Named(p, e.getKey(), ranksOn(r, e.getValue())));
        }
      }
    }
    return PathNames.merge(named);
  }

  /** The calls {@code r}'s units in {@code group} (null: all) made on the paths {@code ids}. */
  private long calls(OutRsd r, int[] ids, RankList group) {
    long n = 0;
    for (int at = 0; at < r.units.length; at++) {
      if (group != null && !units.get(r.units[at]).intersects(group)) {
        continue;
      }
      for (int id : ids) {
        n += calls(r, id, at);
      }
    }
    return n;
  }

  /** The ranks of {@code r}'s units that made calls on the paths {@code ids}; all if none. */
  private RankList ranksOn(OutRsd r, int[] ids) {
    int[] on = new int[r.units.length];
    int n = 0;
    for (int at = 0; at < r.units.length; at++) {
      for (int id : ids) {
        if (calls(r, id, at) > 0) {
          on[n++] = r.units[at];
          break;
        }
      }
    }
    return n == 0 ? ranksOf(r.units) : ranksOf(Arrays.copyOf(on, n));
  }

  /** The calls unit {@code at} of {@code r} made on path {@code id}, of all its sources. */
  private long calls(OutRsd r, int id, int at) {
    long n = 0;
    for (int i = 0; i < r.sources.size(); i++) {
      n += r.calls.count(i, id, at);
    }
    return n;
  }

  /**
   * Source {@code i}'s compute paths as far as {@code r} made its calls: all of them where it made
   * them all, else the next part ({@link ComputeParts}): each group of ranks of each path gives
   * the fraction of the group's calls on that path (after that site) that {@code r} made, so an
   * interval goes where its call went; by all the group's calls of the source for a path no call
   * was seen on.
   */
  private List<ComputeStat> part(OutRsd r, int i) {
    Rsd s = r.sources.get(i);
    long[] all = made(r, i, null, s.ranks());
    if (all[0] == all[1]) {
      return s.compute();
    }
    return computeParts.computeIfAbsent(s, k -> new ComputeParts(k.compute(), k.ranks()))
        .next((path, group) -> {
          long[] g = made(r, i, pathsOfSite.getOrDefault(path.after(), new int[0]), group);
          if (g[1] == 0) {
            g = made(r, i, null, group);
          }
          return g[1] == 0 ? 0 : (double) g[0] / g[1];
        });
  }

  /** {@code r}'s call time: each source's share for the calls {@code r} made of it, merged. */
  private CallTime duration(OutRsd r) {
    CallTime h = null;
    for (int i = 0; i < r.sources.size(); i++) {
      Rsd s = r.sources.get(i);
      CallTime d = s.duration();
      long[] madeOfAll = made(r, i, null, s.ranks());
      if (madeOfAll[0] != madeOfAll[1] && madeOfAll[1] > 0) {
        double from = givenDuration.getOrDefault(s, 0.0);
        double to = Math.min(1, from + (double) madeOfAll[0] / madeOfAll[1]);
        givenDuration.put(s, to);
        d = d.share(from, to);
      }
      h = h == null ? d : h.merge(d);
    }
    return h;
  }

  /**
   * How many calls of source {@code i} the ranks of {@code group} made in {@code r} on the paths
   * {@code ids} (null: on any path), and how many they made of it so on them in all that was
   * appended.
   */
  private long[] made(OutRsd r, int i, int[] ids, RankList group) {
    Map<Integer, long[]> onPaths = taken.getOrDefault(r.sources.get(i), Map.of());
    long[] all = new long[units.size()];
    if (ids == null) {
      onPaths.values().forEach(c -> add(all, c));
    } else {
      for (int id : ids) {
        add(all, onPaths.get(id));
      }
    }
    long[] out = new long[2];
    group.stream().forEach(q -> {
      int u = q < unitOf.length ? unitOf[q] : -1;
      if (u >= 0) {
        out[1] += all[u];
        int at = Arrays.binarySearch(r.units, u);
        if (at >= 0) {
          if (ids == null) {
            out[0] += r.calls.count(i, at);
          } else {
            for (int id : ids) {
              out[0] += r.calls.count(i, id, at);
            }
          }
        }
      }
    });
    return out;
  }

  private static void add(long[] sum, long[] c) {
    if (c != null) {
      for (int u = 0; u < sum.length; u++) {
        sum[u] += c[u];
      }
    }
  }
}
