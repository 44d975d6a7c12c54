package org.benchgen.report;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.format.NodeLabels;
import org.benchgen.report.ReportModel.TreeNode;

/**
 * A compressed trace's loop structure as the page's collapsible tree, with {@code show}'s labels;
 * loops open down to two levels. At most {@link #MAX_NODES} nodes, each label at most {@link
 * TraceViews#LABEL} characters, so that a trace from a stranger cannot make a page too big to
 * open: the rest is counted, not shown.
 */
final class LoopTree {
  static final int MAX_NODES = 500;

  private final NodeLabels labels;
  private int shown;
  private long left;

  private LoopTree(CompressedTrace t) {
    this.labels = new NodeLabels(t);
  }

  /** The tree's top nodes, and how many nodes were left out (0 when none). */
  record Tree(List<TreeNode> top, long leftOut) {}

  static Tree of(CompressedTrace t) {
    LoopTree b = new LoopTree(t);
    List<TreeNode> top = b.nodes(t.body(), RankList.range(0, t.worldSize()), 0);
    return new Tree(top, b.left);
  }

  private List<TreeNode> nodes(List<Node> body, RankList parent, int depth) {
    List<TreeNode> out = new ArrayList<>();
    for (Node n : body) {
      if (shown >= MAX_NODES) {
        left += count(n);
        continue;
      }
      shown++;
      if (n instanceof Loop l) {
        out.add(new TreeNode(TraceViews.capped(labels.loop(l, parent)), nodes(l.body(),
            l.ranks(), depth + 1),
            depth < 2));
      } else if (n instanceof Rsd r) {
        out.add(new TreeNode(TraceViews.capped(labels.rsd(r, parent)), List.of(), false));
      }
    }
    return out;
  }

  private static long count(Node n) {
    return n instanceof Loop l ? 1 + l.body().stream().mapToLong(LoopTree::count).sum() : 1;
  }
}
