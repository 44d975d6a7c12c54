package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.PrimitiveIterator;
import java.util.stream.Collectors;
import java.util.function.Function;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.ir.VNode;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Sym;

/**
 * Fits a parameter whose values differ from rank to rank by the cells each rank owns in a
 * {@link Multipartition} ({@link CellModel}): every traced count must be q*q ranks, and the
 * model must give every rank's values at every count exactly; where several fit, they must
 * agree on every rank at the target. Tried only where a parameter is not alike over the regions
 * of the grid, or follows no count model there ({@code TraceBuilder}).
 */
final class CellValues {
  /** One traced count: its ranks and each rank's cycle of values (null where it has none). */
  record Seen(int ranks, long[][] cycles) {}

  private CellValues() {}

  /** One cycle of {@code seq}'s values, or null where a value is a symbol. */
  static long[] cycle(ValueSeq seq) {
    long len = seq.length();
    if (len > 1 << 20) {
      return null;
    }
    long[] out = new long[(int) len];
    PrimitiveIterator.OfLong it = seq.once();
    for (int i = 0; i < out.length && it.hasNext(); i++) {
      out[i] = it.nextLong();
      if (Sym.isSymbol(out[i])) {
        return null;
      }
    }
    return out;
  }

  /** {@code values} as a sequence: one value where they are all the same. */
  static ValueSeq seq(long[] values) {
    if (Arrays.stream(values).allMatch(v -> v == values[0])) {
      return ValueSeq.of(values[0]);
    }
    List<VNode> nodes = new ArrayList<>(values.length);
    for (long v : values) {
      nodes.add(new VNode.Leaf(v));
    }
    return new ValueSeq(nodes);
  }

  /**
   * The model that gives every traced rank's values and its values at {@code target} ranks;
   * empty with the reason in {@code why} where none fits or those that fit disagree there.
   */
  static Optional<CellModel> fit(List<Seen> seen, int target, StringBuilder why) {
    int qt = Multipartition.side(target);
    if (qt < 0) {
      why.append("the target, " + target + " ranks, is not a square q*q");
      return Optional.empty();
    }
    return choose(candidates(seen, why), target, new Knowledge(), why);
  }

  /**
   * What a trace's multipartition fits say of the program as a whole: one global size and one
   * diagonal for all its parameters. Where the models of one parameter disagree at the target
   * (a split of 36 over 5 does not show which way the diagonal runs), those that take a size
   * found alone by another parameter, and a diagonal every parameter's models allow, are taken. Also keeps each parameter's
   * models, so that they are fitted once for every count built.
   */
  static final class Knowledge {
    final java.util.Set<Multipartition> owns = new java.util.HashSet<>();
    final java.util.Set<Long> sizes = new java.util.HashSet<>();
    final java.util.Map<String, List<CellModel>> models = new java.util.HashMap<>();
    final java.util.Map<String, String> reasons = new java.util.HashMap<>();

    /** Learns what all of {@code found} agree on. */
    void learn(List<CellModel> found) {
      if (found.isEmpty()) {
        return;
      }
      // One diagonal for the program: those every parameter's models allow (where they allow
      // none in common, a parameter's fit was not of this kind, and is not heeded).
      java.util.Set<Multipartition> mine = new java.util.HashSet<>();
      found.forEach(m -> mine.add(m.own()));
      if (owns.isEmpty()) {
        owns.addAll(mine);
      } else if (owns.stream().anyMatch(mine::contains)) {
        owns.retainAll(mine);
      }
      if (found.stream().map(CellModel::globalSize).distinct().count() == 1
          && found.get(0).globalSize() > 0) {
        sizes.add(found.get(0).globalSize());
      }
    }
  }

