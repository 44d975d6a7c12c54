package org.benchgen.ir;

import java.util.List;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;

/**
 * A regular section descriptor: one call site's calls folded across loop iterations and ranks.
 * {@code params} are positional, one per field of {@code op} ({@link Op#fields()}); they may be
 * held packed ({@link PackedParams}), as may {@code compute} ({@link PackedStats}): each reads as
 * the same list.
 */
public record Rsd(Op op, String site, RankList ranks, List<Param> params,
    List<ComputeStat> compute, CallTime duration) implements Node {
  public Rsd {
    // Packed lists are immutable already; a copy would unpack them.
    params = params instanceof PackedParams ? params : List.copyOf(params);
    compute = compute instanceof PackedStats ? compute : List.copyOf(compute);
    if (params.size() != op.fields().size()) {
      throw new IllegalArgumentException(op.mpiName() + " needs " + op.fields().size()
          + " params, got " + params.size());
    }
  }

  public Param param(Field f) {
    int s = op.slot(f);
    return s < 0 ? Param.none() : params.get(s);
  }

  /**
   * The mean compute time before this call when the previous call was at {@code after}: that
   * call path's mean, or the mean over all paths when it has none recorded; 0 without any.
   */
  public double meanComputeAfter(String after) {
    return meanComputeAfter(after, -1);
  }

  /**
   * {@link #meanComputeAfter(String)} for {@code rank}: its rank class's time where the path keeps
   * classes (any rank not in one, such as -1, takes the pooled time).
   */
  public double meanComputeAfter(String after, int rank) {
    long n = 0;
    double sum = 0;
    for (ComputeStat c : compute) {
      Histogram h = c.timeOf(rank);
      if (c.after().equals(after)) {
        return h.mean();
      }
      n += h.count();
      sum += h.count() * h.mean();
    }
    return n == 0 ? 0 : sum / n;
  }

  /**
   * What to multiply this call's compute totals by for its own calls: 1, except where its compute
   * paths count more intervals than it made calls, which only a copy of a shared block's call
   * does (docs/compressed-format.md, "Shared blocks"): its paths pool every place the block
   * stands, its call count is this place's, so its compute here is its calls' share. (A call
   * counts at most one interval per call; fewer where a rank's first call has none before it.)
   */
  public double computeScale() {
    long n = ComputeStat.intervals(compute);
    return n > duration.count() ? (double) duration.count() / n : 1;
  }

  /** The compute time before this call's calls, summed ({@link #computeScale}). */
  public double computeTotal() {
    double sum = 0;
    for (ComputeStat c : compute) {
      sum += c.time().total();
    }
    return sum * computeScale();
  }

  @Override
  public <R> R accept(NodeVisitor<R> visitor) {
    return visitor.visitRsd(this);
  }

  @Override
  public void accept(NodeScanner scanner) {
    scanner.visitRsd(this);
  }
}
