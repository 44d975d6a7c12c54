package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A count that is a product of the local block's sides: a block-distributed grid of N points a
 * side over a process grid of sides p_d holds N/p_d points along d, and a face it sends holds
 * the product of the other sides, each with its ghost layers: {@code (N/px + 2)*(N/pz)} is a y
 * face of a block with two ghost layers along x. Models: a non-empty set of the grid's
 * dimensions, a ghost width of 0, 1 or 2 on each, and N, which must divide by every side at
 * every traced count and at the target, fitted exactly to the traced values (the largest fixes
 * N, the others check it).
 *
 * <p>They decide a count where no {@link CountModel} fits, and they guard one that does: where a
 * side is the same at every traced count (py = 2 at 4, 8 and 16 ranks), a count that follows it
 * cannot be told from one that does not ({@code 512/pz} and {@code (32/py)*(32/pz)} both give
 * 256, 256, 128), and at a target where that side differs they disagree (128 against 64); that
 * is refused, not guessed.
 */
record BlockCount(int[] dims, int[] ghosts, long n) {
  private static final String[] NAMES = {"px", "py", "pz", "pw"};

  /** The count at {@code g}, or -1 where N does not divide by one of its sides there. */
  long at(Grid g) {
    long v = 1;
    for (int i = 0; i < dims.length; i++) {
      int p = g.dims()[dims[i]];
      if (n % p != 0) {
        return -1;
      }
      v *= n / p + ghosts[i];
    }
    return v;
  }

  String formula() {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < dims.length; i++) {
      String side = n + "/" + (dims[i] < NAMES.length ? NAMES[dims[i]] : "p" + dims[i]);
      b.append(i == 0 ? "" : "*").append(dims.length > 1 && ghosts[i] != 0 ? "(" : "")
          .append(side).append(ghosts[i] == 0 ? "" : " + " + ghosts[i])
          .append(dims.length > 1 && ghosts[i] != 0 ? ")" : "");
    }
    return b.toString();
  }

  /** Every block model that gives each point exactly (grids of two dimensions or more). */
  static List<BlockCount> fits(List<CountModel.Point> pts) {
    List<BlockCount> out = new ArrayList<>();
    int d = pts.get(0).size().grid().dims().length;
    CountModel.Point last = pts.get(pts.size() - 1);
    if (d < 2 || last.value() < 1) {
      return out;
    }
    for (int mask = 1; mask < (1 << d); mask++) {
      int[] ds = new int[Integer.bitCount(mask)];
      for (int i = 0, k = 0; i < d; i++) {
        if ((mask & (1 << i)) != 0) {
          ds[k++] = i;
        }
      }
      long lcm = 1;
      for (CountModel.Point p : pts) {
        for (int i : ds) {
          lcm = lcm(lcm, p.size().grid().dims()[i]);
        }
      }
      int combos = (int) Math.pow(3, ds.length);
      for (int c = 0; c < combos; c++) {
        int[] gh = new int[ds.length];
        for (int i = 0, x = c; i < ds.length; i++, x /= 3) {
          gh[i] = x % 3;
        }
        solve(ds, gh, lcm, last).ifPresent(m -> {
          if (pts.stream().allMatch(p -> m.at(p.size().grid()) == p.value())) {
            out.add(m);
          }
        });
      }
    }
    return out;
  }

  /** N, a multiple of {@code lcm}, that gives {@code p}'s value; the product grows with N. */
  private static Optional<BlockCount> solve(int[] ds, int[] gh, long lcm,
      CountModel.Point p) {
    long lo = 1;
    long hi = Math.max(1, p.value()) * (long) p.size().ranks() / lcm + 1;
    while (lo <= hi) {
      long k = (lo + hi) >>> 1;
      BlockCount m = new BlockCount(ds, gh, k * lcm);
      double v = 1;
      for (int i = 0; i < ds.length; i++) {
        v *= (double) (k * lcm) / p.size().grid().dims()[ds[i]] + gh[i];
      }
      if (v == p.value()) {
        return Optional.of(m);
      }
      if (v < p.value()) {
        lo = k + 1;
      } else {
        hi = k - 1;
      }
    }
    return Optional.empty();
  }

  private static long lcm(long a, long b) {
    long x = a;
    long y = b;
    while (y != 0) {
      long t = x % y;
      x = y;
      y = t;
    }
    return a / x * b;
  }

  /**
   * The block model that decides the count at {@code target} where {@code fitted} (the count
   * models' choice) is empty; empty where it is kept. Refused, the reason in {@code why}, where
   * block models disagree among themselves or with a fitted model that is not a constant
   * ({@code what} names the call, field and values for the message).
   */
  static Optional<BlockCount> decide(List<CountModel.Point> pts, Optional<CountModel> fitted,
      Scale.Size target, String what) throws ExtrapolationException {
    if (fitted.isPresent() && fitted.get().isConstant()) {
      return Optional.empty();
    }
    List<BlockCount> found = fits(pts);
    if (found.isEmpty()) {
      return Optional.empty();
    }
    BlockCount first = found.get(0);
    long v = first.at(target.grid());
    String with = null;
    long other = 0;
    for (BlockCount b : found) {
      if (b.at(target.grid()) != v) {
        with = b.formula();
        other = b.at(target.grid());
        break;
      }
    }
    if (with == null && fitted.isPresent()
        && Math.abs(fitted.get().at(target) - v) > 1e-6 * Math.max(1, Math.abs(v))) {
      with = fitted.get().formula();
      other = Math.round(fitted.get().at(target));
    }
    if (with != null || v < 0) {
      throw new ExtrapolationException(what + ": " + (with == null ? first.formula() + " gives no whole"
          + " block at the target's grid " + target.grid()
          : first.formula() + " (the local block's sides) and " + with + " both fit and"
          + " disagree at the target's grid " + target.grid() + " (" + num(v) + " against "
          + num(other) + "): a side the traced counts never varied cannot be told from a"
          + " constant; trace a count where every side of the grid changes"));
    }
    return fitted.isPresent() ? Optional.empty() : Optional.of(first);
  }

  private static String num(long v) {
    return v < 0 ? "no whole block" : Long.toString(v);
  }
}
