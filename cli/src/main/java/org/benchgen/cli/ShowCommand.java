package org.benchgen.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.TreeView;
import org.benchgen.rawtrace.TraceDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/** {@code benchgen show TRACE}. */
@Command(name = "show", mixinStandardHelpOptions = true,
    description = {"Prints the structure of a compressed trace as an indented tree: loops with"
        + " trip counts; RSDs with call, rank list, peers relative to the rank (r+1), sizes and"
        + " compute time. A trace directory is compressed first.", ""})
final class ShowCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  TraceArgument input;

  @Override
  public Integer call() throws Exception {
    CompressedTrace t = input.loadToShow();
    TreeView.print(t, spec.commandLine().getOut());
    spec.commandLine().getOut().flush();
    return 0;
  }
}
