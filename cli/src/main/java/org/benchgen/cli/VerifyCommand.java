package org.benchgen.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.benchgen.codegen.Benchmarks;
import org.benchgen.codegen.ComputeTimes;
import org.benchgen.codegen.LoopComparison;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.CpuTime;
import org.benchgen.resolve.WildcardResolver;
import org.benchgen.stats.ComputeDistributions;
import org.benchgen.stats.StatsReport;
import org.benchgen.stats.TraceComparison;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.TraceProblem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code benchgen verify ORIGINAL OTHER}. */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = {"Compares two traces (raw or compressed), typically an application's (A) and"
        + " its benchmark's (B):",
        "- per rank and MPI function, calls and bytes (which must be equal), and the rank-to-rank"
            + " message matrix;",
        "- per rank, run time (end of MPI_Init to start of MPI_Finalize) and compute time, with"
            + " B's relative error from A (a compressed trace's per-rank times are estimates"
            + " from its merged histograms);",
        "- per loop region (L1, L2, ... as the C+MPI benchmark names them in its comments), the"
            + " time spent in it (compute and MPI calls, all iterations, summed over ranks),"
            + " regions matched by structure; when the two traces' loops differ, no loop is"
            + " compared and the verdict says so;",
        "- per rank, the distribution of compute intervals of at least 1 us (a two-sample"
            + " Kolmogorov-Smirnov test, alpha 0.01), from trace directories only. A benchmark"
            + " generated with --compute mean (the default) replays each call path's mean, so"
            + " its distribution is narrower by design; --compute sample reproduces it.",
        "Ends with a verdict. Exit code 0 when calls, bytes and matrix are identical, 1"
            + " otherwise; times do not change it unless --strict-time is given.", ""})
final class VerifyCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "ORIGINAL", description = "the traced run (A)")
  Path original;

  @Parameters(index = "1", paramLabel = "OTHER", description = "the run to compare with it (B)")
  Path other;

  @Mixin
  TimeTolerance timeTolerance;

  @Option(names = "--strict-time", description = "exit 1 also when a rank's time or a loop"
      + " region's time is outside the tolerance")
  boolean strictTime;

  @Option(names = "--loops", paramLabel = "N", defaultValue = "10",
      description = "show the N loop regions with the most time in A (default ${DEFAULT-VALUE});"
          + " 0 compares no loops, and saves compressing, aligning and resolving both traces")
  int loops;

  @Override
  public Integer call() throws Exception {
    double tolerance = timeTolerance.percent();
    if (loops < 0) {
      throw new ParameterException(spec.commandLine(), "--loops must be 0 or more");
    }
    PrintWriter err = spec.commandLine().getErr();
    long minNs = Math.round(ComputeTimes.MIN_NS);
    TraceComparison c = new TraceComparison(TraceArgument.stats(original, minNs, err),
        TraceArgument.stats(other, minNs, err));
    PrintWriter out = spec.commandLine().getOut();
    c.report(original.toString(), other.toString(), StatsReport.MATRIX_MAX_RANKS, out);
    List<String> verdict = new ArrayList<>(c.verdict(tolerance));
    descheduled("A", c.a(), out, verdict);
    descheduled("B", c.b(), out, verdict);
    boolean timeOutside = !c.timeCheck(tolerance).within();
    if (loops > 0) {
      LoopComparison.Outcome l = loops(err);
      out.println();
      LoopComparison.report(l, tolerance, loops, out);
      verdict.add("  " + LoopComparison.verdict(l, tolerance));
      timeOutside |= l instanceof LoopComparison.Matched m && !m.outside(tolerance).isEmpty();
    }
    ComputeDistributions.Outcome d = ComputeDistributions.compare(c.a(), c.b());
    out.println();
    ComputeDistributions.report(d, minNs, StatsReport.MATRIX_MAX_RANKS, out);
    ComputeDistributions.verdict(d).forEach(line -> verdict.add("  " + line));
    if (strictTime && timeOutside) {
      verdict.add("  exit 1: time outside " + TraceComparison.number(tolerance)
          + " % (--strict-time)");
    }
    out.println();
    verdict.forEach(out::println);
    out.flush();
    return c.identical() && !(strictTime && timeOutside) ? 0 : Benchgen.INPUT_ERROR;
  }

  /**
   * Where a trace has CPU time and some of its ranks were descheduled, says which and adds it to
   * the verdict: those ranks' times include waiting for a core.
   */
  private static void descheduled(String name, TraceStats s, PrintWriter out,
      List<String> verdict) {
    int n = StatsReport.descheduledRanks(s);
    if (n > 0) {
      out.println();
      StatsReport.descheduled(s, name + ": ", out);
      verdict.add(String.format(java.util.Locale.ROOT, "  %s: %d of %d ranks descheduled for"
          + " over %.0f %% of their compute time: their times include waiting for a core"
          + " (generate --compute cpu replays CPU time)", name, n, s.worldSize(),
          100 * CpuTime.NOTE));
    }
  }

  /**
   * Both traces prepared as generate prepares them, their regions compared; a trace
   * that generate would refuse is no error here, its loops are just not compared.
   */
  private LoopComparison.Outcome loops(PrintWriter err) throws IOException {
    Benchmarks.Preparation[] p = new Benchmarks.Preparation[2];
    Path[] paths = {original, other};
    String[] names = {"A", "B"};
    for (int i = 0; i < 2; i++) {
      CompressedTrace t = TraceArgument.loadToWalk(paths[i], err);
      try {
        TraceArgument.checkMemory(paths[i], t.worldSize(), WildcardResolver.BYTES_PER_RANK,
            "the matching simulation of");
      } catch (TraceProblem e) {
        return new LoopComparison.Unmatched(names[i] + " is too large: " + e.getMessage());
      }
      try {
        p[i] = Benchmarks.prepare(t);
      } catch (TraceProblem e) {
        return new LoopComparison.Unmatched("generate refuses " + names[i] + ": "
            + e.getMessage());
      }
      if (p[i] instanceof Benchmarks.Failed f) {
        // A threaded trace's loop regions are those of its threads (docs/codegen.md, "Threads").
        return new LoopComparison.Unmatched(f.finding().problem()
            == org.benchgen.findings.Problem.SEVERAL_THREADS ? names[i] + "'s loop regions, which"
            + " are per thread: " + f.finding() : "generate refuses " + names[i] + ": "
            + f.finding());
      }
    }
    return LoopComparison.compare((Benchmarks.Prepared) p[0], (Benchmarks.Prepared) p[1]);
  }
}