  /**
   * The one of {@code found} to take at {@code target} ranks: all must agree there, or those of
   * the diagonal and size {@code k} knows; empty with the reason in {@code why} otherwise.
   */
  static Optional<CellModel> choose(List<CellModel> found, int target, Knowledge k,
      StringBuilder why) {
    int qt = Multipartition.side(target);
    if (found.isEmpty() || qt < 0) {
      if (qt < 0 && why.length() == 0) {
        why.append("the target, " + target + " ranks, is not a square q*q");
      }
      return Optional.empty();
    }
    List<CellModel> pick = found;
    if (disagree(pick, qt)) {
      List<CellModel> own = pick.stream().filter(m -> k.owns.contains(m.own())).toList();
      pick = own.isEmpty() ? pick : own;
      List<CellModel> sized = pick.stream().filter(m -> m.globalSize() < 0
          || k.sizes.contains(m.globalSize())).toList();
      pick = sized.isEmpty() ? pick : sized;
    }
    if (disagree(pick, qt)) {
      long[][] at = pick.get(0).values(qt);
      CellModel o = pick.stream().filter(m -> !Arrays.deepEquals(at, m.values(qt))).findFirst()
          .orElseThrow();
      why.append(pick.get(0).formula() + " and " + o.formula() + " both fit and disagree at"
          + " the target; trace another count to tell them apart");
      return Optional.empty();
    }
    return Optional.of(pick.get(0));
  }

  private static boolean disagree(List<CellModel> ms, int qt) {
    long[][] at = ms.get(0).values(qt);
    return ms.stream().skip(1).anyMatch(m -> !Arrays.deepEquals(at, m.values(qt)));
  }

  /** Every model that gives every traced rank's values; empty with the reason in {@code why}. */
  static List<CellModel> candidates(List<Seen> seen, StringBuilder why) {
    for (Seen s : seen) {
      if (Multipartition.side(s.ranks()) < 0) {
        why.append(s.ranks() + " ranks are not a square q*q, which a multipartition needs");
        return List.of();
      }
    }
    Seen t = seen.get(seen.size() - 1);
    int r0 = firstRank(t);
    if (seen.size() < 3 || r0 < 0) {
      why.append("a multipartition model needs three traced counts");
      return List.of();
    }
    List<CellModel> found = new ArrayList<>();
    long v0 = t.cycles()[r0][0];
    int q = Multipartition.side(t.ranks());
    for (Multipartition own : Multipartition.variants()) {
      if (Arrays.stream(t.cycles()).allMatch(c -> c == null || c.length == 1)) {
        long max = Arrays.stream(t.cycles()).filter(c -> c != null).mapToLong(c -> c[0]).max()
            .orElse(0);
        long nmax = (long) q * ((long) Math.sqrt((double) max) + 2);
        for (int dim = 0; dim <= 3; dim++) {
          for (int skip = 0; skip <= (dim == 3 ? 0 : 2); skip++) {
            for (long n = q; n <= nmax; n++) {
              long u = CellModel.FaceSum.unit(own, n, q, r0, dim, skip);
              if (u > 0 && v0 % u == 0 && v0 / u >= 1) {
                CellModel m = new CellModel.FaceSum(own, n, v0 / u, dim, skip);
                if (gives(m, seen)) {
                  found.add(m);
                }
              }
            }
          }
        }
      }
      long vmax = Arrays.stream(t.cycles()).filter(c -> c != null).flatMapToLong(Arrays::stream)
          .max().orElse(0);
      long nmax = (long) q * ((long) Math.sqrt((double) Math.abs(vmax)) + 4);
      for (int sweep = 0; sweep < 3; sweep++) {
        for (boolean fwd : new boolean[] {true, false}) {
          for (int t0 = 0; t0 <= 1; t0++) {
            for (int extra = 0; extra <= 1 - t0; extra++) {
              for (int trim = 0; trim <= 1; trim++) {
                for (long n = q; n <= nmax; n++) {
                  CellModel.StageFace probe = new CellModel.StageFace(own, n, 1, sweep, fwd, t0,
                      extra, trim);
                  long u = probe.unit(q, r0, 0);
                  if (u > 0 && v0 % u == 0 && v0 / u >= 1) {
                    CellModel m = new CellModel.StageFace(own, n, v0 / u, sweep, fwd, t0, extra,
                        trim);
                    if (gives(m, seen)) {
                      found.add(m);
                    }
                  }
                }
              }
              for (int code = 0; code < 27; code++) {
                int[] w = {code % 3, code / 3 % 3, code / 9};
                CellModel probe = new CellModel.StageLinear(own, 0, sweep, fwd, t0, extra, w);
                long a = v0 - probe.of(q, r0)[0];
                CellModel m = new CellModel.StageLinear(own, a, sweep, fwd, t0, extra, w);
                if (gives(m, seen)) {
                  found.add(m);
                }
              }
            }
          }
        }
      }
    }
    if (found.isEmpty()) {
      why.append("no multipartition model fits (a * a sum over the rank's cells of their faces"
          + " or volumes; per stage of a sweep, a + weights * the coordinates of its cell, or a"
          + " times its cell's face, trimmed at the boundary or not)");
    }
    return found;
  }

