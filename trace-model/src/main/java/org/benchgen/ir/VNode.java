package org.benchgen.ir;

import java.util.List;

/**
 * A node of a {@link ValueSeq}: one value, or a body repeated a number of times. Immutable; the
 * structural hash is computed once so the folder compares nodes in O(1).
 */
public sealed interface VNode permits VNode.Leaf, VNode.Rep {
  /** A hash of the node's structure; equal nodes have equal hashes. */
  long hash();

  /** One value. */
  record Leaf(long value) implements VNode {
    @Override
    public long hash() {
      return mix(value);
    }
  }

  /** {@code body} repeated {@code times} times; build with {@link #of}. */
  record Rep(List<VNode> body, long times, long hash) implements VNode {
    public Rep {
      body = VNodes.of(body);
    }

    public static Rep of(List<VNode> body, long times) {
      long h = 0x9E3779B97F4A7C15L ^ times;
      for (VNode n : body) {
        h = mix(h * 31 + n.hash());
      }
      return new Rep(body, times, mix(h + times));
    }
  }

  static long mix(long z) {
    z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
    z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
    return z ^ (z >>> 33);
  }
}
