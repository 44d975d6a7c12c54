package org.benchgen.otf2;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * How often each rule of docs/otf2.md filled in what one format cannot say in the other, for the
 * summary of an import or export: a user sees at once whether the result is exact. Rules that
 * translate what the records say ({@link #add}) are kept apart from calls whose bytes or peers the
 * records do not say at all ({@link #unknown}), which the import prints as warnings.
 */
final class RuleCounts {
  private final Map<String, Long> counts = new TreeMap<>();
  private final Map<String, Long> unknown = new TreeMap<>();

  void add(String rule) {
    counts.merge(rule, 1L, Long::sum);
  }

  /** A call whose bytes or peers could not be known: {@code what} says which and what was done. */
  void unknown(String what) {
    unknown.merge(what, 1L, Long::sum);
  }

  void addAll(RuleCounts other) {
    other.counts.forEach((k, v) -> counts.merge(k, v, Long::sum));
    other.unknown.forEach((k, v) -> unknown.merge(k, v, Long::sum));
  }

  /** Each kind of call whose bytes or peers could not be known, with the number of such calls. */
  Map<String, Long> unknowns() {
    return Collections.unmodifiableMap(new TreeMap<>(unknown));
  }

  /** Each rule used, with the number of calls it applied to. */
  Map<String, Long> counts() {
    return Collections.unmodifiableMap(new TreeMap<>(counts));
  }
}
