package org.benchgen.otf2;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * How often each rule of docs/otf2.md filled in what one format cannot say in the other, for the
 * summary of an import or export: a user sees at once whether the result is exact.
 */
final class RuleCounts {
  private final Map<String, Long> counts = new TreeMap<>();

  void add(String rule) {
    counts.merge(rule, 1L, Long::sum);
  }

  void addAll(RuleCounts other) {
    other.counts.forEach((k, v) -> counts.merge(k, v, Long::sum));
  }

  /** Each rule used, with the number of calls it applied to. */
  Map<String, Long> counts() {
    return Collections.unmodifiableMap(new TreeMap<>(counts));
  }
}
