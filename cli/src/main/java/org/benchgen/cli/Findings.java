package org.benchgen.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.benchgen.findings.Finding;
import picocli.CommandLine.Model.CommandSpec;

/** How commands report a {@link Finding}: one line on stderr, exit code 1. */
final class Findings {
  private Findings() {}

  static int report(CommandSpec spec, Path input, Finding f) {
    PrintWriter err = spec.commandLine().getErr();
    err.println("benchgen: error " + f.problem().code() + " in " + input + ": "
        + f.problem().summary() + ": " + f.message());
    err.flush();
    return Benchgen.INPUT_ERROR;
  }
}
