package org.benchgen.extrapolate;

import java.util.List;
import java.util.Optional;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.RankList;

/**
 * The first check of the template, before anything is fitted from it: every rank of a region
 * must run the same calls as the rest of its region. Where they do not, the ranks that run a
 * call are told apart more precisely for the refusal: where they repeat every m ranks along one
 * dimension (odd coordinates along z), the program's ranks are alike by their coordinate
 * modulo m, not by their place at the grid's ends or inside. A multigrid makes such classes at
 * its coarse levels, where a level has fewer points than ranks along a dimension: every other
 * rank holds a point and exchanges with ranks 2 apart, the others idle. Regions cannot stand for
 * them, and which ranks are alike changes with each side's length, so it is refused, saying so.
 */
final class ResidueClasses {
  private ResidueClasses() {}

  /** Refuses the template whose regions' ranks do not run the same calls, explaining why. */
  static void check(Input template) throws ExtrapolationException {
    Grid g = template.grid();
    List<Grid.Region> regions = g.regions();
    check(template, template.trace().body(), g, regions);
  }

  /**
   * The same for the largest of {@code inputs}, the refusal naming the sides of {@code target}
   * that no traced grid has (the classes along them were never seen).
   */
  static void check(List<Input> inputs, Grid target) throws ExtrapolationException {
    try {
      check(inputs.get(inputs.size() - 1));
    } catch (ExtrapolationException e) {
      String untraced = untraced(inputs, target);
      throw new ExtrapolationException(e.getMessage() + (untraced.isEmpty() ? ""
          : "; the target's grid " + target + " has " + untraced + ", which no traced grid has"));
    }
  }

  /** The sides of {@code target} no input has along the same dimension: "4 along y, ...". */
  static String untraced(List<Input> inputs, Grid target) {
    String[] names = {"x", "y", "z", "w"};
    StringBuilder b = new StringBuilder();
    for (int d = 0; d < target.dims().length; d++) {
      int side = target.dims()[d];
      final int dim = d;
      if (inputs.stream().noneMatch(i -> i.grid().dims().length > dim
          && i.grid().dims()[dim] == side)) {
        b.append(b.length() == 0 ? "" : ", ").append(side).append(" along ")
            .append(names[Math.min(d, 3)]);
      }
    }
    return b.toString();
  }

  private static void check(Input t, List<Node> nodes, Grid g, List<Grid.Region> regions)
      throws ExtrapolationException {
    for (Node n : nodes) {
      RankList runs = n.ranks();
      for (Grid.Region r : regions) {
        int[] ranks = r.ranks();
        int in = -1;
        int out = -1;
        for (int rank : ranks) {
          if (runs.contains(rank)) {
            in = in < 0 ? rank : in;
          } else {
            out = out < 0 ? rank : out;
          }
        }
        if (in >= 0 && out >= 0) {
          throw new ExtrapolationException(refusal(t, n, r, in, out));
        }
      }
      if (n instanceof Loop l) {
        check(t, l.body(), g, regions);
      }
    }
  }

  private static String refusal(Input t, Node n, Grid.Region r, int in, int out) {
    Grid g = t.grid();
    String head = t.name() + " (" + t.ranks() + " ranks, grid " + g + ", the largest trace): "
        + NodeKeys.label(n) + " runs on rank " + in + " and not on rank " + out
        + ", both of region " + r.describe() + ", so that region's ranks are not alike";
    Optional<int[]> period = period(g, n.ranks());
    if (period.isEmpty()) {
      return head + "; benchgen's regions (each dimension's low end, inside and high end) are"
          + " the classes of alike ranks it knows (docs/extrapolation.md)";
    }
    String[] names = {"x", "y", "z", "w"};
    int d = period.get()[0];
    int m = period.get()[1];
    return head + "; the ranks that run it repeat every " + m + " along " + names[Math.min(d, 3)]
        + " (side " + g.dims()[d] + "): ranks are alike by their coordinate modulo " + m
        + ", not by their place, as a multigrid's coarse levels make where a level has fewer"
        + " points than ranks along a dimension (one rank in " + m + " holds a point and"
        + " exchanges with ranks " + m + " apart, the others idle). Regions cannot stand for"
        + " such ranks, and which ranks are alike changes with each side's length, so a trace"
        + " cannot speak for a grid whose sides it does not have; extrapolating it would need a"
        + " model of which ranks hold each coarse level's points (the level's points per"
        + " dimension against the side), which benchgen does not have (docs/extrapolation.md)";
  }

  /**
   * The dimension and the least period m (2 or more, dividing the side, less than it) along
   * which {@code ranks} repeats on {@code g}, where it does not repeat every 1.
   */
  static Optional<int[]> period(Grid g, RankList ranks) {
    for (int d = 0; d < g.dims().length; d++) {
      int side = g.dims()[d];
      if (repeats(g, ranks, d, 1)) {
        continue;
      }
      for (int m = 2; m < side; m++) {
        if (side % m == 0 && repeats(g, ranks, d, m)) {
          return Optional.of(new int[] {d, m});
        }
      }
    }
    return Optional.empty();
  }

  /** Whether shifting every rank by {@code m} along {@code d}, around its edge, keeps the set. */
  private static boolean repeats(Grid g, RankList ranks, int d, int m) {
    for (int rank = 0; rank < g.size(); rank++) {
      int[] c = g.coords(rank);
      c[d] = (c[d] + m) % g.dims()[d];
      if (ranks.contains(rank) != ranks.contains(g.rank(c))) {
        return false;
      }
    }
    return true;
  }
}
