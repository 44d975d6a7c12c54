package org.benchgen.compress;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.benchgen.ir.CallTime;
import org.benchgen.ir.ChoiceColumn;
import org.benchgen.ir.ChoiceTable;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;
import org.benchgen.traverse.Step;
import org.benchgen.traverse.TraversalContext;

/**
 * A choice section whose iterations are the world's steps (issue 50, docs/compressed-format.md
 * "Step choices"): where every rank of the run starts each step with the same collective on the
 * world (MPICH's comm/ctxsplit: a split, with color 1 and then a free, or with MPI_UNDEFINED), the
 * k-th such call on each rank is one collective, so the ranks' calls cut there line up step by
 * step. A step's configuration is then what every rank did in it: its path (the call shapes it
 * made) and their values. Where the run has few configurations ({@link ChoiceTable#MAX_CONFIGS}),
 * the section is one loop over the steps whose body holds each shape once, in an order every
 * path keeps, in a guard loop whose trips and values on each rank are columns of one {@link
 * ChoiceTable} (a shape every rank calls every step needs no guard): the world's configuration
 * numbers, packed, and per rank and field a value for each configuration. ctxsplit's 100,000
 * steps at 4 ranks are 4 bits each (13 configurations in the run measured), where the per-call
 * section wrote each rank's guards and communicator numbers as sequences of its own.
 *
 * <p>Not formed (the caller keeps its per-call section) where a rank has calls before its first
 * such collective, the ranks have different numbers of steps, a call shape (a call at a site) is
 * made twice in a step, two paths make two shapes in opposite orders, or there are too many
 * configurations. Values that a column cannot hold (names and lists, which are ids of the trace's
 * symbol table) stay each rank's own sequence.
 */
final class StepChoices {
  /** One call shape: where it is called, and its merged times. */
  record Shape(Op op, String site, List<ComputeStat> compute, CallTime duration) {}

