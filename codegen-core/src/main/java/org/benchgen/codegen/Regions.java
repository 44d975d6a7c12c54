package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.RankList;

/**
 * The loop regions of a program, numbered L1, L2, ... in program order, depth first: every loop
 * of the trace, and every irregular section (which a target with data tables runs as one loop over
 * them, {@link IrregularSections}); loops inside a section are no regions. The one numbering of
 * regions, the same for every target, whether it holds sections as data or writes them node by
 * node: the traversal hands it to the targets (the C+MPI program names each loop {@code loop
 * region L3} and scales it with {@code --compute-scale L3=X}, the coNCePTuaL program with {@code
 * --scale-L3 PERCENT}), and {@code verify} compares the time spent in each. It needs only where
 * the sections are ({@link IrregularSections.Span}), not their data.
 */
public final class Regions {
  /**
   * Region L{@code number}: its nesting depth (0 at the top level), the region it is in (0 for
   * none), the trace's nodes whose calls it makes (a loop's body, a section's run of top-level
   * nodes), the ranks that run it, and the trace's loop it is, none for an irregular section.
   */
  public record Region(int number, int depth, int parent, List<Node> nodes, RankList ranks,
      Optional<Loop> loop) {
    public Region {
      nodes = List.copyOf(nodes);
    }

    /** Whether the region is an irregular section. */
    public boolean section() {
      return loop.isEmpty();
    }
  }

  private final List<Region> all = new ArrayList<>();
  /** By identity: equal loops at two places of a trace are two regions. */
  private final Map<Loop, Integer> numbers = new IdentityHashMap<>();
  private final Map<IrregularSections.Span, Integer> sections = new HashMap<>();
  private final List<IrregularSections.Span> spans;

  private Regions(List<IrregularSections.Span> spans) {
    this.spans = List.copyOf(spans);
  }

  /** The regions of {@code trace}'s program whose top level has sections at these spans. */
  public static Regions of(CompressedTrace trace, List<IrregularSections.Span> spans) {
    Regions r = new Regions(spans);
    List<Node> body = trace.body();
    int from = 0;
    for (IrregularSections.Span s : spans) {
      r.nodes(body.subList(from, s.start()), 0, 0);
      List<Node> run = body.subList(s.start(), s.end());
      RankList ranks = RankList.empty();
      for (Node n : run) {
        ranks = ranks.union(n.ranks());
      }
      r.sections.put(s, r.add(0, 0, run, ranks, Optional.empty()));
      from = s.end();
    }
    r.nodes(body.subList(from, body.size()), 0, 0);
    return r;
  }

  private void nodes(List<Node> nodes, int depth, int parent) {
    for (Node n : nodes) {
      if (n instanceof Loop l) {
        int number = add(depth, parent, l.body(), l.ranks(), Optional.of(l));
        numbers.put(l, number);
        nodes(l.body(), depth + 1, number);
      }
    }
  }

  private int add(int depth, int parent, List<Node> nodes, RankList ranks, Optional<Loop> loop) {
    Region region = new Region(all.size() + 1, depth, parent, nodes, ranks, loop);
    all.add(region);
    return region.number();
  }

  /** Every region, L1 first. */
  public List<Region> all() {
    return all;
  }

  /** How many regions there are: they are L1 to L{@code count()}. */
  public int count() {
    return all.size();
  }

  /** Where the irregular sections are, each one region, in program order. */
  public List<IrregularSections.Span> spans() {
    return spans;
  }

  /**
   * The region that is {@code loop}, a loop of the trace; none for a loop inside an irregular
   * section, which only a target without data tables writes.
   */
  public Optional<Region> region(Loop loop) {
    Integer n = numbers.get(loop);
    return n == null ? Optional.empty() : Optional.of(all.get(n - 1));
  }

  /**
   * The number of the region that is {@code loop}, a loop of the trace.
   *
   * @throws IllegalArgumentException for a loop that is not one of this program's regions
   */
  public int number(Loop loop) {
    return region(loop).orElseThrow(() -> new IllegalArgumentException(
        "not a loop of this program")).number();
  }

  /**
   * The number of the region that is the section at {@code span}.
   *
   * @throws IllegalArgumentException for a span that is not one of this program's sections
   */
  public int number(IrregularSections.Span span) {
    Integer n = sections.get(span);
    if (n == null) {
      throw new IllegalArgumentException("not a section of this program");
    }
    return n;
  }
}
