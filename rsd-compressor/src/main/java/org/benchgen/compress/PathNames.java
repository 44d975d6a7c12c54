package org.benchgen.compress;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.ComputeStat.RankClass;
import org.benchgen.ir.RankList;

/**
 * Compute paths renamed ({@link TraceBuilder}): a path is the site of the call before, and where
 * calls from sites {@code A} and {@code B} were joined into one call of site {@code A|B}, the
 * intervals after it follow {@code A|B}, which is what expansion and the generated code see as
 * the call before. Where calls at one site followed the joined call and a call of its own at
 * that site, the path is split between the two by those calls. Paths that become one are merged,
 * their rank classes kept apart where the ranks' times differ ({@link ComputeClasses#group}).
 */
final class PathNames {
  private PathNames() {}

  /** A path's statistics, the name it takes, and the ranks that took it. */
  record Named(ComputeStat stat, String path, RankList ranks) {}

  /**
   * The statistics named, those of one name merged: their rank classes (or, for one without,
   * the ranks that took it) joined and regrouped.
   */
  static List<ComputeStat> merge(List<Named> named) {
    Map<String, List<Named>> byPath = new LinkedHashMap<>();
    for (Named n : named) {
      byPath.computeIfAbsent(n.path(), k -> new ArrayList<>(2)).add(n);
    }
    List<ComputeStat> out = new ArrayList<>(byPath.size());
    byPath.forEach((path, same) -> {
      if (same.size() == 1) {
        ComputeStat c = same.get(0).stat();
        out.add(c.after().equals(path) ? c
            : new ComputeStat(path, c.time(), c.classes(), c.cpu()));
        return;
      }
      List<RankClass> classes = new ArrayList<>();
      for (Named n : same) {
        classes.addAll(n.stat().classesOr(n.ranks()));
      }
      out.add(ComputeStat.ofClasses(path, ComputeClasses.group(classes)));
    });
    return out;
  }
}