  /** A rank's step: its path's number and its calls' values, flattened. */
  private record Local(int path, long[] values) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Local l && l.path == path && Arrays.equals(l.values, values);
    }

    @Override
    public int hashCode() {
      return path * 31 + Arrays.hashCode(values);
    }
  }

  private final List<Shape> shapes;
  private final Map<String, Integer> shapeOf;
  private final Map<IntsKey, Integer> pathIds = new LinkedHashMap<>();
  private final List<int[]> paths = new ArrayList<>();

  private StepChoices(Map<String, Shape> byKey) {
    this.shapes = List.copyOf(byKey.values());
    this.shapeOf = new HashMap<>();
    for (String k : byKey.keySet()) {
      shapeOf.put(k, shapeOf.size());
    }
  }

  /**
   * The section of {@code run} (a trace whose body is the run) on {@code ranks}, the shapes by
   * key ({@link UnfoldedRuns#key}) in order; empty where it does not form.
   */
  static Optional<Loop> section(CompressedTrace run, int[] ranks, Map<String, Shape> byKey) {
    return new StepChoices(byKey).form(run, ranks);
  }

  /** Whether a call starts a step: a blocking collective that every rank of the world makes. */
  private static boolean starts(Step s) {
    Op op = s.rsd().op();
    return (op.isCollective() || op.kind() == OpKind.COMM_CREATE) && !op.createsRequest()
        && s.syncComm() == 0;
  }

  private Optional<Loop> form(CompressedTrace run, int[] ranks) {
    int steps = -1;
    List<List<Local>> locals = new ArrayList<>();
    List<int[]> localOf = new ArrayList<>();
    for (int r : ranks) {
      Map<Local, Integer> ids = new HashMap<>();
      List<Local> table = new ArrayList<>();
      int[] seq = new int[16];
      int n = 0;
      TraversalContext ctx = new TraversalContext(run, r);
      List<Integer> path = new ArrayList<>();
      List<long[]> values = new ArrayList<>();
      while (ctx.hasNext()) {
        Step s = ctx.next();
        if (starts(s) && !path.isEmpty()) {
          if (n == seq.length) {
            seq = Arrays.copyOf(seq, 2 * n);
          }
          seq[n++] = intern(local(path, values), ids, table);
          path.clear();
          values.clear();
        } else if (path.isEmpty() && !starts(s)) {
          return Optional.empty();
        }
        path.add(shapeOf.get(UnfoldedRuns.key(s.rsd().op(), s.rsd().site())));
        values.add(s.values().clone());
      }
      if (!path.isEmpty()) {
        if (n == seq.length) {
          seq = Arrays.copyOf(seq, n + 1);
        }
        seq[n++] = intern(local(path, values), ids, table);
      }
      if (steps >= 0 && n != steps || n == 0) {
        return Optional.empty();
      }
      steps = n;
      locals.add(table);
      localOf.add(Arrays.copyOf(seq, n));
    }
    return configurations(locals, localOf, steps).flatMap(c -> build(ranks, locals, c));
  }

  private Local local(List<Integer> path, List<long[]> values) {
    int[] p = path.stream().mapToInt(Integer::intValue).toArray();
    int id = pathIds.computeIfAbsent(new IntsKey(p), k -> {
      paths.add(p);
      return paths.size() - 1;
    });
    int size = 0;
    for (long[] v : values) {
      size += v.length;
    }
    long[] flat = new long[size];
    int at = 0;
    for (long[] v : values) {
      System.arraycopy(v, 0, flat, at, v.length);
      at += v.length;
    }
    return new Local(id, flat);
  }

  private static int intern(Local l, Map<Local, Integer> ids, List<Local> table) {
    return ids.computeIfAbsent(l, k -> {
      table.add(k);
      return table.size() - 1;
    });
  }

  /** The world's configurations: per step its number, and per number each rank's local step. */
  private record Configs(int[] seq, int[][] localByRank) {}

  private static Optional<Configs> configurations(List<List<Local>> locals, List<int[]> localOf,
      int steps) {
    int[] cur = new int[steps];
    // Per configuration so far: the local steps of the ranks combined, in rank order.
    List<int[]> members = new ArrayList<>();
    members.add(new int[0]);
    for (int k = 0; k < localOf.size(); k++) {
      int[] mine = localOf.get(k);
      Map<Long, Integer> ids = new HashMap<>();
      List<int[]> next = new ArrayList<>();
      for (int i = 0; i < steps; i++) {
        long key = (long) cur[i] << 32 | mine[i];
        Integer id = ids.get(key);
        if (id == null) {
          if (next.size() == ChoiceTable.MAX_CONFIGS) {
            return Optional.empty();
          }
          int[] m = Arrays.copyOf(members.get(cur[i]), k + 1);
          m[k] = mine[i];
          id = next.size();
          ids.put(key, id);
          next.add(m);
        }
        cur[i] = id;
      }
      members = next;
    }
    int[][] byRank = new int[localOf.size()][members.size()];
    for (int c = 0; c < members.size(); c++) {
      for (int k = 0; k < localOf.size(); k++) {
        byRank[k][c] = members.get(c)[k];
      }
    }
    return Optional.of(new Configs(cur, byRank));
  }

  private Optional<Loop> build(int[] ranks, List<List<Local>> locals, Configs cfg) {
    Optional<int[]> order = order();
    if (order.isEmpty()) {
      return Optional.empty();
    }
    // Per path, where each shape's values start in a step's (-1: the path does not call it).
    int[][] offsets = new int[paths.size()][shapes.size()];
    for (int p = 0; p < paths.size(); p++) {
      Arrays.fill(offsets[p], -1);
      int o = 0;
      for (int s : paths.get(p)) {
        offsets[p][s] = o;
        o += shapes.get(s).op().fields().size();
      }
    }
    int configs = cfg.localByRank()[0].length;
    ChoiceTable table = ChoiceTable.of(1, configs, cfg.seq());
    Columns columns = new Columns(table);
    List<Node> body = new ArrayList<>();
    for (int s : order.get()) {
      List<Integer> on = new ArrayList<>();
      List<EntryValues> trips = new ArrayList<>();
      List<ChoiceColumn> guards = new ArrayList<>();
      boolean always = true;
      for (int k = 0; k < ranks.length; k++) {
        long[] g = new long[configs];
        boolean any = false;
        boolean every = true;
        for (int c = 0; c < configs; c++) {
          g[c] = offsets[locals.get(k).get(cfg.localByRank()[k][c]).path()][s] >= 0 ? 1 : 0;
          any |= g[c] == 1;
          every &= g[c] == 1;
        }
        always &= every;
        if (!any) {
          continue;
        }
        on.add(ranks[k]);
        ChoiceColumn col = every ? null : columns.of(g, null);
        guards.add(col);
        trips.add(new EntryValues.Plain(every ? ValueSeq.of(1) : new ValueSeq(col)));
      }
      int[] onRanks = on.stream().mapToInt(Integer::intValue).toArray();
      Rsd rsd = rsd(s, offsets, onRanks, ranks, locals, cfg, columns, guards);
      // A call every rank makes every step (comm_random_split's split) needs no guard.
      body.add(always ? rsd
          : new Loop(RankList.of(onRanks), Param.grouped(onRanks, trips), List.of(rsd)));
    }
    List<EntryValues> outer = new ArrayList<>();
    for (int r = 0; r < ranks.length; r++) {
      outer.add(new EntryValues.Plain(ValueSeq.of(cfg.seq().length)));
    }
    return Optional.of(new Loop(RankList.of(ranks), Param.grouped(ranks, outer), body));
  }

  /**
   * One order of the shapes in which every path calls its shapes (each path a subsequence of it),
   * the earliest shape first where several may come next; empty where a path calls a shape twice
   * or two paths call two shapes in opposite orders.
   */
  private Optional<int[]> order() {
    int n = shapes.size();
    boolean[] used = new boolean[n];
    List<List<Integer>> after = new ArrayList<>();
    int[] before = new int[n];
    for (int s = 0; s < n; s++) {
      after.add(new ArrayList<>());
    }
    for (int[] p : paths) {
      boolean[] seen = new boolean[n];
      for (int i = 0; i < p.length; i++) {
        if (seen[p[i]]) {
          return Optional.empty();
        }
        seen[p[i]] = true;
        used[p[i]] = true;
        if (i > 0) {
          after.get(p[i - 1]).add(p[i]);
          before[p[i]]++;
        }
      }
    }
    List<Integer> out = new ArrayList<>();
    boolean[] done = new boolean[n];
    while (true) {
      int next = -1;
      for (int s = 0; s < n && next < 0; s++) {
        if (used[s] && !done[s] && before[s] == 0) {
          next = s;
        }
      }
      if (next < 0) {
        break;
      }
      done[next] = true;
      out.add(next);
      for (int t : after.get(next)) {
        before[t]--;
      }
    }
    for (int s = 0; s < n; s++) {
      if (used[s] && !done[s]) {
        return Optional.empty();
      }
    }
    return Optional.of(out.stream().mapToInt(Integer::intValue).toArray());
  }

  /**
   * The RSD of shape {@code s} on {@code onRanks}, {@code guards} the guard column of each of
   * them (null: every step).
   */
  private Rsd rsd(int s, int[][] offsets, int[] onRanks, int[] ranks, List<List<Local>> locals,
      Configs cfg, Columns columns, List<ChoiceColumn> guards) {
    Shape shape = shapes.get(s);
    List<Field> fields = shape.op().fields();
    List<Param> params = new ArrayList<>();
    for (int f = 0; f < fields.size(); f++) {
      List<Integer> has = new ArrayList<>();
      List<EntryValues> vals = new ArrayList<>();
      for (int j = 0; j < onRanks.length; j++) {
        int k = Arrays.binarySearch(ranks, onRanks[j]);
        Optional<ValueSeq> seq = values(locals.get(k), cfg, k, s, offsets, f, fields.get(f),
            guards.get(j), columns);
        if (seq.isPresent()) {
          has.add(onRanks[j]);
          vals.add(fields.get(f).isPeer() ? new EntryValues.Absolute(seq.get())
              : new EntryValues.Plain(seq.get()));
        }
      }
      params.add(has.isEmpty() ? Param.none()
          : Param.grouped(has.stream().mapToInt(Integer::intValue).toArray(), vals));
    }
    return new Rsd(shape.op(), shape.site(), RankList.of(onRanks), params, shape.compute(),
        shape.duration());
  }

  /**
   * Rank {@code k}'s values of field {@code f} of its calls of shape {@code s}: a constant, a
   * column of the table, or (names, lists) its own sequence; empty where absent.
   */
  private Optional<ValueSeq> values(List<Local> mine, Configs cfg, int k, int s,
      int[][] offsets, int f, Field field, ChoiceColumn guard, Columns columns) {
    int configs = cfg.localByRank()[k].length;
    long[] v = new long[configs];
    boolean[] read = new boolean[configs];
    boolean present = false;
    boolean plain = field.kind() != FieldKind.NAME && !field.kind().isList();
    long only = 0;
    boolean constant = true;
    boolean any = false;
    for (int c = 0; c < configs; c++) {
      Local l = mine.get(cfg.localByRank()[k][c]);
      int at = offsets[l.path()][s];
      if (at < 0) {
        continue;
      }
      long x = l.values()[at + f];
      read[c] = true;
      v[c] = x;
      present |= x != Sym.ABSENT.code();
      constant &= !any || x == only;
      only = any ? only : x;
      any = true;
    }
    if (!present) {
      return Optional.empty();
    }
    if (constant) {
      return Optional.of(ValueSeq.of(only));
    }
    if (plain) {
      return Optional.of(new ValueSeq(columns.of(v, guard)));
    }
    ValueSeqBuilder b = new ValueSeqBuilder();
    int[] seq = cfg.seq();
    for (int i = 0; i < seq.length; i++) {
      if (read[seq[i]]) {
        b.push(v[seq[i]]);
      }
    }
    return Optional.of(b.build());
  }

  /** The table's columns, one for each distinct content. */
  private static final class Columns {
    private final ChoiceTable table;
    private final Map<List<Long>, ChoiceColumn> made = new HashMap<>();

    Columns(ChoiceTable table) {
      this.table = table;
    }

    ChoiceColumn of(long[] values, ChoiceColumn when) {
      List<Long> key = new ArrayList<>();
      for (long x : values) {
        key.add(x);
      }
      key.add(when == null ? 0L : (long) when.index());
      return made.computeIfAbsent(key, x -> table.addColumn(values,
          when == null ? 0 : when.index()));
    }
  }
}
