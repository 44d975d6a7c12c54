package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.benchgen.codegen.Regions;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Rsd;

/**
 * Which loop regions ({@link Regions}, the numbering the C+MPI benchmark's comments use too) get
 * a program parameter of their own, {@code scale_LN} from {@code --scale-LN}: those with compute
 * in them, nested loops included, the outermost first, one per short option that is left.
 * coNCePTuaL wants a one-character short option for every parameter, lowercase letter or digit,
 * so that bounds them at 35; a region without a parameter takes the factor around it.
 */
final class RegionScales {
  /** The short options left for regions: {@code -c} is {@code compute_scale}'s. */
  static final String OPTIONS = "abdefghijklmnopqrstuvwxyz0123456789";

  /** The regions that have a parameter, by number, and their short option. */
  private final Map<Integer, Character> options = new TreeMap<>();

  /** The parameters of {@code regions} where {@code computes} holds for an RSD inside. */
  RegionScales(Regions regions, Predicate<Rsd> computes, Emission e) {
    List<Regions.Region> computing = new ArrayList<>();
    for (Regions.Region r : regions.all()) {
      if (any(r, computes)) {
        computing.add(r);
      }
    }
    computing.sort(Comparator.comparingInt(Regions.Region::depth)
        .thenComparingInt(Regions.Region::number));
    List<Regions.Region> left = computing.subList(Math.min(OPTIONS.length(), computing.size()),
        computing.size());
    if (!left.isEmpty()) {
      e.note(computing.size() + " loop regions compute but coNCePTuaL has short options for "
          + OPTIONS.length() + ": the outermost have a --scale-LN parameter; " + left.size()
          + " take the factor of the region around them (" + names(left) + ")");
    }
    List<Regions.Region> kept = new ArrayList<>(computing.subList(0, computing.size()
        - left.size()));
    kept.sort(Comparator.comparingInt(Regions.Region::number));
    for (int i = 0; i < kept.size(); i++) {
      options.put(kept.get(i).number(), OPTIONS.charAt(i));
    }
  }

  private static boolean any(Regions.Region r, Predicate<Rsd> computes) {
    boolean[] found = {false};
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd rsd) {
        found[0] |= computes.test(rsd);
      }
    }.scan(r.nodes());
    return found[0];
  }

  /** The first few regions' names, for a note that stays short. */
  private static String names(List<Regions.Region> rs) {
    List<String> out = new ArrayList<>();
    rs.stream().limit(8).forEach(r -> out.add("L" + r.number()));
    return String.join(", ", out) + (rs.size() > 8 ? ", ..." : "");
  }

  /** Whether region {@code number} has a parameter of its own. */
  boolean scaled(int number) {
    return options.containsKey(number);
  }

  /** The parameters, by region number. */
  List<NModel.Scale> parameters() {
    List<NModel.Scale> out = new ArrayList<>();
    options.forEach((n, o) -> out.add(new NModel.Scale(n, String.valueOf(o))));
    return out;
  }
}
