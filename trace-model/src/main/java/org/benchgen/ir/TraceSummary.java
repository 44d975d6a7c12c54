package org.benchgen.ir;

import java.util.List;

/** Counts of a compressed trace's structure, for summaries. */
public record TraceSummary(int ranks, int comms, int rsds, int loops, int maxDepth) {
  public static TraceSummary of(CompressedTrace t) {
    int[] c = new int[3];
    count(t.body(), 1, c);
    return new TraceSummary(t.worldSize(), t.comms().size(), c[0], c[1], c[2]);
  }

  private static void count(List<Node> nodes, int depth, int[] c) {
    for (Node n : nodes) {
      if (n instanceof Loop l) {
        c[1]++;
        c[2] = Math.max(c[2], depth);
        count(l.body(), depth + 1, c);
      } else {
        c[0]++;
      }
    }
  }
}
