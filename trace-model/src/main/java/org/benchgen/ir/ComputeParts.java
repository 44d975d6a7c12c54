package org.benchgen.ir;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One call's compute paths given out in parts, in order, to the calls that each make some of its
 * calls: the places of a shared block that pools them ({@link PlaceShares}), the calls the aligner
 * split a call into. Each part names, for each group of ranks of each path (its rank classes, or
 * the path's ranks), the fraction of the group's calls that it made; it gets as many whole
 * intervals, bin by bin, so that:
 * <ul>
 *   <li>the parts of a bin add up to the bin (no interval lost or counted twice);
 *   <li>each part's distribution is the whole's in little (min, max, mean and deviation kept);
 *   <li>a part gets its fraction of all intervals, rounded once over all bins (largest
 *       remainders), so that it has no more intervals than calls where the whole had none.
 * </ul>
 */
public final class ComputeParts {
  private final List<ComputeStat> stats;
  /** Per path, its groups' ranks. */
  private final List<List<RankList>> groups = new ArrayList<>();
  /** Per path and group: the fraction of its calls that the parts before made. */
  private final double[][] done;
  /** The bins of all groups of all paths, in order: path, group, bin within the group. */
  private final int[] pathOf;
  private final int[] groupOf;
  private final long[] count;
  /** Per bin, the intervals given to the parts before. */
  private final long[] given;
  /** Intervals given so far: the rounded sum of every bin's count times its group's fraction. */
  private long handed;

  /** The parts of {@code stats}, the paths of a call made by {@code ranks}. */
  public ComputeParts(List<ComputeStat> stats, RankList ranks) {
    this.stats = List.copyOf(stats);
    done = new double[stats.size()][];
    int bins = 0;
    for (ComputeStat c : stats) {
      List<RankList> g = c.classes().isEmpty() ? List.of(ranks)
          : c.classes().stream().map(ComputeStat.RankClass::ranks).toList();
      groups.add(g);
      done[groups.size() - 1] = new double[g.size()];
      for (int k = 0; k < g.size(); k++) {
        bins += time(c, k).bins().size();
      }
    }
    pathOf = new int[bins];
    groupOf = new int[bins];
    count = new long[bins];
    given = new long[bins];
    int i = 0;
    for (int p = 0; p < stats.size(); p++) {
      for (int k = 0; k < groups.get(p).size(); k++) {
        for (Histogram.Bin b : time(stats.get(p), k).bins()) {
          pathOf[i] = p;
          groupOf[i] = k;
          count[i++] = b.count();
        }
      }
    }
  }

  private static Histogram time(ComputeStat c, int group) {
    return c.classes().isEmpty() ? c.time() : c.classes().get(group).time();
  }

  /**
   * The next part: {@code fraction} gives, for a group's ranks, the fraction (0 to 1) of the
   * group's calls that the part made. Paths of which it gets no interval are left out.
   */
  public List<ComputeStat> next(ToDoubleFunction<RankList> fraction) {
    for (int p = 0; p < stats.size(); p++) {
      for (int k = 0; k < groups.get(p).size(); k++) {
        double f = done[p][k] + Math.max(0, fraction.applyAsDouble(groups.get(p).get(k)));
        // A group whose calls are all made gets all of its intervals, whatever the rounding.
        done[p][k] = f > 1 - 1e-9 ? 1 : f;
      }
    }
    double[] ideal = new double[count.length];
    double total = 0;
    long[] take = new long[count.length];
    long sum = 0;
    for (int i = 0; i < count.length; i++) {
      double f = done[pathOf[i]][groupOf[i]];
      ideal[i] = f == 1 ? count[i] : count[i] * f;
      total += ideal[i];
      take[i] = Math.max(0, Math.min(count[i], (long) Math.floor(ideal[i])) - given[i]);
      sum += take[i];
    }
    sum = adjust(take, sum, Math.round(total) - handed, ideal);
    handed += sum;
    for (int i = 0; i < take.length; i++) {
      given[i] += take[i];
    }
    return part(take);
  }

  /** Moves {@code sum} to {@code wanted} one interval at a time, largest remainders first. */
  private long adjust(long[] take, long sum, long wanted, double[] ideal) {
    Integer[] order = new Integer[take.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Comparator<Integer> byRemainder = Comparator.comparingDouble(
        i -> ideal[i] - given[i] - take[i]);
    while (sum != wanted) {
      boolean up = sum < wanted;
      Arrays.sort(order, up ? byRemainder.reversed() : byRemainder);
      long before = sum;
      for (int i : order) {
        if (sum == wanted) {
          break;
        }
        if (up && given[i] + take[i] < count[i]) {
          take[i]++;
          sum++;
        } else if (!up && take[i] > 0) {
          take[i]--;
          sum--;
        }
      }
      if (sum == before) {
        break; // nothing left to give or to take back
      }
    }
    return sum;
  }

  private List<ComputeStat> part(long[] take) {
    List<ComputeStat> out = new ArrayList<>();
    int i = 0;
    for (int p = 0; p < stats.size(); p++) {
      ComputeStat c = stats.get(p);
      List<ComputeStat.RankClass> kept = new ArrayList<>();
      for (int k = 0; k < groups.get(p).size(); k++) {
        Histogram whole = time(c, k);
        long[] counts = Arrays.copyOfRange(take, i, i + whole.bins().size());
        i += counts.length;
        Histogram h = whole.part(counts);
        if (h.count() > 0 && c.classes().isEmpty()) {
          out.add(new ComputeStat(c.after(), h, List.of(), c.cpu()));
        } else if (h.count() > 0) {
          ComputeStat.RankClass rc = c.classes().get(k);
          kept.add(new ComputeStat.RankClass(rc.ranks(), h, rc.cpu()));
        }
      }
      if (!kept.isEmpty()) {
        out.add(ComputeStat.ofClasses(c.after(), kept));
      }
    }
    return out;
  }
}
