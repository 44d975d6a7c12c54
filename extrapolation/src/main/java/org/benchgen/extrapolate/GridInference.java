package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.Sym;

/**
 * The process grid of one trace, from the peers' offsets (ScalaExtrap's way, where the program
 * made no Cartesian communicator): the distances between ranks that talk through the world's
 * relative peers, folded to at most half the world, are 1, px, px*py...; the offsets that are
 * sums of those ({@code px+1}, a 9-point stencil's diagonals) add no dimension. Offsets that
 * would need a fourth dimension are taken for no grid at all (random partners make every
 * offset). Peers on a copy of the world (a dup, a split of one colour in rank order) count as
 * the world's; offsets of no product structure (a periodic wrap, a coarse level's longer steps)
 * are explained with the ranks' coordinates ({@link GridSearch}).
 */
final class GridInference {
  private GridInference() {}

  /** The grid of {@code t}; a line of its ranks where its peers show no other structure. */
  static Grid of(CompressedTrace t) {
    int p = t.worldSize();
    TreeSet<Long> offsets = new TreeSet<>();
    // The grid the program made itself, where it made one over the world.
    Set<Long> world = worldCopies(t);
    Optional<Grid> cart = CartesianSides.of(t, world);
    if (cart.isPresent()) {
      return cart.get();
    }
    collect(t.body(), p, offsets, world, null);
    // Peers that are functions of the rank (a butterfly, a transpose) show a layout of their own,
    // taken where the offsets left are steps of it (r XOR 1 at 2 columns is a step of 1).
    java.util.Optional<Grid> layout = PeerFunctions.layout(t);
    if (layout.isPresent() && PeerFunctions.steps(offsets, layout.get())) {
      return layout.get();
    }
    Grid g = byStrides(p, offsets);
    if (g.dims().length == 1 && offsets.size() > 1) {
      // Offsets of no product structure: a periodic grid's wrap (x=0 to x=px-1 is px-1) or a
      // coarse level's steps of 2 (a multigrid's) do not read as sums of strides; the grid is
      // then looked for with the ranks' coordinates (GridSearch).
      List<long[]> pairs = new ArrayList<>();
      collect(t.body(), p, new TreeSet<>(), world, pairs);
      g = GridSearch.best(p, pairs).orElse(g);
    }
    return g;
  }

  private static Grid byStrides(int p, TreeSet<Long> offsets) {
    List<Long> strides = new ArrayList<>();
    strides.add(1L);
    for (long o : offsets) {
      if (o > 1 && !sumOf(o, strides, 0)) {
        if (strides.size() == 3) {
          return new Grid(new int[] {p}); // a fourth dimension: random partners, not a grid
        }
        strides.add(o);
      }
    }
    List<Integer> dims = new ArrayList<>();
    for (int i = 0; i < strides.size(); i++) {
      long next = i + 1 < strides.size() ? strides.get(i + 1) : p;
      if (next % strides.get(i) != 0 || next / strides.get(i) < 2) {
        return new Grid(new int[] {p}); // not a grid: the offsets follow no product structure
      }
      dims.add((int) (next / strides.get(i)));
    }
    return new Grid(dims.stream().mapToInt(Integer::intValue).toArray());
  }

  /**
   * Whether the grid of {@code t} is the layout of its peer functions (other offsets only steps
   * of it): a layout without ends, whose ranks are all alike.
   */
  static boolean byPeerFunctions(CompressedTrace t) {
    TreeSet<Long> offsets = new TreeSet<>();
    collect(t.body(), t.worldSize(), offsets, worldCopies(t), null);
    java.util.Optional<Grid> layout = PeerFunctions.layout(t);
    return layout.isPresent() && PeerFunctions.steps(offsets, layout.get());
  }

  /** Whether {@code o} is a sum of the strides with coefficients -1, 0 or 1, two at least. */
  private static boolean sumOf(long o, List<Long> strides, int from) {
    if (from == strides.size()) {
      return false;
    }
    for (int c = -1; c <= 1; c++) {
      long rest = o - c * strides.get(from);
      if (c != 0 && strides.contains(Math.abs(rest)) && strides.indexOf(Math.abs(rest)) > from) {
        return true;
      }
      if (sumOf(rest, strides, from + 1)) {
        return true;
      }
    }
    return false;
  }

  /** The ids of the world and of the communicators that hold it in its order (a dup, a split). */
  static Set<Long> worldCopies(CompressedTrace t) {
    Set<Long> ids = new HashSet<>();
    ids.add(0L);
    for (CommDef c : t.comms()) {
      boolean world = !c.isInter() && c.members().size() == t.worldSize();
      for (int i = 0; world && i < c.members().size(); i++) {
        world = c.members().get(i) == i;
      }
      if (world) {
        ids.add(c.id());
      }
    }
    return ids;
  }

  /**
   * The folded offsets into {@code out}, and where {@code pairs} is given, each (rank, offset)
   * pair unfolded, for the ranks of each entry.
   */
  private static void collect(List<Node> nodes, int p, TreeSet<Long> out, Set<Long> world,
      List<long[]> pairs) {
    for (Node n : nodes) {
      if (n instanceof Loop l) {
        collect(l.body(), p, out, world, pairs);
        continue;
      }
      Rsd r = (Rsd) n;
      Param comm = r.param(Field.COMM);
      if (comm.isAbsent() || comm.leaves().anyMatch(c -> !world.contains(c))) {
        continue; // offsets on other communicators are not the world's
      }
      for (Field f : r.op().fields()) {
        if (!f.isPeer() || PeerFunctions.explains(r.param(f), p)) {
          continue; // XOR and transpose partners are no steps through a grid
        }
        for (ParamEntry e : r.param(f).entries()) {
          EntryValues v = e.values();
          // Only offsets that ranks agree on: a lone rank's peers are undecided, and a master's
          // list of workers (1, 2, 3, ...) read as offsets would make a grid of every power of 2.
          if (!(v instanceof EntryValues.Relative rel)) {
            continue;
          }
          var seq = rel.seq();
          seq.leaves().filter(x -> !Sym.isSymbol(x)).forEach(x -> {
            long m = Math.floorMod(x, (long) p);
            long d = Math.min(m, p - m);
            if (d > 0) {
              out.add(d);
            }
          });
          if (pairs != null) {
            long[] offs = seq.leaves().filter(x -> !Sym.isSymbol(x)
                && Math.floorMod(x, (long) p) != 0).distinct().toArray();
            for (int rank : e.ranks().toArray()) {
              for (long o : offs) {
                pairs.add(new long[] {rank, o});
              }
            }
          }
        }
      }
    }
  }
}
