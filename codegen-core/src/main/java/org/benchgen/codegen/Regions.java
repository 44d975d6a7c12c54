package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;

/**
 * The loop regions of a program, numbered L1, L2, ... in program order, depth first: every loop
 * of the trace, and every irregular section (which the program runs as one loop over its data
 * tables, {@link IrregularSections}); loops inside a section are no regions. The one numbering of
 * regions, the same for every target, whether it holds sections as data or writes them node by
 * node: the traversal hands it to the targets (the C+MPI program names each loop {@code loop
 * region L3} and scales it with {@code --compute-scale L3=X}, the coNCePTuaL program with {@code
 * --scale-L3 PERCENT}), and {@code verify} compares the time spent in each.
 */
public final class Regions {
  /**
   * Region L{@code number}: the loop the program runs (a section's loop over its steps), its
   * nesting depth (0 at the top level), the region it is in (0 for none), and the trace's nodes
   * whose calls it makes (a loop's body, a section's run of top-level nodes).
   */
  public record Region(int number, Loop loop, int depth, int parent, List<Node> nodes,
      boolean section) {
    public Region {
      nodes = List.copyOf(nodes);
    }
  }

  private final List<Region> all = new ArrayList<>();
  /** By identity: equal loops at two places of a trace are two regions. */
  private final Map<Loop, Integer> numbers = new IdentityHashMap<>();
  private final List<IrregularSections.Section> sections;

  private Regions(List<IrregularSections.Section> sections) {
    this.sections = List.copyOf(sections);
  }

  /** The regions of {@code trace}'s program whose top level has these irregular sections. */
  public static Regions of(CompressedTrace trace, List<IrregularSections.Section> sections) {
    Regions r = new Regions(sections);
    List<Node> body = trace.body();
    int from = 0;
    for (IrregularSections.Section s : sections) {
      r.nodes(body.subList(from, s.start()), 0, 0);
      r.add(s.steps(), 0, 0, body.subList(s.start(), s.end()), true);
      from = s.end();
    }
    r.nodes(body.subList(from, body.size()), 0, 0);
    return r;
  }

  private void nodes(List<Node> nodes, int depth, int parent) {
    for (Node n : nodes) {
      if (n instanceof Loop l) {
        int number = add(l, depth, parent, l.body(), false);
        nodes(l.body(), depth + 1, number);
      }
    }
  }

  private int add(Loop loop, int depth, int parent, List<Node> nodes, boolean section) {
    Region region = new Region(all.size() + 1, loop, depth, parent, nodes, section);
    all.add(region);
    numbers.put(loop, region.number());
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

  /** The irregular sections, each one region ({@link Region#section}), in program order. */
  public List<IrregularSections.Section> sections() {
    return sections;
  }

  /**
   * The region that runs {@code loop} (a loop of the trace, or a section's loop over its steps);
   * none for a loop inside an irregular section, which only a target without data tables writes.
   */
  public Optional<Region> region(Loop loop) {
    Integer n = numbers.get(loop);
    return n == null ? Optional.empty() : Optional.of(all.get(n - 1));
  }

  /**
   * The number of the region that runs {@code loop} (a loop of the trace, or a section's loop
   * over its steps).
   *
   * @throws IllegalArgumentException for a loop that is not one of this program's
   */
  public int number(Loop loop) {
    Integer n = numbers.get(loop);
    if (n == null) {
      throw new IllegalArgumentException("not a loop of this program");
    }
    return n;
  }
}
