package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.NodeVisitor;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;

/**
 * The shared traversal of a compressed trace for code generation: the tree in program order, the
 * emitter called for each RSD and loop. Consecutive siblings executed by the same ranks, fewer
 * than their parent's, share one guard. O(nodes): the program follows the trace's structure, not
 * its ranks or iterations.
 */
public final class TraceWalker {
  private final Generation g;
  private final Emitter emitter;
  private final java.util.ArrayDeque<Loop> enclosing = new java.util.ArrayDeque<>();
  private int rsds;
  private int loops;

  public TraceWalker(Generation g, Emitter emitter) {
    this.g = g;
    this.emitter = emitter;
  }

  /** The program body. */
  public List<OutputModel> walk() {
    return siblings(g.trace().body(), RankList.range(0, g.trace().worldSize()), 0);
  }

  private List<OutputModel> siblings(List<Node> nodes, RankList parent, int depth) {
    List<OutputModel> out = new ArrayList<>();
    int i = 0;
    while (i < nodes.size()) {
      RankList ranks = nodes.get(i).ranks();
      int j = i;
      List<OutputModel> run = new ArrayList<>();
      while (j < nodes.size() && nodes.get(j).ranks().equals(ranks)) {
        run.addAll(node(nodes.get(j), depth));
        j++;
      }
      if (ranks.equals(parent) || run.isEmpty()) {
        out.addAll(run);
      } else {
        out.add(emitter.guard(RankConditions.of(ranks, g.trace().worldSize(),
            g.naming().rank()), run));
      }
      i = j;
    }
    return out;
  }

  private List<OutputModel> node(Node n, int depth) {
    return n.accept(new NodeVisitor<List<OutputModel>>() {
      @Override
      public List<OutputModel> visitLoop(Loop l) {
        LoopContext ctx = new LoopContext(g, l, ++loops, depth, outside());
        enclosing.addLast(l);
        List<OutputModel> body = siblings(l.body(), l.ranks(), depth + 1);
        enclosing.removeLast();
        return List.of(emitter.loop(ctx, body));
      }

      @Override
      public List<OutputModel> visitRsd(Rsd r) {
        return emitter.rsd(new RsdContext(g, r, ++rsds, outside()));
      }
    });
  }

  /** The loops around the node being visited, outermost first. */
  private List<Loop> outside() {
    return List.copyOf(enclosing);
  }
}
