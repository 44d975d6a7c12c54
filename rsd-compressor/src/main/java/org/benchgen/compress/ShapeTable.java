package org.benchgen.compress;

import java.util.concurrent.ConcurrentHashMap;
import org.benchgen.trace.Op;

/**
 * Process-wide shape ids: an RSD's shape is its op and call site, a loop's the shapes of its body
 * (not its trip count, which is a parameter). Equal ids mean equal shapes, on every rank.
 */
final class ShapeTable {
  private static final ConcurrentHashMap<Object, Integer> IDS = new ConcurrentHashMap<>();
  private static final java.util.concurrent.atomic.AtomicInteger NEXT =
      new java.util.concurrent.atomic.AtomicInteger(1);

  private ShapeTable() {}

  private record RsdKey(Op op, String site) {}

  static int rsd(Op op, String site) {
    return id(new RsdKey(op, site));
  }

  static int loop(int[] bodyShapes) {
    return id(new IntsKey(bodyShapes));
  }

  private static int id(Object key) {
    Integer id = IDS.get(key);
    return id != null ? id : IDS.computeIfAbsent(key, k -> NEXT.getAndIncrement());
  }
}
