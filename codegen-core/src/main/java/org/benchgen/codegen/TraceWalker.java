package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;
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

  /**
   * The program body: the top level, its irregular sections as data tables, or, for a target
   * without data tables, node by node, each section still one region ({@link Emitter#section}).
   */
  public List<OutputModel> walk() {
    return walk(0, g.trace().body().size());
  }

  /**
   * The statements of {@code nodes}, top-level nodes of the trace taken node by node (no
   * irregular section as data): one thread's block of a threaded program.
   */
  public List<OutputModel> walkNodes(List<Node> nodes) {
    return siblings(nodes, RankList.range(0, g.trace().worldSize()), 0);
  }

  /**
   * The statements of the top-level nodes {@code lo} to {@code hi - 1}, as {@link #walk} makes
   * them, with the irregular sections that lie within: one thread's block of a threaded program.
   */
  public List<OutputModel> walk(int lo, int hi) {
    List<Node> body = g.trace().body();
    RankList world = RankList.range(0, g.trace().worldSize());
    List<OutputModel> out = new ArrayList<>();
    int from = lo;
    List<IrregularSections.Section> data = g.sections();
    List<IrregularSections.Span> spans = g.regions().spans();
    for (int k = 0; k < spans.size(); k++) {
      IrregularSections.Span s = spans.get(k);
      if (s.start() < lo || s.end() > hi) {
        continue;
      }
      int number = g.regions().number(s);
      out.addAll(siblings(body.subList(from, s.start()), world, 0));
      int from0 = s.start();
      int to = s.end();
      out.addAll(data.isEmpty() ? emitter.section(number, s, () -> siblings(body.subList(from0,
          to), world, 0)) : section(data.get(k), number, world));
      from = s.end();
    }
    out.addAll(siblings(body.subList(from, hi), world, 0));
    return out;
  }

  /** A loop over the section's steps, each the case its selector names; region {@code number}. */
  private List<OutputModel> section(IrregularSections.Section s, int number, RankList world) {
    LoopContext ctx = new LoopContext(g, s.steps(), ++loops, OptionalInt.of(number), 0,
        outside());
    enclosing.addLast(s.steps());
    // The selector's table is indexed by the loop's own index: one entry per step.
    Value selector = g.values().of(s.selector(), ParamExpressions.NUMBER, ctx.variable(),
        Optional.empty()).value();
    List<List<OutputModel>> cases = new ArrayList<>();
    for (Rsd r : s.shapes()) {
      cases.add(emitter.rsd(new RsdContext(g, r, ++rsds, outside())));
    }
    enclosing.removeLast();
    OutputModel loop = emitter.loop(ctx, List.of(emitter.dispatch(selector, cases)));
    RankList ranks = s.steps().ranks();
    return List.of(ranks.equals(world) ? loop : emitter.guard(RankConditions.of(ranks,
        g.trace().worldSize(), g.naming().rank()), List.of(loop)));
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
        LoopContext ctx = new LoopContext(g, l, ++loops, g.regions().region(l)
            .stream().mapToInt(Regions.Region::number).findFirst(), depth, outside());
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
