package org.benchgen.cli;

import java.util.concurrent.Callable;
import org.benchgen.align.Alignment;
import org.benchgen.align.CollectiveAligner;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.TraceSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/** {@code benchgen align TRACE -o FILE}. */
@Command(name = "align", mixinStandardHelpOptions = true,
    description = {"Aligns collectives (main paper, Algorithm 1): a collective that ranks reach"
        + " from different call sites becomes one call of all its participants, every rank's"
        + " order of calls kept, loops kept. MPI_Finalize counts as a collective of all ranks.",
        "A trace that needs nothing is written unchanged. Ranks that disagree on a collective,"
            + " or a collective some members never reach, are reported (ranks, calls, sites,"
            + " loop iteration) with exit code 1 and no output. `generate` runs this itself.",
        ""})
final class AlignCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  TraceArgument input;

  @Mixin
  CompressedOutput output;

  @Override
  public Integer call() throws Exception {
    CompressedTrace t = input.load();
    Alignment a = new CollectiveAligner(t).align();
    if (a instanceof Alignment.Failed f) {
      return Findings.report(spec, input.path, f.finding());
    }
    Alignment.Aligned done = (Alignment.Aligned) a;
    output.write(done.trace());
    TraceSummary before = TraceSummary.of(t);
    TraceSummary after = TraceSummary.of(done.trace());
    spec.commandLine().getOut().println(output + ": " + (done.changed()
        ? done.merged() + " collective calls joined from several call sites; " + before.rsds() + " RSDs, "
            + before.loops() + " loops -> " + after.rsds() + " RSDs, " + after.loops() + " loops"
        : "no collective needed aligning; written unchanged"));
    return 0;
  }
}
