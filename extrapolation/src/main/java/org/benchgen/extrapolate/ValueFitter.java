package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.VNode;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Sym;

/**
 * The values of one parameter entry at the target count, number by number: a count, tag, root or
 * absolute peer fitted to its values at the traced counts ({@link CountModel}); a relative peer
 * carried over as a step through the grid (one row up stays one row up, however long the rows);
 * a name or list, which must be the same at every count. Keeps what changed for
 * {@code --explain}.
 */
final class ValueFitter {
  /** One parameter entry's values at one traced count: the input's index and its sequence. */
  record Seen(int input, ValueSeq seq) {}

  private final List<Input> inputs;
  private final Scale.Size target;
  private final List<Scale> scales;
  private final Map<String, Explanation> explained = new LinkedHashMap<>();
  /** Per input, its communicator ids to the template's, and back (see {@link #same}). */
  private final Map<Integer, Map<Long, Long>> comms = new HashMap<>();
  private final Map<Integer, Map<Long, Long>> commsBack = new HashMap<>();
  /** Global sizes found by exact fit ({@link CellValues}): they decide between share models. */
  private final java.util.Set<Long> sizes = new java.util.HashSet<>();
  private final Map<String, Optional<ShareModel>> shares = new HashMap<>();
  private final Map<String, String> shareWhy = new HashMap<>();
  private final SplitFitter splits;

  ValueFitter(List<Input> inputs, Scale.Size target) {
    this.inputs = inputs;
    this.target = target;
    List<Scale> s = new ArrayList<>(List.of(Scale.P, Scale.P2, Scale.LOG2_P, Scale.SQRT_P,
        Scale.CBRT_P));
    for (int i = 0; i < target.grid().dims().length && target.grid().dims().length > 1; i++) {
      s.add(Scale.dim(i));
    }
    this.scales = s;
    this.splits = new SplitFitter(inputs);
  }

  /** The block splits of the traces, for the classes of ranks by side. */
  SplitFitter splits() {
    return splits;
  }

  /** A global size of the program, found by exact fit of a parameter. */
  void knownSize(long n) {
    sizes.add(n);
  }

  List<Explanation> explained() {
    return List.copyOf(explained.values());
  }

  private Input template() {
    return inputs.get(inputs.size() - 1);
  }

  /**
   * The template's entry {@code tv} at the target, for region {@code reg}; {@code seen} the same
   * entry at the other counts (the template's own last), already absolute where {@code tv} is.
   */
  EntryValues fit(String where, String field, FieldKind kind, boolean peer, Reg reg,
      EntryValues tv, List<Seen> seen) throws ExtrapolationException {
    return fit(where, field, kind, peer, reg, tv, seen, Optional.empty());
  }

  /**
   * {@link #fit}, where the entry's values on every rank of every trace can be read from
   * {@code src}: a count no model of P or of the grid's sides gives, or one a region saw at one
   * count only, may then follow a block split ({@link BlockSplit}).
   */
  EntryValues fit(String where, String field, FieldKind kind, boolean peer, Reg reg,
      EntryValues tv, List<Seen> seen, Optional<SplitFitter.Source> src)
      throws ExtrapolationException {
    // A lone rank's peers are undecided in memory and absolute once written (the writer's
    // choice): taken as absolute here, a trace extrapolates the same from its file or directory.
    boolean relative = peer && tv instanceof EntryValues.Relative;
    ValueSeq tseq = relative ? relativeOf(tv) : tv.seq();
    SeqShape ts = SeqShape.of(tseq, !relative);
    List<SeqShape> shapes = new ArrayList<>();
    List<Seen> kept = new ArrayList<>();
    for (Seen s : seen) {
      SeqShape sh = SeqShape.of(s.seq(), !relative);
      if (relative && !sh.shape().equals(ts.shape()) && hasShortSide(s.input())) {
        // Peers come from the template: a smaller grid's side of 2 makes both neighbours one
        // rank (+1 and -1 alike), which folds the pattern into another shape.
        continue;
      }
      if (!sh.shape().equals(ts.shape())) {
        throw new ExtrapolationException(where + " " + field + ": the pattern of its values"
            + " changes with the rank count (ranks " + reg.region().describe() + "): "
            + seenText(seen) + (relative ? " (peers as offsets from the rank)" : "") + "; a pattern that depends on the data or on the rank count in"
            + " ways benchgen does not model (docs/extrapolation.md)");
      }
      shapes.add(sh);
      kept.add(s);
    }
    seen = kept;
    long[] out = new long[ts.numbers().length];
    for (int j = 0; j < out.length; j++) {
      long tval = ts.numbers()[j];
      if (ts.isTimes()[j] || (!relative && numeric(kind) && !Sym.isSymbol(tval))) {
        out[j] = number(where, field, reg, seen, shapes, j,
            peer ? Optional.empty() : src.map(x -> new Split(x, ts.shape())));
        if (ts.isTimes()[j] && out[j] < 1) {
          throw new ExtrapolationException(where + " " + field + ": a repetition count fitted"
              + " to " + out[j] + " at " + target.ranks() + " ranks (" + seenText(seen) + ")");
        }
      } else if (relative && !Sym.isSymbol(tval)) {
        out[j] = PeerMap.map(tval, reg.template(), template().grid(), reg.rep(), target.grid());
      } else if (gridSides(where, field, reg, kind, tval, seen, shapes, j)) {
        out[j] = template().trace().symbols().list(CartesianSides.mpiOrder(target.grid(),
            template().trace().symbols().list(tval).length).orElseThrow());
      } else {
        for (int i = 0; i < seen.size(); i++) {
          if (!same(kind, tval, shapes.get(i).numbers()[j], seen.get(i).input())) {
            throw new ExtrapolationException(where + " " + field + " differs between rank counts"
                + " where it may not (ranks " + reg.region().describe() + "): " + seenText(seen));
          }
        }
        out[j] = tval;
      }
    }
    ValueSeq res = ts.rebuild(out);
    return relative ? new EntryValues.Relative(res)
        : peer ? new EntryValues.Absolute(res)
        : new EntryValues.Plain(res);
  }

