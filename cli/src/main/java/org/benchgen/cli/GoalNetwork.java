package org.benchgen.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.benchgen.codegen.GeneratedFile;
import org.benchgen.codegen.goal.SimRun;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.network.LogGopFit;
import org.benchgen.network.NetworkFit;
import org.benchgen.network.TracedMessages;
import org.benchgen.rawtrace.TraceDirectory;

/**
 * {@code generate --lang goal}'s LogGOP parameters: fitted from the rank streams when the trace
 * directory has them (every call's own time), else from the compressed trace's means; printed on
 * stderr and written into the schedule's Makefile ({@link SimRun}).
 */
final class GoalNetwork {
  private GoalNetwork() {}

  /** The fit of the trace at {@code input} ({@code trace}, as read), or why there is none. */
  static NetworkFit fit(Path input, CompressedTrace trace) throws IOException {
    boolean streams = Files.isDirectory(input) && TraceDirectory.input(input).equals(input);
    NetworkFit fit = LogGopFit.of(streams ? TracedMessages.ofStreams(input)
        : TracedMessages.of(trace));
    if (fit instanceof NetworkFit.Refused r && !streams) {
      return new NetworkFit.Refused(r.why() + " (a compressed trace keeps one mean time per call"
          + " site, so a call site whose message size changes from call to call says nothing of"
          + " any one size: `benchgen trace --raw` keeps every call's time, which this fit"
          + " reads)");
    }
    return fit;
  }

  /** The Makefile of {@code program}'s schedule; what it simulates with, said on {@code err}. */
  static GeneratedFile makefile(Path input, CompressedTrace trace, String program,
      PrintWriter err) throws IOException {
    NetworkFit fit = fit(input, trace);
    SimRun.describe(fit).forEach(l -> err.println("generate: " + l));
    return SimRun.makefile(program, fit);
  }
}
