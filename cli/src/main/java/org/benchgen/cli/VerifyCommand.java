package org.benchgen.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.benchgen.stats.StatsReport;
import org.benchgen.stats.TraceComparison;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code benchgen verify ORIGINAL OTHER}. */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = {"Compares two traces (raw or compressed), typically an application's and its"
        + " benchmark's: per rank and MPI function, calls and bytes (which must be equal); the"
        + " rank-to-rank message matrix; total and compute time per rank (a compressed trace's"
        + " per-rank times are estimates from its merged histograms).",
        "Prints a table. Exit code 0 when calls, bytes and matrix are identical, 1 otherwise.",
        ""})
final class VerifyCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "ORIGINAL", description = "the traced run")
  Path original;

  @Parameters(index = "1", paramLabel = "OTHER", description = "the run to compare with it")
  Path other;

  @Override
  public Integer call() throws Exception {
    TraceComparison c = new TraceComparison(TraceArgument.stats(original,
        spec.commandLine().getErr()), TraceArgument.stats(other, spec.commandLine().getErr()));
    PrintWriter out = spec.commandLine().getOut();
    c.report(original.toString(), other.toString(), StatsReport.MATRIX_MAX_RANKS, out);
    out.flush();
    return c.identical() ? 0 : Benchgen.INPUT_ERROR;
  }
}