  /**
   * Whether value {@code j}, a list, is the grid's sides at every traced count (MPI_Cart_create's
   * {@code dims}; {@link CartesianSides}), and so the target grid's sides at the target.
   */
  private boolean gridSides(String where, String field, Reg reg, FieldKind kind, long tval,
      List<Seen> seen, List<SeqShape> shapes, int j) {
    if (kind != FieldKind.LIST || Sym.isSymbol(tval)) {
      return false;
    }
    long[] t = template().trace().symbols().list(tval);
    if (!CartesianSides.isSidesOf(t, template().grid())
        || CartesianSides.mpiOrder(target.grid(), t.length).isEmpty()) {
      return false;
    }
    List<String> values = new ArrayList<>();
    for (int i = 0; i < seen.size(); i++) {
      long v = shapes.get(i).numbers()[j];
      Input in = inputs.get(seen.get(i).input());
      if (Sym.isSymbol(v) || !CartesianSides.isSidesOf(in.trace().symbols().list(v),
          in.grid())) {
        return false;
      }
      values.add(Arrays.toString(in.trace().symbols().list(v)));
    }
    explained.putIfAbsent(where + "\0" + field + "\0sides", new Explanation(where, field,
        reg.region().describe(), seen.stream().map(x -> inputs.get(x.input()).ranks()).toList(),
        values, "the grid's sides",
        Arrays.toString(CartesianSides.mpiOrder(target.grid(), t.length).orElseThrow()),
        "exact"));
    return true;
  }

  /** Whether input {@code i}'s grid has a side of 2 or less where the template's is longer. */
  private boolean hasShortSide(int i) {
    int[] d = inputs.get(i).grid().dims();
    int[] t = template().grid().dims();
    for (int k = 0; k < d.length; k++) {
      if (d[k] <= 2 && t[k] > 2) {
        return true;
      }
    }
    return false;
  }

  static ValueSeq relativeOf(EntryValues v) {
    return v instanceof EntryValues.Undecided u ? u.relative() : v.seq();
  }

  /** Where to read a number's values on every traced rank: its param and its values' shape. */
  private record Split(SplitFitter.Source src, String shape) {}

