package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.PrimitiveIterator;
import java.util.stream.Collectors;
import java.util.function.Function;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
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
    for (Seen s : seen) {
      if (Multipartition.side(s.ranks()) < 0) {
        why.append(s.ranks() + " ranks are not a square q*q, which a multipartition needs");
        return Optional.empty();
      }
    }
    int qt = Multipartition.side(target);
    if (qt < 0) {
      why.append("the target, " + target + " ranks, is not a square q*q");
      return Optional.empty();
    }
    Seen t = seen.get(seen.size() - 1);
    int r0 = firstRank(t);
    if (seen.size() < 3 || r0 < 0) {
      why.append("a multipartition model needs three traced counts");
      return Optional.empty();
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
      for (int sweep = 0; sweep < 3; sweep++) {
        for (boolean fwd : new boolean[] {true, false}) {
          for (int t0 = 0; t0 <= 1; t0++) {
            for (int extra = 0; extra <= 1 - t0; extra++) {
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
          + " or volumes; a + weights * the coordinates of the cell of each stage of a sweep)");
      return Optional.empty();
    }
    long[][] at = found.get(0).values(qt);
    for (CellModel m : found.subList(1, found.size())) {
      if (!Arrays.deepEquals(at, m.values(qt))) {
        why.append(found.get(0).formula() + " and " + m.formula() + " both fit and disagree at"
            + " the target; trace another count to tell them apart");
        return Optional.empty();
      }
    }
    return Optional.of(found.get(0));
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
      java.util.function.LongConsumer sizes, StringBuilder why) {
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
            return Optional.empty();
          }
        }
      }
      seen.add(new Seen(in.ranks(), cycles));
    }
    Optional<CellModel> m = fit(seen, target, why);
    if (m.isEmpty()) {
      why.append(" (" + seen.stream().map(CellValues::describe)
          .collect(Collectors.joining("; at ", "at ", "")) + ")");
      return Optional.empty();
    }
    if (m.get() instanceof CellModel.FaceSum f) {
      sizes.accept(f.n());
    }
    int q = Multipartition.side(target);
    int[] rs = ranks.toArray();
    List<EntryValues> vs = new ArrayList<>(rs.length);
    for (int r : rs) {
      vs.add(new EntryValues.Plain(seq(m.get().of(q, r))));
    }
    explained.add(new Explanation(where, field, "every rank, by its cells",
        seen.stream().map(Seen::ranks).toList(), seen.stream().map(s -> range(s.cycles()))
            .toList(), m.get().formula(), range(m.get().values(q)), "exact"));
    return Optional.of(Param.grouped(rs, vs));
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
}
