package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.PrimitiveIterator;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.VNode;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;

/**
 * Peers that are functions of the rank ({@link PeerFunctions}) at the target, written rank by
 * rank, and the loops they make: a <em>butterfly loop</em> (recursive halving or doubling) runs
 * one trip per mask, its partners {@code r XOR 1, r XOR 2, ..., r XOR span/2} (or from the top),
 * so its trip count is {@code log2 span}; the span (a block of ranks: a row of a 2-D layout) is
 * what is fitted across the counts, as a count, and the trips and masks follow from it. A value
 * that changes with the trip ({@code tag = i}) is {@code a + b*k}, counted from the first trip or
 * from the last, whichever keeps it the same at every count. A transpose is taken in the
 * target's grid, which must then be a layout of rows x cols, cols a multiple of rows.
 */
final class Butterflies {
  private final List<Input> inputs;
  private final Scale.Size target;
  private final ValueFitter values;
  /** By call, field and values: a loop met twice in the template is explained once. */
  private final java.util.Map<String, Explanation> explained = new java.util.LinkedHashMap<>();

  Butterflies(List<Input> inputs, Scale.Size target, ValueFitter values) {
    this.inputs = inputs;
    this.target = target;
    this.values = values;
  }

  List<Explanation> explained() {
    return List.copyOf(explained.values());
  }

  private Input template() {
    return inputs.get(inputs.size() - 1);
  }

