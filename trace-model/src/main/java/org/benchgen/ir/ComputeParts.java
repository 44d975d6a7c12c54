package org.benchgen.ir;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * One call's compute paths given out in parts, in order, to the calls that each make some of its
 * calls: the places of a shared block that pools them ({@link PlaceShares}), the calls the aligner
 * split a call into. Each part names, for each group of ranks of each path (its rank classes, or
 * the path's ranks), the fraction of the group's intervals that are its own (of the calls it
 * made); it gets as many whole intervals, bin by bin, so that:
 * <ul>
 *   <li>the parts of a bin add up to the bin (no interval lost or counted twice);
 *   <li>each part's distribution is the whole's in little (min, max, mean and deviation kept);
 *   <li>a part gets its fraction of all intervals, rounded once over all bins (largest
 *       remainders): where the fractions are those of its calls on each path, as many intervals
 *       as its calls had.
 * </ul>
 */
public final class ComputeParts {
  /** A part's fraction (0 to 1) of one group of ranks' intervals on one path. */
  @FunctionalInterface
  public interface Share {
    /** The fraction of {@code group}'s intervals on {@code path} that the part takes. */
    double of(ComputeStat path, RankList group);
  }

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
   * The next part, taking {@code share} of each group on each path. Paths of which it gets no
   * interval are left out.
   */
  public List<ComputeStat> next(Share share) {
    for (int p = 0; p < stats.size(); p++) {
      for (int k = 0; k < groups.get(p).size(); k++) {
        double s = share.of(stats.get(p), groups.get(p).get(k));
        // NaN (no calls to share by) takes nothing.
        double f = done[p][k] + (s > 0 ? s : 0);
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
      sum = saturated(sum, take[i]);
    }
    sum = adjust(take, sum, saturated(Math.round(total), -handed), ideal);
    handed = saturated(handed, sum);
    for (int i = 0; i < take.length; i++) {
      given[i] += take[i];
    }
    return part(take);
  }

  private static long saturated(long a, long b) {
    long s = a + b;
    // Overflow only where both have the sign the sum lacks (counts of a hostile file).
    return ((a ^ s) & (b ^ s)) < 0 ? (a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE) : s;
  }

  /**
   * Moves {@code sum} to {@code wanted} one interval at a time, largest remainders first. The
   * floors leave it at most one interval per bin away; counts near 2^63, which round in
   * floating point, may leave it further, and two passes are all it takes.
   */
  private long adjust(long[] take, long sum, long wanted, double[] ideal) {
    Integer[] order = new Integer[take.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Comparator<Integer> byRemainder = Comparator.comparingDouble(
        i -> ideal[i] - given[i] - take[i]);
    for (int pass = 0; pass < 2 && sum != wanted; pass++) {
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
