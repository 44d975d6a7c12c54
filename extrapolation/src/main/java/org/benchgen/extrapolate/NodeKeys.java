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
 * of the same name, prefixed by its parent's name.
 */
final class NodeKeys {
  private final Map<Node, String> keys = new IdentityHashMap<>();
  private final Map<String, Node> nodes = new HashMap<>();

  NodeKeys(List<Node> body) {
    index(body, "");
  }

  String key(Node n) {
    return keys.get(n);
  }

  /** The node of this trace with {@code key}, or null. */
  Node node(String key) {
    return nodes.get(key);
  }

  private void index(List<Node> body, String prefix) {
    Map<String, Integer> seen = new HashMap<>();
    for (Node n : body) {
      String label = label(n);
      int k = seen.merge(label, 1, Integer::sum);
      String key = prefix + "/" + label + "#" + k;
      keys.put(n, key);
      nodes.put(key, n);
      if (n instanceof Loop l) {
        index(l.body(), key);
      }
    }
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
