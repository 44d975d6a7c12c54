package org.benchgen.align;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;

/**
 * The ranks of a compressed trace grouped into classes that walk it identically: two ranks are in
 * one class when every rank list of the trace (nodes and parameter entries) holds both or neither.
 * Such ranks take the same nodes, loop trips and stored values, so one traversal context (on the
 * class's first rank) stands for the whole class. A regular code has a handful of classes whatever
 * its rank count (a 3-D stencil: corners, edges, faces, interior). Partition refinement, in time
 * linear in the total size of the distinct rank lists. Classes are numbered by first rank.
 */
public final class RankClasses {
  private final int[] classOf;
  private final List<RankList> ranks;

  public RankClasses(CompressedTrace trace) {
    int p = trace.worldSize();
    int[] cls = new int[p];
    int count = 1;
    Set<RankList> seen = new HashSet<>();
    List<RankList> sets = new ArrayList<>();
    collect(trace.body(), seen, sets);
    // For the set being applied: the class each old class's members move to (stamped by set).
    int[] moveTo = new int[16];
    int[] stamp = new int[16];
    for (int k = 0; k < sets.size(); k++) {
      for (int r : sets.get(k).toArray()) {
        if (r >= p) {
          throw new org.benchgen.trace.TraceProblem("rank " + r + " outside world of " + p);
        }
        int c = cls[r];
        if (stamp[c] != k + 1) {
          stamp[c] = k + 1;
          moveTo[c] = count++;
          if (count > moveTo.length) {
            moveTo = Arrays.copyOf(moveTo, 2 * count);
            stamp = Arrays.copyOf(stamp, 2 * count);
          }
        }
        cls[r] = moveTo[c];
      }
    }
    // Renumber by first rank, dropping ids emptied by the refinement.
    int[] renumber = new int[count];
    Arrays.fill(renumber, -1);
    int n = 0;
    for (int r = 0; r < p; r++) {
      if (renumber[cls[r]] < 0) {
        renumber[cls[r]] = n++;
      }
    }
    List<List<Integer>> byClass = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      byClass.add(new ArrayList<>());
    }
    classOf = new int[p];
    for (int r = 0; r < p; r++) {
      classOf[r] = renumber[cls[r]];
      byClass.get(classOf[r]).add(r);
    }
    List<RankList> out = new ArrayList<>(n);
    for (List<Integer> members : byClass) {
      out.add(RankList.of(members.stream().mapToInt(Integer::intValue).toArray()));
    }
    ranks = List.copyOf(out);
  }

  /** Every distinct rank list of the trace (nodes, trip counts, parameter entries), in order. */
  private static void collect(List<Node> nodes, Set<RankList> seen, List<RankList> sets) {
    new NodeScanner() {
      @Override
      public void visitLoop(Loop l) {
        add(l.ranks(), seen, sets);
        add(l.trips(), seen, sets);
        super.visitLoop(l);
      }

      @Override
      public void visitRsd(Rsd r) {
        add(r.ranks(), seen, sets);
        for (Param p : r.params()) {
          add(p, seen, sets);
        }
      }
    }.scan(nodes);
  }

  private static void add(Param p, Set<RankList> seen, List<RankList> sets) {
    for (ParamEntry e : p.entries()) {
      add(e.ranks(), seen, sets);
    }
  }

  private static void add(RankList s, Set<RankList> seen, List<RankList> sets) {
    if (seen.add(s)) {
      sets.add(s);
    }
  }

  public int count() {
    return ranks.size();
  }

  /** The ranks of class {@code c}. */
  public RankList ranks(int c) {
    return ranks.get(c);
  }

  /** All classes' rank lists, by class number. */
  public List<RankList> all() {
    return ranks;
  }

  public int classOf(int rank) {
    return classOf[rank];
  }
}
