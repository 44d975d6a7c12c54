package org.benchgen.compress;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.Rsd;

/**
 * A choice section as the passes after compression see it (docs/compressed-format.md, "Choice
 * sections"): a top-level loop, entered once, whose body is only guard loops of 0 or 1 trips an
 * iteration, each around one RSD, its call shape, or around the RSDs of a path of calls. {@link ChoiceSections} makes them; alignment
 * keeps them and the generators take them as their irregular-section tables, so that neither
 * walks the section's steps to rebuild what it already holds (issue 50).
 *
 * <p>Recognized by structure alone, in time of the section's nodes and of its guards' compressed
 * trip sequences, never of its steps. A regular code's trace has no such loop: a loop folded from
 * repetitions never runs 0 times an iteration, and at least one guard here must.
 */
public record ChoiceSection(Loop loop, List<Loop> guards) {
  public ChoiceSection {
    guards = List.copyOf(guards);
  }

  /** Each guard's RSDs, the section's call shapes, in order (a guard's path of calls in its order). */
  public List<Rsd> shapes() {
    return guards.stream().flatMap(g -> g.body().stream().map(n -> (Rsd) n)).toList();
  }

  /**
   * How many calls its ranks make in it: per rank, its guards' trip counts over the rank's steps,
   * summed on the compressed sequences (not step by step). ArithmeticException if it overflows.
   */
  public long calls() {
    long n = 0;
    for (int r : loop.ranks().toArray()) {
      long steps = loop.trips().entryFor(r).map(e -> e.values().seq().iterator().nextLong())
          .orElse(0L);
      for (Loop g : guards) {
        Optional<ParamEntry> e = g.trips().entryFor(r);
        if (e.isPresent()) {
          n = Math.addExact(n, Math.multiplyExact(e.get().values().seq().sumOfFirst(steps),
              (long) g.body().size()));
        }
      }
    }
    return n;
  }

  /**
   * {@code n} as a choice section, if it is one: a loop whose trip count is one value on each of
   * its ranks (a top-level loop is entered once), whose body is two or more loops, each of RSDs
   * only (a path of calls taken together: step choices, docs/compressed-format.md) and of its
   * section's ranks, whose trip counts are 0 or 1, 0 somewhere.
   */
  public static Optional<ChoiceSection> of(Node n) {
    if (!(n instanceof Loop l) || l.body().size() < 2) {
      return Optional.empty();
    }
    for (ParamEntry e : l.trips().entries()) {
      if (!e.values().seq().isSingleValue()) {
        return Optional.empty();
      }
    }
    List<Loop> guards = new ArrayList<>();
    boolean chooses = false;
    for (Node b : l.body()) {
      if (!(b instanceof Loop g) || g.body().isEmpty()
          || !g.body().stream().allMatch(x -> x instanceof Rsd)
          || !l.ranks().union(g.ranks()).equals(l.ranks())) {
        return Optional.empty();
      }
      // Distinct values of the compressed sequences, walked once: not the steps.
      for (long t : g.trips().leaves().distinct().toArray()) {
        if (t != 0 && t != 1) {
          return Optional.empty();
        }
        chooses |= t == 0;
      }
      guards.add(g);
    }
    return chooses ? Optional.of(new ChoiceSection(l, guards)) : Optional.empty();
  }
}
