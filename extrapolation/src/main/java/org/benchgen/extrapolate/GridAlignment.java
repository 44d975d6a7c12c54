package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * Where a small trace's dimensions sit among the largest trace's, when it shows fewer of them.
 * A 3-D code at 4 ranks laid out 1x2x2 exchanges along x with itself (its peer is the rank):
 * its offsets show a 2x2 grid, which padded at the end reads 2x2x1, and a rule would keep x=2.
 * A call site steps along one dimension at every count (a halo exchange's x face is sent from
 * its own line of code): the dimension a site steps along in the small trace is the one it
 * steps along in the largest, and the sides of 1 go where no site of the small trace steps.
 */
final class GridAlignment {
  private GridAlignment() {}

  /**
   * {@code small} (of {@code t}) with sides of 1 inserted to {@code dims} dimensions where the
   * call sites of {@code t} and of {@code template} (grid {@code big}) say; padded at the end
   * where the sites say nothing or disagree.
   */
  static Grid align(Grid small, CompressedTrace t, Grid big, CompressedTrace template) {
    int dims = big.dims().length;
    Grid padded = small.padded(dims);
    if (small.dims().length >= dims || small.size() == 1) {
      return padded;
    }
    Map<String, Set<Integer>> mine = stepDims(t, small);
    Map<String, Set<Integer>> theirs = stepDims(template, big);
    int[] to = new int[small.dims().length];
    java.util.Arrays.fill(to, -1);
    for (Map.Entry<String, Set<Integer>> e : mine.entrySet()) {
      Set<Integer> other = theirs.get(e.getKey());
      if (e.getValue().size() != 1 || other == null || other.size() != 1) {
        continue;
      }
      int i = e.getValue().iterator().next();
      int j = other.iterator().next();
      if (to[i] >= 0 && to[i] != j) {
        return padded; // the sites disagree
      }
      to[i] = j;
    }
    int[] out = new int[dims];
    java.util.Arrays.fill(out, 1);
    int last = -1;
    for (int i = 0; i < to.length; i++) {
      if (small.dims()[i] == 1) {
        continue;
      }
      // Ranks are numbered fastest dimension first: the small grid's order must be kept.
      if (to[i] <= last) {
        return padded;
      }
      out[to[i]] = small.dims()[i];
      last = to[i];
    }
    return new Grid(out);
  }

  /** Per call site, the dimensions of {@code g} its relative peers step along alone. */
  static Map<String, Set<Integer>> stepDims(CompressedTrace t, Grid g) {
    Map<String, Set<Integer>> out = new HashMap<>();
    walk(t.body(), t.worldSize(), g, GridInference.worldCopies(t), out);
    return out;
  }

  private static void walk(List<Node> nodes, int p, Grid g, Set<Long> world,
      Map<String, Set<Integer>> out) {
    for (Node n : nodes) {
      if (n instanceof Loop l) {
        walk(l.body(), p, g, world, out);
        continue;
      }
      Rsd r = (Rsd) n;
      Param comm = r.param(Field.COMM);
      if (comm.isAbsent() || comm.leaves().anyMatch(c -> !world.contains(c))) {
        continue;
      }
      for (Field f : r.op().fields()) {
        if (!f.isPeer()) {
          continue;
        }
        for (ParamEntry e : r.param(f).entries()) {
          if (!(e.values() instanceof EntryValues.Relative rel)) {
            continue;
          }
          long[] offs = rel.seq().leaves().filter(x -> !Sym.isSymbol(x)).distinct().toArray();
          int rank = e.ranks().first();
          for (long o : offs) {
            int peer = (int) Math.floorMod(rank + o, (long) p);
            int[] a = g.coords(rank);
            int[] b = g.coords(peer);
            List<Integer> moved = new ArrayList<>();
            for (int i = 0; i < a.length; i++) {
              if (a[i] != b[i]) {
                moved.add(i);
              }
            }
            if (moved.size() == 1) {
              out.computeIfAbsent(r.site(), k -> new TreeSet<>()).add(moved.get(0));
            }
          }
        }
      }
    }
  }
}
