package org.benchgen.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.resolve.Resolution;
import org.benchgen.resolve.WildcardResolver;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/** {@code benchgen resolve [--re-resolve] TRACE -o FILE}. */
@Command(name = "resolve", mixinStandardHelpOptions = true,
    description = {"Resolves MPI_ANY_SOURCE receives (main paper, Algorithm 2) by simulating MPI"
        + " matching over all ranks: each gets the rank of its first matching sender, written"
        + " into the trace (loops kept). Where the trace records the source that actually"
        + " matched (benchgen's tracer does), that source is kept.",
        "A deadlock (with its wait-for cycle), a message never received or a receive never"
            + " satisfied is reported with ranks, calls, sites and loop iteration; exit code 1,"
            + " no output. `generate` runs this itself, after `align`.", ""})
final class ResolveCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  TraceArgument input;

  @Mixin
  CompressedOutput output;

  @Option(names = "--re-resolve", description = "compute every wildcard's source even where the"
      + " trace records it; a disagreement with the recorded source is a warning")
  boolean reResolve;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    CompressedTrace t = input.loadToResolve();
    Resolution res = new WildcardResolver(t, reResolve).resolve();
    if (res instanceof Resolution.Failed f) {
      return Findings.report(spec, input.path, f.finding());
    }
    Resolution.Resolved done = (Resolution.Resolved) res;
    for (String w : done.warnings()) {
      err.println("benchgen: warning: " + w);
    }
    err.flush();
    output.write(done.trace());
    spec.commandLine().getOut().println(output + ": " + (done.resolved() == 0
        ? "no wildcard receives; matching simulated, no deadlock; written unchanged"
        : done.resolved() + " wildcard receives resolved (" + (reResolve ? "re-resolved"
            : "recorded sources kept where known") + "), no deadlock"));
    return 0;
  }
}
