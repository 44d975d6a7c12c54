package org.benchgen.ir.format;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.ComputeStat.RankClass;
import org.benchgen.ir.Histogram;
import org.benchgen.ir.RankList;
import org.benchgen.trace.TraceProblem;

/**
 * One RSD's {@code compute} lines as they are read: per call path, either one pooled line or up to
 * {@link ComputeStat#MAX_CLASSES} lines of rank classes ({@code ranks=R}), in the order the paths
 * first appear.
 */
final class ComputeLines {
  /** Per call path: the pooled histogram (one element, no ranks) or the classes read so far. */
  private final Map<String, List<RankClass>> byPath = new LinkedHashMap<>();
  private final Map<String, Boolean> pooled = new LinkedHashMap<>();

  /**
   * Adds a line: the path {@code after}, the class's ranks if it has {@code ranks=}, its time and
   * mean CPU time if it has {@code cpu=}.
   */
  void add(String after, Optional<RankList> ranks, Histogram time, OptionalDouble cpu) {
    List<RankClass> seen = byPath.get(after);
    if (seen != null && (pooled.get(after) || ranks.isEmpty())) {
      throw new TraceProblem("a second compute line for path " + after + (ranks.isEmpty()
          ? "" : " (a call path has one line, or one per rank class with ranks=)"));
    }
    if (seen == null) {
      seen = new ArrayList<>();
      byPath.put(after, seen);
      pooled.put(after, ranks.isEmpty());
    }
    if (seen.size() == ComputeStat.MAX_CLASSES) {
      throw new TraceProblem("more than " + ComputeStat.MAX_CLASSES
          + " rank classes for path " + after);
    }
    seen.add(new RankClass(ranks.orElse(RankList.empty()), time, cpu));
  }

  /** How many intervals the lines read count (their pooled histograms'). */
  long count() {
    long n = 0;
    for (List<RankClass> classes : byPath.values()) {
      for (RankClass c : classes) {
        n = n > Long.MAX_VALUE - c.time().count() ? Long.MAX_VALUE : n + c.time().count();
      }
    }
    return n;
  }

  /** The statistics read, in order. */
  List<ComputeStat> stats() {
    List<ComputeStat> out = new ArrayList<>();
    byPath.forEach((after, classes) -> out.add(pooled.get(after)
        ? new ComputeStat(after, classes.get(0).time(), classes.get(0).cpu())
        : ComputeStat.ofClasses(after, classes)));
    return out;
  }
}
