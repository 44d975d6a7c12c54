package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Sym;

/**
 * The block splits ({@link BlockSplit}) of the traces' parameters: one number of a parameter's
 * values read on every rank of every traced count (the traces are small; the target's ranks are
 * never walked), and fitted there. The global sizes along each dimension are those that values
 * alike on every rank tell alone, read once from the whole template; a value whose ends differ
 * from its inside (a boundary row less) is fitted with them. Those sizes also cut the target's
 * regions where their long parts end ({@link #refine}), each class standing for ranks of one side
 * ({@link #alike}).
 */
final class SplitFitter {
  /** Where a parameter is: its node's key in every trace, its field, how to read it. */
  record Source(String key, String field, Function<Node, Param> get) {}

  private final List<Input> inputs;
  private final Map<String, List<BlockSplit>> fits = new HashMap<>();
  private final Map<String, Optional<String>> blinds = new HashMap<>();
  private final Map<Integer, Set<Long>> sizes = new HashMap<>();
  private boolean sized;

  SplitFitter(List<Input> inputs) {
    this.inputs = inputs;
  }

  /** The splits that give number {@code j} of values shaped {@code shape} on every traced rank. */
  List<BlockSplit> fits(Source src, String shape, int j) {
    String k = src.key() + "\0" + src.field() + "\0" + shape + "\0" + j;
    List<BlockSplit> known = fits.get(k);
    if (known != null) {
      return known;
    }
    List<BlockSplit.Obs> obs = observations(src, shape, j);
    List<BlockSplit> out = varies(obs) ? BlockSplit.fitAll(obs, sizes()) : List.of();
    fits.put(k, out);
    return out;
  }

  /** {@link BlockSplit#blind} for number {@code j} of values shaped {@code shape}. */
  Optional<String> blind(Source src, String shape, int j, Grid target) {
    return blinds.computeIfAbsent(src.key() + "\0" + src.field() + "\0" + shape + "\0" + j
        + "\0" + target, k -> BlockSplit.blind(observations(src, shape, j), target));
  }

  /** The global sizes per dimension that one parameter's values, alike on every rank, tell. */
  Map<Integer, Set<Long>> sizes() {
    if (!sized) {
      sized = true;
      Input t = inputs.get(inputs.size() - 1);
      scan(t, t.trace().body());
    }
    return sizes;
  }

  private void scan(Input t, List<Node> nodes) {
    for (Node n : nodes) {
      if (n instanceof Loop l) {
        learn(new Source(t.keys().key(n), "trips", x -> ((Loop) x).trips()));
        scan(t, l.body());
        continue;
      }
      Rsd r = (Rsd) n;
      for (int i = 0; i < r.op().fields().size(); i++) {
        Field f = r.op().fields().get(i);
        if (f.isPeer() || !counts(f.kind())) {
          continue;
        }
        int slot = i;
        learn(new Source(t.keys().key(n), f.key(), x -> ((Rsd) x).params().get(slot)));
      }
    }
  }

  private void learn(Source src) {
    List<BlockSplit.Obs> obs = observations(src, "v", 0);
    if (!varies(obs)) {
      return;
    }
    Map<Integer, Set<Long>> ns = new HashMap<>();
    for (BlockSplit b : BlockSplit.fitAlike(obs)) {
      ns.computeIfAbsent(b.dim(), d -> new TreeSet<>()).add(b.n());
    }
    ns.forEach((d, s) -> {
      if (s.size() == 1) {
        sizes.computeIfAbsent(d, x -> new TreeSet<>()).addAll(s);
      }
    });
  }

  /**
   * The target's regions cut where a known split's long parts end ({@code n mod k} falls inside
   * a box along its dimension): each class then holds one side along it. At most one cut per
   * size and dimension, so the classes stay few, whatever the count.
   */
  List<Grid.Region> refine(Grid g, List<Grid.Region> regions) {
    List<Grid.Region> out = new ArrayList<>(regions);
    sizes().forEach((d, ns) -> {
      for (long n : ns) {
        int m = (int) (n % g.dims()[d]);
        List<Grid.Region> next = new ArrayList<>();
        for (Grid.Region r : out) {
          int[][] box = r.box();
          if (box[d][0] < m && m <= box[d][1]) {
            int[][] lo = copy(box);
            int[][] hi = copy(box);
            lo[d][1] = m - 1;
            hi[d][0] = m;
            next.add(new Grid.Region(g, lo));
            next.add(new Grid.Region(g, hi));
          } else {
            next.add(r);
          }
        }
        out.clear();
        out.addAll(next);
      }
    });
    out.sort((a, b) -> Integer.compare(a.first(), b.first()));
    return out;
  }

  private static int[][] copy(int[][] box) {
    int[][] c = new int[box.length][];
    for (int i = 0; i < box.length; i++) {
      c[i] = box[i].clone();
    }
    return c;
  }

  /**
   * {@code mapped}, the rank of {@code to} placed like {@code rank} of {@code from}, moved along
   * each dimension where it sits inside to an inside rank of the same side as {@code rank} (long
   * or short, for every known size), where {@code to} has one: the rank standing for a class of
   * short parts must be short itself. Unchanged where none is.
   */
  int alike(Grid from, int rank, Grid to, int mapped) {
    if (mapped < 0 || sizes().isEmpty()) {
      return mapped;
    }
    int[] c = from.coords(rank);
    int[] o = to.coords(mapped);
    for (Map.Entry<Integer, Set<Long>> e : sizes().entrySet()) {
      int d = e.getKey();
      int k = to.dims()[d];
      if (Grid.place(o[d], k) != Grid.Place.INSIDE || sameSides(e.getValue(), from, c[d], d, k,
          o[d])) {
        continue;
      }
      for (int x = 1; x <= k - 2; x++) {
        if (sameSides(e.getValue(), from, c[d], d, k, x)) {
          o[d] = x;
          break;
        }
      }
    }
    return to.rank(o);
  }

  private static boolean sameSides(Set<Long> ns, Grid from, int c, int d, int k, int x) {
    for (long n : ns) {
      if ((c < n % from.dims()[d]) != (x < n % k)) {
        return false;
      }
    }
    return true;
  }

  private static boolean counts(FieldKind k) {
    return k == FieldKind.COUNT || k == FieldKind.BYTES || k == FieldKind.INT;
  }

  private static boolean varies(List<BlockSplit.Obs> obs) {
    return obs.stream().mapToLong(BlockSplit.Obs::value).distinct().limit(2).count() > 1;
  }

  private List<BlockSplit.Obs> observations(Source src, String shape, int j) {
    List<BlockSplit.Obs> out = new ArrayList<>();
    for (Input in : inputs) {
      Node n = in.keys().node(src.key());
      if (n == null) {
        continue;
      }
      for (ParamEntry e : src.get().apply(n).entries()) {
        if (e.values() instanceof EntryValues.Relative
            || e.values() instanceof EntryValues.Undecided) {
          continue;
        }
        SeqShape s = SeqShape.of(e.values().seq(), true);
        if (!s.shape().equals(shape) || Sym.isSymbol(s.numbers()[j])) {
          continue;
        }
        for (int r : e.ranks().toArray()) {
          out.add(new BlockSplit.Obs(in.grid(), in.grid().coords(r), s.numbers()[j]));
        }
      }
    }
    return out;
  }
}
