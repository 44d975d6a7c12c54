package org.benchgen.codegen.output;

import java.util.List;

/**
 * The compute time before a call: {@code otherwise}, unless the rank's previous call was at the
 * site numbered {@code after} of a case (before a loop's first iteration, for instance, the time
 * differs from steady state).
 */
public record Compute(List<AfterSite> cases, Amount otherwise) implements OutputModel {
  public Compute {
    cases = List.copyOf(cases);
  }

  /** The amount when the previous call was at site {@code after}. */
  public record AfterSite(int after, Amount amount) implements OutputModel {}

  /** How long to compute. */
  public sealed interface Amount extends OutputModel {}

  /** A fixed time, in microseconds, written with one decimal. */
  public record Micros(String us) implements Amount {}

  /**
   * The amount of the executing rank's class (load imbalance): the first case whose condition
   * holds for the rank, else {@code otherwise}.
   */
  public record ByRank(List<RankAmount> cases, Amount otherwise) implements Amount {
    public ByRank {
      cases = List.copyOf(cases);
    }
  }

  /** One rank class's amount in a {@link ByRank}. */
  public record RankAmount(Condition when, Amount amount) implements OutputModel {}

  /** A time drawn at run time from the histogram table {@code table}. */
  public record Sampled(String table) implements Amount {}

  /**
   * A histogram to draw from: a bin by its count, then uniformly within its power-of-two range
   * clamped to [min, max] nanoseconds, times {@code scale} (written with 6 decimals), which makes
   * the draws' expectation the histogram's mean.
   */
  public record HistTable(String name, long min, long max, List<Bin> bins, String scale)
      implements OutputModel {
    public HistTable {
      bins = List.copyOf(bins);
    }
  }

  /** {@code count} values in [2^(log2-1), 2^log2). */
  public record Bin(int log2, long count) implements OutputModel {}
}
