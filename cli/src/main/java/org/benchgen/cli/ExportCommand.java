package org.benchgen.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.benchgen.io.TraceFiles;
import org.benchgen.otf2.Otf2Export;
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
        + " first (its times are then the histograms' means).",
        "benchgen import reads the archive back (docs/otf2.md).",
        "Needs the OTF2 library's Python bindings (apt-get install python3-otf2).", ""})
final class ExportCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Option(names = "--format", required = true, paramLabel = "FORMAT",
      description = "the format to write: otf2")
  Format format;

  @Parameters(paramLabel = "TRACE", description = "a trace directory or a compressed trace"
      + " (.bgc)")
  Path trace;

  @Mixin
  NewDirectory output;

  /** The formats export writes. */
  enum Format { otf2 }

  @Override
  public Integer call() throws Exception {
    Otf2Export.RankSource source;
    Path trace = TraceDirectory.input(this.trace);
    if (Files.isDirectory(trace)) {
      source = Otf2Export.of(TraceDirectory.open(trace).rankFiles());
    } else {
      var t = TraceFiles.readCompressed(trace);
      ExpansionLimit.check(t, trace);
      source = Otf2Export.of(t);
    }
    Otf2Export.Result r = Otf2Export.run(source, output.dir,
        new Progress(spec.commandLine().getErr(), "exporting", source.size()));
    spec.commandLine().getOut().println(output.dir.resolve(Otf2Export.ANCHOR) + ": "
        + source.size() + " ranks, " + r.calls() + " MPI calls");
    r.rules().forEach((rule, n) -> spec.commandLine().getOut().println("  " + n + "  " + rule));
    return 0;
  }
}
