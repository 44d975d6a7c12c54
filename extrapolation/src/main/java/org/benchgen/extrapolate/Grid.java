package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;

/**
 * A Cartesian process grid, its dimensions fastest-varying first ({@code dims[0]} ranks apart by
 * 1, {@code dims[1]} by {@code dims[0]}, ...), non-periodic or periodic alike: a world of P ranks in
 * a line is {@code [P]}. Ranks are told apart by where they sit along each dimension (a
 * {@link Place}): at the low end, at the high end, at both (a dimension of 1), or inside. Ranks of
 * equal places behave alike in a regular code, which is what lets a trace at a few ranks speak for
 * a run at many (ScalaExtrap's observation; docs/extrapolation.md).
 */
public record Grid(int[] dims) {
  /** Where a coordinate sits along its dimension. */
  public enum Place { LOW, HIGH, BOTH, INSIDE }

  public Grid {
    dims = dims.clone();
    long n = 1;
    for (int d : dims) {
      if (d < 1) {
        throw new IllegalArgumentException("dimension " + d);
      }
      n *= d;
    }
    if (n > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("grid too large: " + Arrays.toString(dims));
    }
  }

  /** This grid with sides of 1 added after its own, to {@code n} dimensions. */
  public Grid padded(int n) {
    int[] d = Arrays.copyOf(dims, Math.max(n, dims.length));
    Arrays.fill(d, dims.length, d.length, 1);
    return new Grid(d);
  }

  public int size() {
    int n = 1;
    for (int d : dims) {
      n *= d;
    }
    return n;
  }

  /** The distance between ranks one apart along dimension {@code i}. */
  public int stride(int i) {
    int s = 1;
    for (int k = 0; k < i; k++) {
      s *= dims[k];
    }
    return s;
  }

  public int[] coords(int rank) {
    int[] c = new int[dims.length];
    int rest = rank;
    for (int i = 0; i < dims.length; i++) {
      c[i] = rest % dims[i];
      rest /= dims[i];
    }
    return c;
  }

  public int rank(int[] coords) {
    int r = 0;
    for (int i = dims.length - 1; i >= 0; i--) {
      r = r * dims[i] + coords[i];
    }
    return r;
  }

  static Place place(int c, int d) {
    return d == 1 ? Place.BOTH : c == 0 ? Place.LOW : c == d - 1 ? Place.HIGH : Place.INSIDE;
  }

  /**
   * The rank of {@code other} that sits where {@code rank} sits here: the same place along every
   * dimension (the first inside coordinate for an inside one); empty where {@code other} has no
   * such place (no inside in a dimension of 2, no both-ends in one longer than 1).
   */
  public OptionalInt mapTo(int rank, Grid other) {
    if (other.dims.length != dims.length) {
      return OptionalInt.empty();
    }
    int[] c = coords(rank);
    int[] o = new int[c.length];
    for (int i = 0; i < c.length; i++) {
      int d = other.dims[i];
      switch (place(c[i], dims[i])) {
        case BOTH -> { if (d != 1) { return OptionalInt.empty(); } o[i] = 0; }
        case LOW -> { if (d < 2) { return OptionalInt.empty(); } o[i] = 0; }
        case HIGH -> { if (d < 2) { return OptionalInt.empty(); } o[i] = d - 1; }
        default -> { if (d < 3) { return OptionalInt.empty(); } o[i] = 1; }
      }
    }
    return OptionalInt.of(other.rank(o));
  }

  /**
   * The classes of alike ranks: per dimension its low end, its inside and its high end (one class
   * where the dimension is 1), every combination of them; at most 3^d, whatever the size.
   */
  public List<Region> regions() {
    List<int[][]> ranges = new ArrayList<>();
    ranges.add(new int[0][]);
    for (int i = 0; i < dims.length; i++) {
      int d = dims[i];
      List<int[]> segs = new ArrayList<>();
      segs.add(new int[] {0, 0});
      if (d > 2) {
        segs.add(new int[] {1, d - 2});
      }
      if (d > 1) {
        segs.add(new int[] {d - 1, d - 1});
      }
      List<int[][]> next = new ArrayList<>();
      for (int[][] r : ranges) {
        for (int[] s : segs) {
          int[][] box = Arrays.copyOf(r, r.length + 1);
          box[r.length] = s;
          next.add(box);
        }
      }
      ranges = next;
    }
    List<Region> out = new ArrayList<>(ranges.size());
    for (int[][] box : ranges) {
      out.add(new Region(this, box));
    }
    out.sort((a, b) -> Integer.compare(a.first(), b.first()));
    return out;
  }

  /** A box of the grid whose ranks sit alike; {@code box[i]} the range along dimension i. */
  public record Region(Grid grid, int[][] box) {
    /** Its lowest rank, which stands for all of them. */
    public int first() {
      int[] c = new int[box.length];
      for (int i = 0; i < box.length; i++) {
        c[i] = box[i][0];
      }
      return grid.rank(c);
    }

    public long size() {
      long n = 1;
      for (int[] b : box) {
        n *= b[1] - b[0] + 1;
      }
      return n;
    }

    /** Its ranks, ascending. */
    public int[] ranks() {
      int[] out = new int[(int) size()];
      int[] c = new int[box.length];
      for (int i = 0; i < box.length; i++) {
        c[i] = box[i][0];
      }
      // Odometer, the slowest dimension outermost, so the ranks come out ascending.
      for (int k = 0; k < out.length; k++) {
        out[k] = grid.rank(c);
        for (int i = 0; i < box.length; i++) {
          if (++c[i] <= box[i][1]) {
            break;
          }
          c[i] = box[i][0];
        }
      }
      return out;
    }

    /** For people: {@code x=0 y=1..6}, or the rank for a grid of one dimension. */
    public String describe() {
      StringBuilder b = new StringBuilder();
      String[] names = {"x", "y", "z", "w"};
      for (int i = 0; i < box.length; i++) {
        b.append(i == 0 ? "" : " ").append(i < names.length ? names[i] : "d" + i).append('=')
            .append(box[i][0]);
        if (box[i][1] != box[i][0]) {
          b.append("..").append(box[i][1]);
        }
      }
      return b.toString();
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Grid g && Arrays.equals(dims, g.dims);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(dims);
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < dims.length; i++) {
      b.append(i == 0 ? "" : "x").append(dims[i]);
    }
    return b.toString();
  }
}
