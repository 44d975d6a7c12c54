package org.benchgen.ir.format;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.benchgen.ir.CallTime;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.Histogram;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.TraceLimits;

/**
 * A trace's times as its file holds them: means and deviations at the digits the writer writes
 * ({@link Decimals}), a histogram of one value as {@code V*N} reads back, rank classes' pooled
 * time merged from their written classes. Shared blocks pool these, so that a trace compressed
 * in memory and the same trace read from its file (the tracer's, which {@code benchgen trace}
 * writes again) pool to the same bytes. A list of compute paths that several calls share, as the
 * copies of a block read from a file do, stays one list ({@link SharedBlocks} counts it once).
 * The tracer's C twin is {@code tracer/src/fold_pool.c}.
 */
final class AsWritten {
  private final Map<List<ComputeStat>, List<ComputeStat>> lists = new IdentityHashMap<>();

  private AsWritten() {}

  static CompressedTrace of(CompressedTrace t) {
    AsWritten a = new AsWritten();
    return t.withRsds(a::rsd);
  }

  private Rsd rsd(Rsd r) {
    CallTime d = r.duration().count() == 0 ? CallTime.NONE : new CallTime(r.duration().count(),
        Double.parseDouble(Decimals.mean(r.duration().mean(), 0, TraceLimits.MAX_TIME_NS)));
    return new Rsd(r.op(), r.site(), r.ranks(), r.params(),
        lists.computeIfAbsent(r.compute(), AsWritten::compute), d);
  }

  private static List<ComputeStat> compute(List<ComputeStat> stats) {
    // List.copyOf: a list Rsd's own List.copyOf keeps as it is, so that sharing survives.
    return List.copyOf(stats.stream().map(s -> s.classes().isEmpty()
        ? new ComputeStat(s.after(), histogram(s.time()), cpu(s.cpu()))
        : ComputeStat.ofClasses(s.after(), s.classes().stream()
            .map(k -> new ComputeStat.RankClass(k.ranks(), histogram(k.time()), cpu(k.cpu())))
            .toList())).toList());
  }

  /** As the writer writes it and the reader reads it back ({@link TimeLines#histogram}). */
  private static Histogram histogram(Histogram h) {
    if (h.count() > 0 && h.min() == h.max()) {
      return new Histogram(h.count(), h.min(), h.min(), h.min(), 0,
          List.of(new Histogram.Bin(Histogram.binOf(h.min()), h.count())));
    }
    return new Histogram(h.count(), h.min(), h.max(),
        Double.parseDouble(Decimals.mean(h.mean(), h.min(), h.max())),
        Double.parseDouble(Decimals.sd(h.sd())), h.bins());
  }

  private static OptionalDouble cpu(OptionalDouble cpu) {
    return cpu.isEmpty() ? cpu
        : OptionalDouble.of(Double.parseDouble(Decimals.mean(cpu.getAsDouble(), 0,
            Long.MAX_VALUE)));
  }
}