  private long number(String where, String field, Reg reg, List<Seen> seen,
      List<SeqShape> shapes, int j, Optional<Split> split) throws ExtrapolationException {
    List<CountModel.Point> pts = new ArrayList<>();
    for (int i = 0; i < seen.size(); i++) {
      long v = shapes.get(i).numbers()[j];
      if (Sym.isSymbol(v)) {
        throw new ExtrapolationException(where + " " + field + " is a symbol at some rank counts"
            + " and a number at others (ranks " + reg.region().describe() + "): "
            + seenText(seen));
      }
      pts.add(new CountModel.Point(inputs.get(seen.get(i).input()).size(), v));
    }
    StringBuilder why = new StringBuilder();
    Optional<CountModel> m = CountModel.fit(pts, scales, target, why);
    OptionalLong bySplit = OptionalLong.empty();
    if (split.isPresent()) {
      // A region's values alike at its counts (or seen at one) may still follow a split its
      // counts did not show: the inside at 2 and 4 parts, 8 at the target.
      bySplit = blockSplit(where, field, reg, pts, split.get(), j, m, why);
    }
    if (bySplit.isPresent()) {
      return bySplit.getAsLong();
    }
    Optional<ShareModel> share = Optional.empty();
    if (m.isEmpty() && why.indexOf("no model fits") == 0) {
      String memo = field + "\0" + pointsText(pts); // regions often share their values
      if (!shares.containsKey(memo)) {
        StringBuilder w = new StringBuilder();
        shares.put(memo, ShareModel.fit(pts, scales, target, sizes, w)); // a padded block of n
        shareWhy.put(memo, w.toString());
      }
      share = shares.get(memo);
      why.append(shareWhy.get(memo));
    }
    String what = where + " " + field + " (ranks " + reg.region().describe() + "): "
        + pointsText(pts);
    // A product of the local block's sides decides where no model fits, and is refused where it
    // fits too and disagrees at the target (BlockCount); not where count models fit and disagree.
    boolean noneFits = m.isEmpty() && share.isEmpty() && why.toString().startsWith("no ");
    Optional<BlockCount> block = m.isPresent() || noneFits
        ? BlockCount.decide(pts, m, target, what) : Optional.empty();
    if (m.isEmpty() && share.isEmpty() && block.isEmpty()) {
      throw new ExtrapolationException(what + ": " + why);
    }
    long v = block.isPresent() ? block.get().at(target.grid())
        : m.isPresent() ? Math.round(m.get().at(target)) : share.get().at(target);
    String formula = block.isPresent() ? block.get().formula()
        : m.isPresent() ? m.get().formula() : share.get().formula();
    if (block.isPresent() || m.isEmpty() || !m.get().isConstant()) {
      explain(where, field, reg, pts, formula, v, "exact");
    }
    return v;
  }

  /**
   * Keeps a fitted number for {@code --explain}: one line for every region whose points gave
   * the same model, their names joined (up to about 60 characters).
   */
  private void explain(String where, String field, Reg reg, List<CountModel.Point> pts,
      String model, long v, String error) {
    String key = where + "\0" + field + "\0" + model + "\0" + pointsText(pts);
    Explanation old = explained.get(key);
    String mine = reg.region().describe();
    String ranks = old == null ? mine
        : List.of(old.ranks().split("; ")).contains(mine) || old.ranks().length() > 60
            ? old.ranks() : old.ranks() + "; " + mine;
    explained.put(key, new Explanation(where, field, ranks,
        pts.stream().map(p -> p.size().ranks()).toList(),
        pts.stream().map(p -> Long.toString(p.value())).toList(), model, Long.toString(v),
        error));
  }

