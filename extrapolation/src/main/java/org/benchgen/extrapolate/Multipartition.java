package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.List;

/**
 * A multipartition of a 3-D array over q*q ranks (Naik's, as NPB BT and SP use): the array is
 * cut into q blocks along each dimension ({@link BlockSplit}), q^3 cells, and the rank at
 * {@code (i, j)} of the q x q grid owns the q cells along a diagonal, its cell k at
 * {@code (i + sx*k, j + sy*k, k) mod q}. Each rank so has one cell in every slab of every
 * dimension, and a sweep along a dimension works on one of its cells per stage. The variants
 * (i the rank's column or its row; sx, sy each +1 or -1) are the diagonals a code may choose.
 */
record Multipartition(boolean rowMajor, int sx, int sy) {
  /** The eight diagonal ownerships tried. */
  static List<Multipartition> variants() {
    List<Multipartition> out = new ArrayList<>();
    for (boolean rm : new boolean[] {true, false}) {
      for (int sx : new int[] {1, -1}) {
        for (int sy : new int[] {-1, 1}) {
          out.add(new Multipartition(rm, sx, sy));
        }
      }
    }
    return out;
  }

  /** The cells per side at {@code ranks} ranks: its square root, or -1 if it has none. */
  static int side(int ranks) {
    int q = (int) Math.round(Math.sqrt(ranks));
    return q >= 2 && q * q == ranks ? q : -1;
  }

  /** Rank {@code rank}'s cell {@code k} at q cells a side: its coordinates (x, y, z). */
  int[] cell(int q, int rank, int k) {
    int i = rowMajor ? rank % q : rank / q;
    int j = rowMajor ? rank / q : rank % q;
    return new int[] {Math.floorMod(i + sx * k, q), Math.floorMod(j + sy * k, q), k};
  }

  /** Which of rank {@code rank}'s cells has coordinate {@code c} along {@code dim}. */
  int cellAt(int q, int rank, int dim, int c) {
    if (dim == 2) {
      return c;
    }
    int i = rowMajor ? rank % q : rank / q;
    int j = rowMajor ? rank / q : rank % q;
    return dim == 0 ? Math.floorMod(sx * (c - i), q) : Math.floorMod(sy * (c - j), q);
  }

  String describe() {
    return "rank (i,j)" + (rowMajor ? " = (r mod q, r div q)" : " = (r div q, r mod q)")
        + " owns cells (i" + (sx > 0 ? "+" : "-") + "k, j" + (sy > 0 ? "+" : "-") + "k, k)";
  }
}
