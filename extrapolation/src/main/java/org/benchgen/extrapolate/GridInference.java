package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
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
 * offset).
 */
final class GridInference {
  private GridInference() {}

  /** The grid of {@code t}; a line of its ranks where its peers show no other structure. */
  static Grid of(CompressedTrace t) {
    int p = t.worldSize();
    TreeSet<Long> offsets = new TreeSet<>();
    collect(t, t.body(), p, offsets, false);
    List<Long> strides = new ArrayList<>();
    strides.add(1L);
    for (long o : offsets) {
      if (o > 1 && !sumOf(o, strides, 0)) {
        if (strides.size() == 3) {
          return line(t, p); // a fourth dimension: random partners, not a grid
        }
        strides.add(o);
      }
    }
    List<Integer> dims = new ArrayList<>();
    for (int i = 0; i < strides.size(); i++) {
      long next = i + 1 < strides.size() ? strides.get(i + 1) : p;
      if (next % strides.get(i) != 0 || next / strides.get(i) < 2) {
        return line(t, p); // not a grid: the offsets follow no product structure
      }
      dims.add((int) (next / strides.get(i)));
    }
    return dims.size() == 1 ? line(t, p) : new Grid(dims.stream().mapToInt(Integer::intValue)
        .toArray());
  }

  /**
   * A line of the {@code p} ranks, unless the offsets are those of a periodic grid whose steps
   * across an edge ({@code -(n-1)} strides) show ({@link TorusInference}).
   */
  private static Grid line(CompressedTrace t, int p) {
    Grid l = new Grid(new int[] {p});
    TreeSet<Long> offsets = new TreeSet<>(); // a copy of the world's peers count here too
    collect(t, t.body(), p, offsets, true);
    return offsets.stream().anyMatch(o -> o > 1) ? TorusInference.of(offsets, p).orElse(l) : l;
  }

  /** Whether communicator {@code id} of {@code t} holds the world's ranks in its order. */
  private static boolean worldCopy(CompressedTrace t, long id) {
    return t.comm(id).map(c -> {
      if (c.isInter() || c.members().size() != t.worldSize()) {
        return false;
      }
      for (int i = 0; i < t.worldSize(); i++) {
        if (c.members().get(i) != i) {
          return false;
        }
      }
      return true;
    }).orElse(false);
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

  private static void collect(CompressedTrace t, List<Node> nodes, int p, TreeSet<Long> out,
      boolean copies) {
    for (Node n : nodes) {
      if (n instanceof Loop l) {
        collect(t, l.body(), p, out, copies);
        continue;
      }
      Rsd r = (Rsd) n;
      Param comm = r.param(Field.COMM);
      if (comm.isAbsent()
          || comm.leaves().anyMatch(c -> c != 0 && !(copies && worldCopy(t, c)))) {
        continue; // offsets on other communicators are not the world's (a dup's are)
      }
      for (Field f : r.op().fields()) {
        if (!f.isPeer()) {
          continue;
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
        }
      }
    }
  }
}
