package org.benchgen.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.CompressedTrace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code benchgen expand FILE -o DIR}. */
@Command(name = "expand", mixinStandardHelpOptions = true,
    description = {"Expands a compressed trace back into per-rank event streams: every rank's"
        + " exact calls and parameters. Times are rebuilt from the histogram means.", ""})
final class ExpandCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "FILE", description = "a compressed trace")
  Path input;

  @Mixin
  NewDirectory output;

  @Option(names = "--gzip", description = "write rank-R.trace.gz files")
  boolean gzip;

  @Option(names = "--force", description = "write even above 256 MB (estimated), 16,384 rank"
      + " files or the free space where DIR goes, which are refused otherwise"
      + " (docs/compressed-format.md, \"Expanding\")")
  boolean force;

  @Override
  public Integer call() throws Exception {
    CompressedTrace t = TraceArgument.readToWalk(input);
    if (!force) {
      ExpandBudget.check(t, input, output.dir, gzip);
    }
    TraceFiles.expand(t, output.dir, gzip, new Progress(spec.commandLine().getErr(), "expanding",
        t.worldSize()));
    spec.commandLine().getOut().println(output + ": " + t.worldSize() + " rank streams");
    return 0;
  }
}