  /**
   * Whether {@code l} is a butterfly loop at {@code world} ranks: calls only, one trip count t on
   * every rank, and a peer of its calls that is {@code r XOR} masks of a butterfly of t steps.
   */
  static boolean applies(Loop l, int world) {
    OptionalLong t = trips(l);
    if (t.isEmpty() || l.body().stream().anyMatch(n -> !(n instanceof Rsd))) {
      return false;
    }
    for (Node n : l.body()) {
      Rsd r = (Rsd) n;
      for (Field f : r.op().fields()) {
        if (f.isPeer() && PeerFunctions.explains(r.param(f), world)) {
          Optional<long[]> m = PeerFunctions.xorMasks(r.param(f), world);
          if (m.isPresent() && m.get().length == t.getAsLong()
              && PeerFunctions.span(m.get()).isPresent()) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** The loop's trip count where it is one number on every rank. */
  static OptionalLong trips(Loop l) {
    OptionalLong t = OptionalLong.empty();
    for (ParamEntry e : l.trips().entries()) {
      OptionalLong c = e.values().seq().constant();
      if (c.isEmpty() || t.isPresent() && t.getAsLong() != c.getAsLong()) {
        return OptionalLong.empty();
      }
      t = c;
    }
    return t;
  }

  /**
   * The butterfly loop's trip count at the target, {@code log2} of its span fitted across the
   * counts; every butterfly peer of its calls must span its trips at every count.
   */
  int trips(Loop l, String key, Reg reg) throws ExtrapolationException {
    String where = "loop at " + NodeKeys.label(l.body().get(0));
    List<ValueFitter.Seen> seen = new ArrayList<>();
    long tspan = 0;
    for (int i = 0; i < inputs.size(); i++) {
      Input in = inputs.get(i);
      Node n = in.keys().node(key);
      if (!(n instanceof Loop li)) {
        continue;
      }
      OptionalLong t = trips(li);
      if (t.isEmpty()) {
        throw new ExtrapolationException(where + " is a butterfly (partners r XOR 2^k) at "
            + template().ranks() + " ranks but its trip count differs between ranks or entries"
            + " at " + in.ranks());
      }
      for (Node c : li.body()) {
        Rsd r = (Rsd) c;
        for (Field f : r.op().fields()) {
          Optional<long[]> m = f.isPeer() ? PeerFunctions.xorMasks(r.param(f), in.ranks())
              : Optional.empty();
          if (m.isPresent() && (m.get().length != t.getAsLong()
              || PeerFunctions.span(m.get()).isEmpty())) {
            throw new ExtrapolationException(r.op().mpiName() + " at " + r.site() + " "
                + f.key() + ": partners r XOR " + Arrays.toString(m.get()) + " in a loop of "
                + t.getAsLong() + " trips at " + in.ranks() + " ranks: not a butterfly of one"
                + " partner a trip (docs/extrapolation.md)");
          }
        }
      }
      tspan = 1L << t.getAsLong();
      seen.add(new ValueFitter.Seen(i, ValueSeq.of(tspan)));
    }
    long span = values.fit(where, "butterfly span (2^trips)", FieldKind.COUNT, false, reg,
        new EntryValues.Plain(ValueSeq.of(tspan)), seen).seq().constant().getAsLong();
    if (span < 1 || Long.bitCount(span) != 1) {
      throw new ExtrapolationException(where + ": its butterfly's span fitted to " + span
          + " at " + target.ranks() + " ranks, not a power of 2");
    }
    int trips = Long.numberOfTrailingZeros(span);
    explain(new Explanation(where, "trips", "all", seen.stream()
        .map(s -> inputs.get(s.input()).ranks()).toList(), seen.stream()
        .map(s -> Long.toString(Long.numberOfTrailingZeros(s.seq().constant().getAsLong())))
        .toList(), "log2 span", Integer.toString(trips), "exact"));
    return trips;
  }

  private void explain(Explanation e) {
    explained.putIfAbsent(e.where() + "\0" + e.field() + "\0" + e.values(), e);
  }

  /** The trip count {@code trips} on {@code ranks}. */
  static Param tripsParam(RankList ranks, int trips) {
    return new Param(List.of(new ParamEntry(new EntryValues.Plain(ValueSeq.of(trips)), ranks)));
  }

  /**
   * A peer that is a function of the rank, at the target, rank by rank as offsets; empty where
   * the template's is not one. {@code trips} is the butterfly loop's at the target, or -1 outside
   * one (masks are then fitted one by one, as counts).
   */
  Optional<Param> peers(String key, String where, String field, Param tparam,
      Function<Node, Param> get, RankList ranks, Reg reg, int trips)
      throws ExtrapolationException {
    int tp = template().ranks();
    if (!PeerFunctions.explains(tparam, tp)) {
      return Optional.empty();
    }
    Optional<long[]> tmasks = PeerFunctions.xorMasks(tparam, tp);
    if (tmasks.isEmpty()) {
      Grid g = target.grid();
      for (Input in : inputs) {
        Node n = in.keys().node(key);
        Optional<Grid> l = n == null ? Optional.empty()
            : PeerFunctions.transposeLayout(get.apply(n), in.ranks());
        if (n != null && (l.isEmpty() || !l.get().equals(in.grid()))) {
          throw new ExtrapolationException(where + " " + field + " is the transpose within a "
              + PeerFunctions.transposeLayout(tparam, tp).map(Grid::toString).orElse("?")
              + " layout at " + tp + " ranks but not within the grid " + in.grid() + " at "
              + in.ranks() + " (docs/extrapolation.md)");
        }
      }
      if (!PeerFunctions.transposable(g)) {
        throw new ExtrapolationException(where + " " + field + " is a transpose, which the grid "
            + g + " at " + target.ranks() + " ranks has none of (it needs 2 dimensions, the"
            + " first a multiple of the second)");
      }
      return Optional.of(byRank(ranks,
          r -> relative(new long[] {PeerFunctions.transpose(r, g)}, r)));
    }
    long[] masks = trips >= 0 ? butterflyMasks(tmasks.get(), trips)
        : fittedMasks(key, where, field, tmasks.get(), get, reg);
    return Optional.of(byRank(ranks, r -> {
      long[] peers = new long[masks.length];
      for (int k = 0; k < masks.length; k++) {
        peers[k] = r ^ masks[k];
      }
      return relative(peers, r);
    }));
  }

  /** The butterfly of {@code trips} steps, up or down as the template's. */
  private static long[] butterflyMasks(long[] tmasks, int trips) {
    boolean up = tmasks.length < 2 || tmasks[0] < tmasks[1];
    long[] m = new long[trips];
    for (int k = 0; k < trips; k++) {
      m[k] = 1L << (up ? k : trips - 1 - k);
    }
    return m;
  }

  /** Masks outside a butterfly loop: as many at every count, each fitted as a count. */
  private long[] fittedMasks(String key, String where, String field, long[] tmasks,
      Function<Node, Param> get, Reg reg) throws ExtrapolationException {
    List<ValueFitter.Seen> seen = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      Input in = inputs.get(i);
      Node n = in.keys().node(key);
      if (n == null) {
        continue;
      }
      Optional<long[]> m = PeerFunctions.xorMasks(get.apply(n), in.ranks());
      if (m.isEmpty() || m.get().length != tmasks.length) {
        throw new ExtrapolationException(where + " " + field + " is r XOR "
            + Arrays.toString(tmasks) + " at " + template().ranks() + " ranks but "
            + m.map(x -> "r XOR " + Arrays.toString(x)).orElse("no XOR of the rank") + " at "
            + in.ranks() + " (docs/extrapolation.md)");
      }
      seen.add(new ValueFitter.Seen(i, seq(m.get())));
    }
    return values.fit(where, field + " (XOR mask)", FieldKind.COUNT, false, reg,
        new EntryValues.Plain(seq(tmasks)), seen).seq().nodes().stream()
        .mapToLong(v -> ((VNode.Leaf) v).value()).toArray();
  }

  /**
   * A field of a butterfly loop's call whose value changes with the trip, the same on every
   * rank: {@code a + b*k} at the target's trips, a and b kept from the counts; empty where the
   * template's values do not change with the trip.
   */
  Optional<Param> perTrip(String key, String where, String field, Param tparam,
      Function<Node, Param> get, RankList ranks, int trips, long ttrips)
      throws ExtrapolationException {
    Optional<long[]> tv = oneSeq(tparam);
    if (tv.isEmpty() || tv.get().length != ttrips || ttrips < 2) {
      return Optional.empty();
    }
    List<Integer> counts = new ArrayList<>();
    List<long[]> seen = new ArrayList<>();
    for (Input in : inputs) {
      Node n = in.keys().node(key);
      if (n == null) {
        continue;
      }
      Optional<long[]> v = oneSeq(get.apply(n));
      if (v.isEmpty() || !arithmetic(v.get())) {
        throw new ExtrapolationException(where + " " + field + " changes with the trip of its"
            + " butterfly loop at " + template().ranks() + " ranks (" + Arrays.toString(tv.get())
            + ") but is not one step a trip, alike on every rank, at " + in.ranks());
      }
      counts.add(in.ranks());
      seen.add(v.get());
    }
    Long step = null;
    boolean firstKept = true;
    boolean lastKept = true;
    long[] t = tv.get();
    for (long[] v : seen) {
      if (v.length >= 2) {
        long s = v[1] - v[0];
        if (step != null && step != s) {
          throw new ExtrapolationException(where + " " + field + ": its step a trip differs"
              + " between the counts: " + text(counts, seen));
        }
        step = s;
      }
      firstKept &= v[0] == t[0];
      lastKept &= v[v.length - 1] == t[t.length - 1];
    }
    if (!firstKept && !lastKept) {
      throw new ExtrapolationException(where + " " + field + " changes with the trip, but"
          + " neither its first value nor its last stays the same between the counts: "
          + text(counts, seen) + "; a model of its first value would be needed");
    }
    long[] out = new long[trips];
    for (int k = 0; k < trips; k++) {
      out[k] = firstKept ? t[0] + step * k : t[t.length - 1] - step * (trips - 1 - k);
    }
    explain(new Explanation(where, field, "all", counts, seen.stream()
        .map(Arrays::toString).toList(), (firstKept ? "first " + t[0] : "last "
        + t[t.length - 1]) + ", step " + step + " a trip", Arrays.toString(out), "exact"));
    return Optional.of(new Param(List.of(new ParamEntry(new EntryValues.Plain(seq(out)),
        ranks))));
  }

  private static boolean arithmetic(long[] v) {
    for (int k = 2; k < v.length; k++) {
      if (v[k] - v[k - 1] != v[1] - v[0]) {
        return false;
      }
    }
    return true;
  }

  /** The one cycle every rank of the param holds; empty where ranks differ. */
  private static Optional<long[]> oneSeq(Param p) {
    if (p.entries().size() != 1) {
      return Optional.empty();
    }
    List<Long> v = new ArrayList<>();
    PrimitiveIterator.OfLong it = p.entries().get(0).values().seq().once();
    while (it.hasNext() && v.size() <= 64) {
      v.add(it.nextLong());
    }
    return Optional.of(v.stream().mapToLong(Long::longValue).toArray());
  }

  private static String text(List<Integer> counts, List<long[]> seen) {
    List<String> s = new ArrayList<>();
    for (int i = 0; i < counts.size(); i++) {
      s.add(Arrays.toString(seen.get(i)) + " at " + counts.get(i) + " ranks");
    }
    return s.stream().collect(Collectors.joining(", "));
  }

  private static ValueSeq seq(long[] v) {
    List<VNode> n = new ArrayList<>();
    for (long x : v) {
      n.add(new VNode.Leaf(x));
    }
    return new ValueSeq(n);
  }

  /** {@code ranks}' values, rank by rank, grouped where equal (offsets repeat in patterns). */
  private static Param byRank(RankList ranks, java.util.function.IntFunction<EntryValues> f) {
    int[] rs = ranks.toArray();
    List<EntryValues> vs = new ArrayList<>(rs.length);
    for (int r : rs) {
      vs.add(f.apply(r));
    }
    return Param.grouped(rs, vs);
  }

  private static EntryValues relative(long[] peers, int r) {
    long[] d = new long[peers.length];
    for (int k = 0; k < d.length; k++) {
      d[k] = peers[k] - r;
    }
    return new EntryValues.Relative(seq(d));
  }
}