  private static int firstRank(Seen s) {
    for (int r = 0; r < s.cycles().length; r++) {
      if (s.cycles()[r] != null && s.cycles()[r].length > 0) {
        return r;
      }
    }
    return -1;
  }

  /** Whether {@code m} gives every traced rank's cycle (read cyclically, as a trace does). */
  static boolean gives(CellModel m, List<Seen> seen) {
    for (int i = seen.size() - 1; i >= 0; i--) {
      Seen s = seen.get(i);
      int q = Multipartition.side(s.ranks());
      for (int r = 0; r < s.cycles().length; r++) {
        long[] c = s.cycles()[r];
        if (c == null) {
          continue;
        }
        long[] v = m.of(q, r);
        if (c.length == 0 || v.length % c.length != 0) {
          return false;
        }
        for (int k = 0; k < v.length; k++) {
          if (v[k] != c[k % c.length]) {
            return false;
          }
        }
      }
    }
    return true;
  }

  /** Values for a message: the distinct cycles at a count, cut. */
  static String describe(Seen s) {
    String all = Arrays.stream(s.cycles()).filter(c -> c != null)
        .map(c -> Arrays.stream(c).mapToObj(Long::toString).collect(Collectors.joining(",")))
        .distinct().collect(Collectors.joining("; "));
    return s.ranks() + " ranks: " + (all.length() > 120 ? all.substring(0, 120) + "..." : all);
  }

  /**
   * The param of node {@code key} ({@code get} reads it from a node) at {@code target} ranks,
   * for {@code ranks}, each rank's values from its cells; empty, with the reason in {@code why},
   * where no model fits. What was fitted is added to {@code explained}.
   */
  static Optional<Param> param(List<Input> inputs, String key, Function<Node, Param> get,
      RankList ranks, int target, String where, String field, List<Explanation> explained,
      Knowledge k, StringBuilder why) {
    List<Seen> seen = seen(inputs, key, get, why);
    if (seen.isEmpty()) {
      return Optional.empty();
    }
    String memo = key + "\0" + field;
    if (!k.models.containsKey(memo)) {
      StringBuilder w = new StringBuilder();
      k.models.put(memo, candidates(seen, w));
      k.reasons.put(memo, w.toString());
    }
    why.append(k.reasons.get(memo));
    Optional<CellModel> m = choose(k.models.get(memo), target, k, why);
    if (m.isEmpty()) {
      why.append(" (" + seen.stream().map(CellValues::describe)
          .collect(Collectors.joining("; at ", "at ", "")) + ")");
      return Optional.empty();
    }
    int q = Multipartition.side(target);
    int[] rs = ranks.toArray();
    List<EntryValues> vs = new ArrayList<>(rs.length);
    for (int r : rs) {
      vs.add(new EntryValues.Plain(seq(m.get().of(q, r))));
    }
    Explanation e = new Explanation(where, field, "every rank, by its cells",
        seen.stream().map(Seen::ranks).toList(), seen.stream().map(s -> range(s.cycles()))
            .toList(), m.get().formula(), range(m.get().values(q)), "exact");
    if (!explained.contains(e)) { // a call site in two places of the tree, fitted alike
      explained.add(e);
    }
    return Optional.of(Param.grouped(rs, vs));
  }

