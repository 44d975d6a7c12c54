package org.benchgen.ir;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A trace's CPU time (recorded with {@code benchgen trace --cpu-time}): whether it has it, and the
 * trace as if each compute interval had lasted its CPU time, which is what a benchmark replays
 * with {@code generate --compute cpu}.
 */
public final class CpuTime {
  private CpuTime() {}

  /**
   * The share of compute time a rank was descheduled for, above which the tools say so: its
   * compute is then partly waiting for a core, which a benchmark replaying wall time would
   * busy-wait ({@code generate --compute cpu} replays CPU time instead).
   */
  public static final double NOTE = 0.05;

  /** Total compute time of the intervals that have CPU time, wall and CPU, in nanoseconds. */
  public record Share(double wallNs, double cpuNs) {
    /** The share of the wall time that was not CPU time (0 when there was none). */
    public double descheduled() {
      return wallNs > 0 ? Math.max(0, 1 - cpuNs / wallNs) : 0;
    }
  }

  /** The compute time of {@code trace}'s intervals that have CPU time, summed over ranks. */
  public static Share share(CompressedTrace trace) {
    double[] sums = new double[2];
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        // A shared block's copy holds the block's pooled paths: this place's share of them.
        double scale = r.computeScale();
        for (ComputeStat c : r.compute()) {
          if (c.cpu().isPresent()) {
            sums[0] += c.time().total() * scale;
            sums[1] += c.time().count() * c.cpu().getAsDouble() * scale;
          }
        }
      }
    }.scan(trace.body());
    return new Share(sums[0], sums[1]);
  }

  /** Whether every compute statistic of {@code trace} has its CPU time (and there is one). */
  public static boolean recorded(CompressedTrace trace) {
    boolean[] any = {false};
    boolean[] all = {true};
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        for (ComputeStat c : r.compute()) {
          any[0] = true;
          all[0] &= c.cpu().isPresent() || c.time().count() == 0;
        }
      }
    }.scan(trace.body());
    return any[0] && all[0];
  }

  /** {@code trace} with every compute statistic replaced by {@link ComputeStat#asCpuTime}. */
  public static CompressedTrace replayed(CompressedTrace trace) {
    // A list that calls share (a shared block's copies) stays shared (PlaceShares needs it).
    Map<List<ComputeStat>, List<ComputeStat>> lists = new IdentityHashMap<>();
    return trace.withRsds(r -> new Rsd(r.op(), r.site(), r.ranks(), r.params(),
        lists.computeIfAbsent(r.compute(), c -> List.copyOf(c.stream()
            .map(ComputeStat::asCpuTime).toList())), r.duration()));
  }
}
