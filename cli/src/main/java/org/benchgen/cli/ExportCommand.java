package org.benchgen.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.benchgen.io.AtomicOutput;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.format.SiteLines;
import org.benchgen.otf2.Otf2Export;
import org.benchgen.query.ParquetExport;
import org.benchgen.rawtrace.TraceDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code benchgen export --format otf2 TRACE -o DIR}. */
@Command(name = "export", mixinStandardHelpOptions = true,
    description = {"Writes a trace in another tool's format. otf2: DIR/"
        + Otf2Export.ANCHOR + ", an OTF2 archive as Score-P writes it, for Vampir, Scalasca,"
        + " TAU and otf2-print: each call a region inside a region named after its call site,"
        + " with its message, collective and request records. A compressed trace is expanded"
        + " first: its times are then the histograms' means, made causal by replaying the"
        + " matching (no receive ends before its send starts, no collective before its last"
        + " member entered), as the summary says.",
        "benchgen import reads the archive back (docs/otf2.md).",
        "Needs bg-otf2-write, which the build makes on libotf2 (apt-get install"
            + " libotf2-trace-dev).",
        "parquet: DIR/calls.parquet, messages, collectives, compute, comms, fan and"
            + " comm_time.parquet: the views of benchgen query (docs/query.md), for pandas,"
            + " Polars and Pipit; TRACE may also be an OTF2 archive's anchor file.", ""})
final class ExportCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Option(names = "--format", required = true, paramLabel = "FORMAT",
      description = "the format to write: otf2 or parquet")
  Format format;

  @Parameters(paramLabel = "TRACE", description = "a trace directory or a compressed trace"
      + " (.bgc); for parquet also an OTF2 archive's anchor file (.otf2)")
  Path trace;

  @Mixin
  NewDirectory output;

  @Option(names = "--force", description = "otf2: write even above 256 MB (estimated as expand"
      + " does), 16,384 rank files or the free space where DIR goes, which are refused otherwise"
      + " (docs/otf2.md, \"Export\")")
  boolean force;

  /** The formats export writes. */
  enum Format { otf2, parquet }

  @Override
  public Integer call() throws Exception {
    if (format == Format.parquet) {
      return parquet();
    }
    Otf2Export.RankSource source;
    Path trace = TraceDirectory.input(this.trace);
    if (Files.isDirectory(trace)) {
      source = Otf2Export.of(TraceDirectory.open(trace).rankFiles(),
          SiteLines.readHeader(trace.resolve(TraceDirectory.COMPRESSED)));
    } else {
      var t = TraceFiles.readCompressed(trace);
      ExpansionLimit.check(t, trace);
      if (!force) {
        // An archive holds a file a rank: a trace that says 100,000 ranks is weighed first.
        OutputBudget.check(trace + ": exporting", t.worldSize(), ExpandBudget.estimate(t, false),
            output.dir, "docs/otf2.md, \"Export\"");
      }
      source = Otf2Export.of(t);
    }
    Otf2Export.Result r = Otf2Export.run(source, output.dir,
        new Progress(spec.commandLine().getErr(), "exporting", source.size()));
    spec.commandLine().getOut().println(output.dir.resolve(Otf2Export.ANCHOR) + ": "
        + source.size() + " ranks, " + r.calls() + " MPI calls");
    r.rules().forEach((rule, n) -> spec.commandLine().getOut().println("  " + n + "  " + rule));
    source.notes().forEach(n -> spec.commandLine().getOut().println("  " + n));
    return 0;
  }

  /** The query's views as Parquet files ({@link ParquetExport}), written whole or not at all. */
  private int parquet() throws IOException {
    var err = spec.commandLine().getErr();
    ParquetExport.Result[] r = new ParquetExport.Result[1];
    try (QueryInputs in = QueryInputs.open(trace, err)) {
      AtomicOutput.writeDirectory(output.dir, dir -> r[0] = ParquetExport.write(in.input(), dir,
          QueryInputs.progress(err)));
    }
    var out = spec.commandLine().getOut();
    out.println(output.dir + ": " + r[0].files().size() + " Parquet files");
    for (ParquetExport.Written w : r[0].files()) {
      out.println("  " + w.view() + ".parquet  " + w.rows() + " rows");
    }
    r[0].notes().forEach(n -> err.println("benchgen: note: " + n));
    return 0;
  }
}
