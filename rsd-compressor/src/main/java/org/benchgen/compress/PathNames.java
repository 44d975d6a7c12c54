package org.benchgen.compress;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.ComputeStat.RankClass;
import org.benchgen.ir.RankList;

/**
 * Compute paths renamed ({@link TraceBuilder}): a path is the site of the call before, and where
 * calls from sites {@code A} and {@code B} were joined into one call of site {@code A|B}, the
 * intervals after it follow {@code A|B}, which is what expansion and the generated code see as
 * the call before. Paths that become one are merged, their rank classes kept apart where the
 * ranks' times differ ({@link ComputeClasses#group}).
 */
final class PathNames {
  private PathNames() {}

  /**
   * {@code stats} with each path in {@code names} renamed; {@code ranksOn} gives the ranks that
   * took a path, for one without classes that is merged with another.
   */
  static List<ComputeStat> rename(List<ComputeStat> stats, Map<String, String> names,
      Function<String, RankList> ranksOn) {
    if (names.isEmpty()) {
      return stats;
    }
    Map<String, List<ComputeStat>> byPath = new LinkedHashMap<>();
    for (ComputeStat c : stats) {
      byPath.computeIfAbsent(names.getOrDefault(c.after(), c.after()), k -> new ArrayList<>(2))
          .add(c);
    }
    List<ComputeStat> out = new ArrayList<>(byPath.size());
    byPath.forEach((path, same) -> {
      if (same.size() == 1) {
        ComputeStat c = same.get(0);
        out.add(new ComputeStat(path, c.time(), c.classes(), c.cpu()));
        return;
      }
      List<RankClass> classes = new ArrayList<>();
      for (ComputeStat c : same) {
        classes.addAll(c.classesOr(ranksOn.apply(c.after())));
      }
      out.add(ComputeStat.ofClasses(path, ComputeClasses.group(classes)));
    });
    return out;
  }
}