  /**
   * The value of a block split at the target's region, explained; empty where no split gives
   * the values of every traced rank, or where the sizes that fit disagree and the region has a
   * model of its own ({@code why} null). Where a split fits but cannot give the region's value
   * otherwise (its ranks hold two sides), refused: the region's own model would be a guess the
   * split contradicts. {@code why} takes the reason no split fits, where the region has no
   * model. Where the region's model disagrees with the split, the split is taken (it gives every
   * rank of every count; the region's model, its standing ranks: {@code ceil(11/k)} is
   * {@code 12/k} at 2 and 4 ranks, not at 8) and {@code --explain} says so.
   */
  private OptionalLong blockSplit(String where, String field, Reg reg,
      List<CountModel.Point> pts, Split split, int j, Optional<CountModel> own,
      StringBuilder whyNone) throws ExtrapolationException {
    StringBuilder why = own.isEmpty() ? whyNone : null;
    List<BlockSplit> fits = splits.fits(split.src(), split.shape(), j);
    if (fits.isEmpty()) {
      Optional<String> blind = splits.blind(split.src(), split.shape(), j, target.grid());
      if (blind.isPresent()) {
        throw new ExtrapolationException(where + " " + field + " (ranks "
            + reg.region().describe() + "): " + pointsText(pts) + ": " + blind.get());
      }
    }
    StringBuilder whyNot = new StringBuilder();
    OptionalLong v = BlockSplit.valueAt(fits, target.grid(), reg.region().box(), whyNot);
    if (v.isEmpty()) {
      if (!fits.isEmpty() && (why != null
          || !BlockSplit.ambiguous(fits, target.grid(), reg.region().box()))) {
        throw new ExtrapolationException(where + " " + field + " (ranks "
            + reg.region().describe() + "): " + pointsText(pts) + ": follows a block split of "
            + BlockSplit.sizes(fits) + " over " + BlockSplit.name(fits.get(0).dim()) + " on every"
            + " traced rank, but at " + target.ranks() + " ranks (" + target.grid() + ") "
            + whyNot);
      }
      if (why != null) {
        why.append("; nor does a block split (").append(whyNot).append(')');
      }
      return v;
    }
    BlockSplit f = fits.get(0);
    List<Grid.Place> at = BlockSplit.places(target.grid(),
        target.grid().coords(reg.region().first()));
    String model = f.formula(at) + (fits.size() > 1 ? " (n = " + BlockSplit.sizes(fits)
        + " alike here)" : "") + " at " + BlockSplit.name(f.dim()) + " = "
        + target.grid().dims()[f.dim()];
    if (own.isPresent() && !own.get().isConstant()
        && Math.round(own.get().at(target)) != v.getAsLong()) {
      model += "; not " + own.get().formula() + " = " + Math.round(own.get().at(target))
          + ", which fits these ranks only";
    }
    explain(where, field, reg, pts, model, v.getAsLong(), "exact on every traced rank");
    return v;
  }

  private static boolean numeric(FieldKind k) {
    return switch (k) {
      case INT, OFFSET, PEER, ROOT, TAG, COUNT, BYTES, REQ, COLOR -> true;
      default -> false;
    };
  }

  /**
   * Whether a name, list or communicator of the template means the same as one of input
   * {@code input}: names and lists by their text (each trace has its own symbol table);
   * communicators by the first pairing seen, kept one to one, as each trace numbers its
   * communicators in its own order (the tracer's ids are hashes).
   */
  private boolean same(FieldKind k, long a, long b, int input) {
    Input ia = template();
    Input ib = inputs.get(input);
    if (Sym.isSymbol(a) || Sym.isSymbol(b)) {
      return a == b;
    }
    return switch (k) {
      case NAME -> ia.trace().symbols().name(a).equals(ib.trace().symbols().name(b));
      case LIST, COUNTS, REQS -> Arrays.equals(ia.trace().symbols().list(a),
          ib.trace().symbols().list(b));
      case COMM, NEWCOMM, PEERCOMM -> {
        if (a == 0 || b == 0 || input == inputs.size() - 1) {
          yield a == b;
        }
        Map<Long, Long> to = comms.computeIfAbsent(input, x -> new HashMap<>());
        Map<Long, Long> from = commsBack.computeIfAbsent(input, x -> new HashMap<>());
        Long known = to.get(b);
        if (known == null && !from.containsKey(a)) {
          to.put(b, a);
          from.put(a, b);
          yield true;
        }
        yield known != null && known == a;
      }
      default -> a == b;
    };
  }

  private String seenText(List<Seen> seen) {
    return seen.stream().map(s -> "at " + inputs.get(s.input()).ranks() + " ranks "
        + render(s.seq().nodes())).collect(Collectors.joining(", "));
  }

  private static String pointsText(List<CountModel.Point> pts) {
    return pts.stream().map(p -> p.value() + " at " + p.size().ranks() + " ranks")
        .collect(Collectors.joining(", "));
  }

  /** A sequence for a message, numbers as stored (ids for names and lists), cut at 200. */
  static String render(List<VNode> nodes) {
    StringBuilder b = new StringBuilder();
    render(nodes, b);
    return b.length() > 200 ? b.substring(0, 200) + "..." : b.toString();
  }

  private static void render(List<VNode> nodes, StringBuilder b) {
    for (int i = 0; i < nodes.size() && b.length() <= 200; i++) {
      b.append(i == 0 ? "" : ",");
      VNode v = nodes.get(i);
      if (v instanceof VNode.Leaf l) {
        b.append(Sym.isSymbol(l.value()) ? Sym.of(l.value()).text() : Long.toString(l.value()));
      } else {
        VNode.Rep r = (VNode.Rep) v;
        b.append('(');
        render(r.body(), b);
        b.append(")*").append(r.times());
      }
    }
  }
}
