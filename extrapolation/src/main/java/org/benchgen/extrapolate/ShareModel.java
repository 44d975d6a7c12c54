package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A count that is a power of one rank's share of a global size n split over g ranks, padded:
 * {@code a * (n div g + c)^e} or {@code a * (ceil(n/g) + c)^e}, for c 0 or 1 and e 1 to 3. A
 * buffer sized for the largest block plus a ghost layer ({@code MAX_CELL_DIM = n/g + 1} of NPB
 * BT and SP, squared for a face) is one. The global size n is not given: it is found by exact
 * fit to the traced values, which the integer division makes tell n apart (24 div 3, 4 and 5
 * are 8, 6 and 4: n is 24 alone), and must be one another parameter showed ({@link
 * CellValues}). A share is taken only of a scale that is a whole number at every traced count
 * and at the target. Tried where {@link CountModel}'s models do not fit.
 */
record ShareModel(long a, long n, Scale g, int c, int e, boolean ceil) {
  /** The largest global size tried. */
  static final long MAX_N = 1 << 16;

  long at(Scale.Size s) {
    return a * unit(n, Math.round(g.at(s)), c, e, ceil);
  }

  String formula() {
    String share = (ceil ? "ceil(n/" + g.name() + ")" : "n div " + g.name())
        + (c == 0 ? "" : " + " + c);
    String pow = e == 1 ? (c == 0 ? share : "(" + share + ")") : "(" + share + ")^" + e;
    return (a == 1 ? "" : a + "*") + pow + String.format(Locale.ROOT, " with n = %d", n);
  }

  /**
   * The model of this form that gives every point with a global size in {@code known} (found
   * by exact fit of another parameter of the same trace: a program has one n); empty where none
   * does, or (with the reason in {@code why}) where those that do disagree at {@code target}.
   */
  static Optional<ShareModel> fit(List<CountModel.Point> points, List<Scale> scales,
      Scale.Size target, java.util.Set<Long> known, StringBuilder why) {
    if (points.size() < 3) {
      return Optional.empty(); // n, a and the form are three unknowns: two counts check nothing
    }
    List<ShareModel> found = new ArrayList<>();
    long[] vs = points.stream().mapToLong(CountModel.Point::value).toArray();
    int last = vs.length - 1;
    for (Scale g : scales) {
      if (!whole(g, target) || !points.stream().allMatch(p -> whole(g, p.size()))) {
        continue;
      }
      long[] gs = points.stream().mapToLong(p -> Math.round(g.at(p.size()))).toArray();
      for (int e = 1; e <= 3; e++) {
        // (n div g + c)^e is at most the value: n is below g * (value^(1/e) + 1).
        long bound = Math.min(MAX_N, gs[last] * ((long) Math.pow(Math.abs(vs[last]), 1.0 / e)
            + 2));
        for (int c = 0; c <= 1; c++) {
          for (boolean ceil : new boolean[] {false, true}) {
            for (long n = 1; n <= bound; n++) {
              long u = unit(n, gs[last], c, e, ceil);
              if (u <= 0 || vs[last] % u != 0) {
                continue;
              }
              long a = vs[last] / u;
              boolean all = true;
              for (int i = 0; i < last && all; i++) {
                all = a * unit(n, gs[i], c, e, ceil) == vs[i];
              }
              if (all) {
                found.add(new ShareModel(a, n, g, c, e, ceil));
              }
            }
          }
        }
      }
    }
    if (found.isEmpty()) {
      return Optional.empty();
    }
    // Only a size another parameter showed by exact fit: three values leave n, a, c, e and the
    // scale too free to trust a share alone (and a program has one n).
    List<ShareModel> chosen = found.stream().filter(m -> known.contains(m.n())).toList();
    if (chosen.isEmpty()) {
      why.append("; " + found.get(0).formula() + " fits, but no other parameter shows that n");
      return Optional.empty();
    }
    if (disagree(chosen, target)) {
      ShareModel m = chosen.get(0);
      ShareModel o = chosen.stream().filter(x -> x.at(target) != m.at(target)).findFirst()
          .orElseThrow();
      why.append("; " + m.formula() + " and " + o.formula() + " both fit and disagree at the"
          + " target (" + m.at(target) + " against " + o.at(target) + "); trace another count"
          + " to tell them apart");
      return Optional.empty();
    }
    return Optional.of(chosen.get(0));
  }

  private static boolean disagree(List<ShareModel> ms, Scale.Size target) {
    long v = ms.get(0).at(target);
    return ms.stream().anyMatch(m -> m.at(target) != v);
  }

  private static long unit(long n, long g, int c, int e, boolean ceil) {
    long share = (ceil ? (n + g - 1) / g : n / g) + c;
    long v = 1;
    for (int i = 0; i < e; i++) {
      v *= share;
    }
    return v;
  }

  private static boolean whole(Scale g, Scale.Size s) {
    double v = g.at(s);
    return v >= 1 && Math.abs(v - Math.rint(v)) < 1e-9;
  }
}
