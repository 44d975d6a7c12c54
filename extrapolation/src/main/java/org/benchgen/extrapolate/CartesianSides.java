package org.benchgen.extrapolate;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;

/**
 * The grid a program made itself with MPI_Cart_create, and the sides it gave: MPI numbers a
 * Cartesian communicator's ranks row-major, its last dimension varying fastest, so its
 * {@code dims} are a {@link Grid}'s sides in reverse. Where the program made one over the whole
 * world, that is its grid (the offsets between peers may not show a side of 2, or a periodic
 * wrap); a list that is the grid's sides at every traced count (MPI_Cart_create's
 * {@code dims}, from MPI_Dims_create) is the target grid's sides there.
 */
final class CartesianSides {
  private CartesianSides() {}

  /**
   * The grid of the first MPI_Cart_create made on the world (or a copy of it) by every rank
   * with one {@code dims} whose sides multiply to the world's size.
   */
  static Optional<Grid> of(CompressedTrace t, Set<Long> world) {
    return find(t.body(), t, world);
  }

  private static Optional<Grid> find(List<Node> nodes, CompressedTrace t, Set<Long> world) {
    for (Node n : nodes) {
      if (n instanceof Loop l) {
        Optional<Grid> g = find(l.body(), t, world);
        if (g.isPresent()) {
          return g;
        }
        continue;
      }
      Rsd r = (Rsd) n;
      if (r.op() != Op.CART_CREATE || r.ranks().size() != t.worldSize()) {
        continue;
      }
      Param comm = r.param(Field.COMM);
      long[] ids = r.param(Field.DIMS).leaves().distinct().toArray();
      if (comm.isAbsent() || comm.leaves().anyMatch(c -> !world.contains(c)) || ids.length != 1
          || Sym.isSymbol(ids[0])) {
        continue;
      }
      long[] dims = t.symbols().list(ids[0]);
      long size = 1;
      int[] sides = new int[dims.length];
      for (int i = 0; i < dims.length && size <= t.worldSize(); i++) {
        size *= Math.max(dims[i], 0);
        sides[dims.length - 1 - i] = (int) Math.min(dims[i], Integer.MAX_VALUE);
      }
      if (dims.length > 0 && size == t.worldSize()) {
        return Optional.of(new Grid(sides));
      }
    }
    return Optional.empty();
  }

  /**
   * The grid's sides in MPI's order (the slowest first), {@code n} of them; none where the grid
   * has sides longer than 1 beyond those.
   */
  static Optional<long[]> mpiOrder(Grid g, int n) {
    int[] d = g.dims();
    for (int k = n; k < d.length; k++) {
      if (d[k] != 1) {
        return Optional.empty();
      }
    }
    long[] out = new long[n];
    for (int k = 0; k < n; k++) {
      out[n - 1 - k] = k < d.length ? d[k] : 1;
    }
    return Optional.of(out);
  }

  /** Whether {@code list} is {@code g}'s sides in MPI's order. */
  static boolean isSidesOf(long[] list, Grid g) {
    return list.length > 0 && mpiOrder(g, list.length).map(s -> Arrays.equals(s, list))
        .orElse(false);
  }
}
