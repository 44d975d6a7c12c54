package org.benchgen.cli;

import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.benchgen.stats.StatsReport;
import org.benchgen.stats.TraceStats;
import org.benchgen.stats.WaitTimes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/** {@code benchgen stats TRACE}. */
@Command(name = "stats", mixinStandardHelpOptions = true,
    description = {"Per-rank, per-call counts and bytes of a raw or compressed trace (the same"
        + " numbers for both). Bytes: sent for sends, received for receives, the significant"
        + " send-side buffer for collectives (docs/trace-format.md, \"Bytes\").", ""})
final class StatsCommand implements Callable<Integer> {
  enum Format { text, csv, json }

  @Spec
  CommandSpec spec;

  @Mixin
  TraceArgument input;

  @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT",
      description = "text (tables, totals, byte matrix), csv (rank,op,calls,bytes) or json;"
          + " default: ${DEFAULT-VALUE}")
  Format format;

  @Option(names = "--waits", description = "also where each rank waited, per MPI function:"
      + " late sender (a receive or wait until its sender started) and collective wait (until"
      + " the last member arrived), from the simulated matching; exact for a trace directory,"
      + " estimated from a compressed trace's mean times")
  boolean waits;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    TraceStats s = input.stats();
    Optional<WaitTimes> w = waits ? Optional.of(input.waits()) : Optional.empty();
    PrintWriter out = spec.commandLine().getOut();
    switch (format) {
      case csv -> StatsReport.csv(s, w, out);
      case json -> StatsReport.json(s, w, out);
      default -> StatsReport.text(s, w, out);
    }
    out.flush();
    return 0;
  }
}
