package org.benchgen.compress;

import java.util.HashMap;
import java.util.Map;

/**
 * How many calls one call of a rebuilt trace made ({@link TraceBuilder}): per source RSD (its
 * index among the call's sources), per compute path (the id of the site of the unit's call before
 * it, -1 for a rank's first call, which has no compute before it) and per unit (its index among
 * the call's units). A call appended holds one call per unit; counts are kept from the first
 * merge on, so that the many calls that never fold cost two small arrays.
 */
final class CallPaths {
  private final int units;
  /** Per unit, before any merge: the source and path of its one call. */
  private final int[] sourceOf;
  private final int[] pathOf;
  /** Per (source, path): per unit, the calls; null until a merge. */
  private Map<Long, long[]> counts;

  CallPaths(int[] sourceOf, int[] pathOf) {
    this.units = sourceOf.length;
    this.sourceOf = sourceOf;
    this.pathOf = pathOf;
  }

  private static long key(int source, int path) {
    return ((long) source << 32) | (path & 0xffffffffL);
  }

  /** The calls unit {@code unit} made of source {@code source} on path {@code path}. */
  long count(int source, int path, int unit) {
    if (counts == null) {
      return sourceOf[unit] == source && pathOf[unit] == path ? 1 : 0;
    }
    long[] c = counts.get(key(source, path));
    return c == null ? 0 : c[unit];
  }

  /** The calls unit {@code unit} made of source {@code source}, on any path. */
  long count(int source, int unit) {
    if (counts == null) {
      return sourceOf[unit] == source ? 1 : 0;
    }
    long n = 0;
    for (Map.Entry<Long, long[]> e : counts.entrySet()) {
      if ((int) (e.getKey() >> 32) == source) {
        n += e.getValue()[unit];
      }
    }
    return n;
  }

  /** Adds the calls of {@code o}, a call of the same sources and units merged into this one. */
  void add(CallPaths o) {
    if (counts == null) {
      counts = new HashMap<>();
      addOnes(this);
    }
    if (o.counts == null) {
      addOnes(o);
      return;
    }
    o.counts.forEach((k, v) -> {
      long[] c = counts.computeIfAbsent(k, x -> new long[units]);
      for (int u = 0; u < units; u++) {
        c[u] += v[u];
      }
    });
  }

  private void addOnes(CallPaths o) {
    for (int u = 0; u < units; u++) {
      counts.computeIfAbsent(key(o.sourceOf[u], o.pathOf[u]), x -> new long[units])[u]++;
    }
  }
}