  /** Learns, before the trace is built, what this parameter's models say ({@link Knowledge}). */
  static void learn(List<Input> inputs, String key, Function<Node, Param> get, String field,
      Knowledge k) {
    String memo = key + "\0" + field;
    if (!k.models.containsKey(memo)) {
      StringBuilder w = new StringBuilder();
      List<Seen> seen = seen(inputs, key, get, w);
      k.models.put(memo, seen.isEmpty() ? List.of() : candidates(seen, w));
      k.reasons.put(memo, w.toString());
      k.learn(k.models.get(memo));
    }
  }

  /** Each input's values of the param, rank by rank; empty where some are not numbers. */
  private static List<Seen> seen(List<Input> inputs, String key, Function<Node, Param> get,
      StringBuilder why) {
    List<Seen> seen = new ArrayList<>();
    for (Input in : inputs) {
      Node n = in.keys().node(key);
      if (n == null) {
        continue;
      }
      Param p = get.apply(n);
      long[][] cycles = new long[in.ranks()][];
      for (int r = 0; r < in.ranks(); r++) {
        Optional<ParamEntry> e = n.ranks().contains(r) ? p.entryFor(r) : Optional.empty();
        if (e.isPresent()) {
          cycles[r] = cycle(e.get().values().seq());
          if (cycles[r] == null) {
            why.append("its values are not all numbers");
            return List.of();
          }
        }
      }
      seen.add(new Seen(in.ranks(), cycles));
    }
    return seen;
  }

  /** The least and greatest value over ranks, for --explain. */
  private static String range(long[][] cycles) {
    long lo = Long.MAX_VALUE;
    long hi = Long.MIN_VALUE;
    for (long[] c : cycles) {
      for (long v : c == null ? new long[0] : c) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    }
    return lo == hi ? Long.toString(lo) : lo + ".." + hi;
  }

  /** Whether a field of this kind is a number a multipartition model may give. */
  static boolean numeric(FieldKind k) {
    return k == FieldKind.COUNT || k == FieldKind.BYTES || k == FieldKind.TAG
        || k == FieldKind.INT;
  }

  /** Whether every rank of each of {@code g}'s regions holds its first rank's values. */
  static boolean alike(Grid g, Param p) {
    for (Grid.Region r : g.regions()) {
      Optional<ParamEntry> first = p.entryFor(r.first());
      for (int rank : r.ranks()) {
        Optional<ParamEntry> e = p.entryFor(rank);
        if (e.isPresent() != first.isPresent() || e.isPresent() && e.get() != first.get()
            && !e.get().values().equals(first.get().values())) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Fits, before anything is built, the parameters of the template's nodes {@code tnodes} that
   * are not alike over its regions, so that what one of them shows alone (the global size, the
   * diagonal) can decide between the models of another ({@link Knowledge}).
   */
  static void learnAll(List<Input> inputs, List<Node> tnodes, Knowledge k) {
    Input template = inputs.get(inputs.size() - 1);
    for (Node n : tnodes) {
      if (n instanceof Loop l) {
        learnAll(inputs, l.body(), k);
        continue;
      }
      Rsd r = (Rsd) n;
      String key = template.keys().key(n);
      for (int i = 0; i < r.op().fields().size(); i++) {
        Field f = r.op().fields().get(i);
        int slot = i;
        if (!f.isPeer() && numeric(f.kind()) && !alike(template.grid(), r.params().get(i))) {
          learn(inputs, key, x -> ((Rsd) x).params().get(slot), f.key(), k);
        }
      }
    }
  }
}
