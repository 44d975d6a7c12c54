package org.benchgen.codegen;

import java.util.List;
import java.util.PrimitiveIterator;
import org.benchgen.compress.ChoiceSection;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.trace.TraceProblem;

/**
 * A choice section ({@link ChoiceSection}) as the data of an irregular section ({@link
 * IrregularSections.Section}): its call shapes are the section's RSDs as they are (each already
 * holds, per rank, the values of all its calls in order), and the selector, per rank, the shape
 * of each call, read off the guards' trip counts. Nothing is expanded but those trip counts: no
 * call is walked, no value read (issue 50; before, alignment walked the section into many nodes
 * and this class walked them again).
 */
final class ChoiceTables {
  private ChoiceTables() {}

  /** The section's data, at {@code span} of a trace of {@code world} ranks. */
  static IrregularSections.Section section(int world, IrregularSections.Span span,
      ChoiceSection c) {
    List<Loop> guards = c.guards();
    // Guard j's calls are shapes first[j] .. first[j] + its RSDs - 1, in the order of shapes().
    int[] first = new int[guards.size()];
    for (int j = 1; j < first.length; j++) {
      first[j] = first[j - 1] + guards.get(j - 1).body().size();
    }
    Longs[] selector = new Longs[world];
    Longs ranks = new Longs();
    for (int r : c.loop().ranks().toArray()) {
      long steps = entry(c.loop(), r).values().seq().iterator().nextLong();
      PrimitiveIterator.OfLong[] trips = new PrimitiveIterator.OfLong[guards.size()];
      for (int j = 0; j < trips.length; j++) {
        Loop g = guards.get(j);
        trips[j] = g.ranks().contains(r) ? entry(g, r).values().seq().iterator() : null;
      }
      // A step runs the guards in order, each 0 or 1 times: the calls in the order they ran.
      Longs sel = new Longs();
      for (long k = 0; k < steps; k++) {
        for (int j = 0; j < trips.length; j++) {
          if (trips[j] != null && trips[j].nextLong() == 1) {
            for (int k2 = 0; k2 < guards.get(j).body().size(); k2++) {
              sel.add(first[j] + k2);
            }
          }
        }
      }
      if (sel.size() > 0) {
        selector[r] = sel;
        ranks.add(r);
      }
    }
    Param trips = IrregularSections.perRank(world, r -> selector[r] == null ? null
        : new Longs(selector[r].size()), false);
    Param sel = IrregularSections.perRank(world, r -> selector[r], false);
    int[] with = new int[ranks.size()];
    for (int i = 0; i < with.length; i++) {
      with[i] = (int) ranks.at(i);
    }
    return new IrregularSections.Section(span, new Loop(RankList.of(with), trips, List.of()), sel,
        c.shapes());
  }

  private static ParamEntry entry(Loop l, int rank) {
    return l.trips().entryFor(rank).orElseThrow(() -> new TraceProblem(
        "no loop trip count for rank " + rank));
  }
}
