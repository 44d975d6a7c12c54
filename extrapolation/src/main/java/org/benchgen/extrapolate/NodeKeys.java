package org.benchgen.extrapolate;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Rsd;

/**
 * Names for the nodes of a trace that stay the same at another rank count, so that a node of one
 * trace finds its counterpart in another even where merging put siblings in another order: a
 * call by its function and site, a loop by its first call, each with its rank among its siblings
 * of the same name, prefixed by its parent's name. A loop has a second name, by the calls of
 * its body as a set: merging at another count may put another call first (NPB LU's halo loop
 * at 2x2 ranks), and a node not found by its first name is looked for by its second.
 */
final class NodeKeys {
  private final Map<Node, String> keys = new IdentityHashMap<>();
  private final Map<String, Node> nodes = new HashMap<>();
  private final Map<String, Node> bySet = new HashMap<>();
  /** Between a key's first name and its second (by the sets of the loops' calls). */
  private static final char SECOND = '\u0001';

  NodeKeys(List<Node> body) {
    index(body, "", "");
  }

  String key(Node n) {
    return keys.get(n);
  }

  /** The node of this trace with {@code key}, by its first name, else its second; or null. */
  Node node(String key) {
    int cut = key.indexOf(SECOND);
    Node n = nodes.get(key.substring(0, cut));
    return n != null ? n : bySet.get(key.substring(cut + 1));
  }

  private void index(List<Node> body, String prefix, String setPrefix) {
    Map<String, Integer> seen = new HashMap<>();
    Map<String, Integer> seenSet = new HashMap<>();
    for (Node n : body) {
      String label = label(n);
      int k = seen.merge(label, 1, Integer::sum);
      String key = prefix + "/" + label + "#" + k;
      String set = setLabel(n);
      String setKey = setPrefix + "/" + set + "#" + seenSet.merge(set, 1, Integer::sum);
      keys.put(n, key + SECOND + setKey);
      nodes.put(key, n);
      bySet.put(setKey, n);
      if (n instanceof Loop l) {
        index(l.body(), key, setKey);
      }
    }
  }

  /** A call's label, or a loop's by the labels of its body's nodes, sorted. */
  private static String setLabel(Node n) {
    if (n instanceof Loop l) {
      java.util.TreeSet<String> calls = new java.util.TreeSet<>();
      l.body().forEach(x -> calls.add(setLabel(x)));
      return "loop{" + String.join(",", calls) + "}";
    }
    return label(n);
  }

  /** For people and keys: {@code MPI_Send@a.c:10}, or {@code loop(MPI_Send@a.c:10)}. */
  static String label(Node n) {
    if (n instanceof Rsd r) {
      return r.op().mpiName() + "@" + r.site();
    }
    Loop l = (Loop) n;
    return "loop(" + (l.body().isEmpty() ? "" : label(l.body().get(0))) + ")";
  }
}
