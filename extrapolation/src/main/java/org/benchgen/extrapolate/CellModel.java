package org.benchgen.extrapolate;

/**
 * A value of each rank that follows from the cells it owns in a {@link Multipartition}, with
 * the global size n split into q blocks a dimension ({@link BlockSplit}): read for every rank at
 * once, as one cycle of values per rank.
 */
sealed interface CellModel permits CellModel.FaceSum, CellModel.StageLinear,
    CellModel.StageFace {
  /** No face skipped; or the cells at the low (coordinate 0) or high (q-1) end are. */
  int NONE = 0;
  int LOW = 1;
  int HIGH = 2;

  /** Rank {@code r}'s values at q*q ranks: its cycle. */
  long[] of(int q, int r);

  /** The diagonal the ranks own their cells along. */
  Multipartition own();

  /** The global size n the model splits, or -1 where it splits none. */
  default long globalSize() {
    return -1;
  }

  /** Each rank's values at q*q ranks: {@code values(q)[rank]} is its cycle. */
  default long[][] values(int q) {
    long[][] out = new long[q * q][];
    for (int r = 0; r < q * q; r++) {
      out[r] = of(q, r);
    }
    return out;
  }

  String formula();

  /**
   * {@code a} times the sum, over the rank's cells, of the product of the cell's sides along
   * every dimension but {@code dim} (a face across {@code dim}; {@code dim} 3: the cell's
   * volume), skipping the cells at one end of {@code dim} (a face at the global boundary, which
   * has no neighbour): a halo buffer that packs every cell's face (NPB's copy_faces, a times 5
   * variables times 2 layers). One value per rank.
   */
  record FaceSum(Multipartition own, long n, long a, int dim, int skip) implements CellModel {
    @Override
    public long globalSize() {
      return n;
    }

    @Override
    public long[] of(int q, int r) {
      return new long[] {a * unit(own, n, q, r, dim, skip)};
    }

    static long unit(Multipartition own, long n, int q, int r, int dim, int skip) {
      long sum = 0;
      for (int k = 0; k < q; k++) {
        int[] c = own.cell(q, r, k);
        if (skip != NONE && c[dim] == (skip == LOW ? 0 : q - 1)) {
          continue;
        }
        long prod = 1;
        for (int d = 0; d < 3; d++) {
          prod *= d == dim ? 1 : BlockSplit.side(n, q, c[d]);
        }
        sum += prod;
      }
      return sum;
    }

    @Override
    public String formula() {
      String[] axis = {"x", "y", "z"};
      String term = dim == 3 ? "its volume" : "its face across " + axis[dim];
      return a + " * sum over the rank's q cells of " + term + (skip == NONE ? ""
          : " (cells at the " + (skip == LOW ? "low" : "high") + " end of " + axis[dim]
              + " skipped)") + ", n = " + n + " split into q = sqrt P blocks a dimension, "
          + own.describe();
    }
  }

  /**
   * At each stage t of a sweep along {@code sweep} (the rank's cell at coordinate
   * {@code t0 + t}, or {@code q-1-t0-t} backwards, for q-1 stages or q), {@code a} plus the
   * cell's coordinates weighted by 0, 1 or q ({@code w}: 0, 1, 2): a tag that names the cell
   * (NPB's {@code WEST + jp + kp*NCELLS}). One value per stage.
   */
  record StageLinear(Multipartition own, long a, int sweep, boolean forward, int t0, int extra,
      int[] w) implements CellModel {
    @Override
    public long[] of(int q, int r) {
      int len = q - 1 + extra;
      long[] out = new long[len];
      for (int t = 0; t < len; t++) {
        int c = forward ? t0 + t : q - 1 - t0 - t;
        int[] cell = own.cell(q, r, own.cellAt(q, r, sweep, c));
        long v = a;
        for (int d = 0; d < 3; d++) {
          v += (w[d] == 0 ? 0 : w[d] == 1 ? 1 : q) * (long) cell[d];
        }
        out[t] = v;
      }
      return out;
    }

    @Override
    public String formula() {
      String[] axis = {"x", "y", "z"};
      StringBuilder b = new StringBuilder(Long.toString(a));
      for (int d = 0; d < 3; d++) {
        if (w[d] != 0) {
          b.append(" + ").append(w[d] == 2 ? "q*" : "").append(axis[d]);
        }
      }
      return b + " of the cell at each of the " + (extra == 0 ? "q-1" : "q") + " stages of a"
          + (forward ? " forward" : " backward") + " sweep along " + axis[sweep] + " (from "
          + (forward ? "" : "q-1-") + t0 + "), q = sqrt P, " + own.describe();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof StageLinear s && s.own.equals(own) && s.a == a && s.sweep == sweep
          && s.forward == forward && s.t0 == t0 && s.extra == extra
          && java.util.Arrays.equals(s.w, w);
    }

    @Override
    public int hashCode() {
      return java.util.Objects.hash(own, a, sweep, forward, t0, extra,
          java.util.Arrays.hashCode(w));
    }
  }

  /**
   * At each stage of a sweep along {@code sweep} (as {@link StageLinear}'s), {@code a} times the
   * area of the cell's face across the sweep, less {@code trim} layers on each side that lies at
   * the global boundary: a pipelined solve's message of the face's interior points (NPB SP's
   * {@code (jsize-start-end)*(ksize-start-end)}, times 22 or 10 values).
   */
  record StageFace(Multipartition own, long n, long a, int sweep, boolean forward, int t0,
      int extra, int trim) implements CellModel {
    @Override
    public long globalSize() {
      return n;
    }

    @Override
    public long[] of(int q, int r) {
      int len = q - 1 + extra;
      long[] out = new long[len];
      for (int t = 0; t < len; t++) {
        out[t] = a * unit(q, r, t);
      }
      return out;
    }

    /** The trimmed face of rank {@code r}'s cell at stage {@code t}, at q cells a side. */
    long unit(int q, int r, int t) {
      int c = forward ? t0 + t : q - 1 - t0 - t;
      int[] cell = own.cell(q, r, own.cellAt(q, r, sweep, c));
      long area = 1;
      for (int d = 0; d < 3; d++) {
        if (d != sweep) {
          area *= BlockSplit.side(n, q, cell[d]) - (cell[d] == 0 ? trim : 0)
              - (cell[d] == q - 1 ? trim : 0);
        }
      }
      return area;
    }

    @Override
    public String formula() {
      String[] axis = {"x", "y", "z"};
      return a + " * the face across " + axis[sweep] + " of the cell at each of the "
          + (extra == 0 ? "q-1" : "q") + " stages of a" + (forward ? " forward" : " backward")
          + " sweep along " + axis[sweep] + " (from " + (forward ? "" : "q-1-") + t0 + ")"
          + (trim == 0 ? "" : ", less " + trim + " layer on a side at the global boundary")
          + ", n = " + n + " split into q = sqrt P blocks a dimension, " + own.describe();
    }
  }
}
