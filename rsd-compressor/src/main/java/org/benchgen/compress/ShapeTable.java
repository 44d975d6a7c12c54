package org.benchgen.compress;

import java.util.HashMap;
import java.util.Map;
import org.benchgen.trace.Op;

/**
 * Shape ids for one folder or one merge: an RSD's shape is its op and call site, a loop's the
 * shapes of its body (not its trip count, which is a parameter). Equal ids mean equal shapes within
 * the one user of the table; ids are never compared across tables.
 */
final class ShapeTable {
  private final Map<Object, Integer> ids = new HashMap<>();

  private record RsdKey(Op op, String site) {}

  int rsd(Op op, String site) {
    return id(new RsdKey(op, site));
  }

  int loop(int[] bodyShapes) {
    return id(new IntsKey(bodyShapes));
  }

  private int id(Object key) {
    return ids.computeIfAbsent(key, k -> ids.size() + 1);
  }
}
