package org.benchgen.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.benchgen.stats.StatsReport;
import org.benchgen.stats.TraceStats;
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

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    TraceStats s = input.stats();
    PrintWriter out = spec.commandLine().getOut();
    switch (format) {
      case csv -> StatsReport.csv(s, out);
      case json -> StatsReport.json(s, out);
      default -> StatsReport.text(s, out);
    }
    out.flush();
    return 0;
  }
}
