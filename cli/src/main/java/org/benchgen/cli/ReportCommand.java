package org.benchgen.cli;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.benchgen.io.AtomicOutput;
import org.benchgen.report.Report;
import org.benchgen.report.ReportInput;
import org.benchgen.stats.TraceComparison;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code benchgen report TRACE [OTHER] -o FILE.html}. */
@Command(name = "report", mixinStandardHelpOptions = true,
    description = {"Writes one self-contained HTML page (no script, no network: it opens offline"
        + " and can be mailed) with pictures of a trace: its loop structure (collapsible),"
        + " compute and MPI time per rank, where ranks waited (late sender, collective wait),"
        + " the rank-to-rank byte matrix, calls and bytes per MPI function, and the compute-time"
        + " histograms of the heaviest call paths.",
        "With OTHER (typically the traced run of the benchmark), both side by side under"
            + " a verdict, the MPI functions that differ highlighted. The verdict is the worst of"
            + " calls and bytes and run time: green when calls, bytes and matrix are identical and"
            + " every rank's run time is within the tolerance, amber up to "
            + Report.AMBER_TOLERANCES + " times it, red beyond or when calls or bytes differ."
            + " Exit code 0 when calls, bytes and matrix are identical, 1 otherwise, as verify.",
        "Times from a trace directory are exact; a compressed trace's are estimates from its"
            + " summaries, and the page says so.", ""})
final class ReportCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "TRACE", description = "a trace directory or a"
      + " compressed trace (.bgc)")
  Path trace;

  @Parameters(index = "1", arity = "0..1", paramLabel = "OTHER", description = "a second trace"
      + " to compare with TRACE")
  Path other;

  @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE.html",
      description = "the page to write (replaced whole)")
  Path output;

  @Mixin
  TimeTolerance timeTolerance;

  @Override
  public Integer call() throws Exception {
    double tolerance = timeTolerance.percent();
    ReportInput a = TraceArgument.reportInput(trace, spec.commandLine().getErr());
    Optional<ReportInput> b = Optional.empty();
    if (other != null) {
      b = Optional.of(TraceArgument.reportInput(other, spec.commandLine().getErr()));
    }
    String page = Report.html(a, b, tolerance);
    AtomicOutput.writeFile(output, w -> w.write(page));
    spec.commandLine().getOut().println(output + ": report of " + trace
        + (other == null ? "" : " and " + other));
    spec.commandLine().getOut().flush();
    if (b.isPresent() && !new TraceComparison(a.stats(), b.get().stats()).identical()) {
      return Benchgen.INPUT_ERROR;
    }
    return 0;
  }
}
