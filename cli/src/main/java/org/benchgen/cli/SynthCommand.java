package org.benchgen.cli;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;
import org.benchgen.samples.Synth;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code benchgen synth PATTERN --ranks N [--iterations I] -o DIR}. */
@Command(name = "synth", mixinStandardHelpOptions = true,
    description = {"Writes synthetic per-rank event streams of a classic pattern, with realistic"
        + " timings, for tests and benchmarks. Patterns:",
        "  ring           periodic ring: Irecv r-1, Isend r+1, Waitall",
        "  stencil2d      non-periodic 2-D halo exchange (edges have fewer neighbours)",
        "  stencil3d      non-periodic 7-point 3-D halo, Waitall, Allreduce every 10 iterations",
        "  wavefront      Sweep3D-like pipelined sweeps with blocking Recv/Send",
        "  alltoall       Alltoall and Allreduce",
        "  master-worker  rank 0 receives results with ANY_SOURCE (actual sources recorded)", ""})
final class SynthCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "PATTERN", description = "one of the patterns above")
  String pattern;

  @Option(names = {"-n", "--ranks"}, required = true, paramLabel = "N",
      description = "number of ranks")
  int ranks;

  @Option(names = {"-i", "--iterations"}, defaultValue = "100", paramLabel = "I",
      description = "iterations of the main loop (master-worker: tasks per worker);"
          + " default: ${DEFAULT-VALUE}")
  int iterations;

  @Mixin
  NewDirectory output;

  @Option(names = "--seed", defaultValue = "1", description = "random seed for timings;"
      + " default: ${DEFAULT-VALUE}")
  long seed;

  @Option(names = "--split-collectives", description = "odd ranks call every collective and"
      + " MPI_Finalize from a call site of their own (paper Figure 3), for `align`")
  boolean splitCollectives;

  @Option(names = "--gzip", description = "write rank-R.trace.gz files")
  boolean gzip;

  @Override
  public Integer call() throws Exception {
    Synth.Pattern p = Arrays.stream(Synth.Pattern.values())
        .filter(x -> x.cliName().equals(pattern)).findFirst()
        .orElseThrow(() -> new CommandLine.ParameterException(spec.commandLine(),
            "unknown pattern '" + pattern + "'; known: " + String.join(", ",
                Arrays.stream(Synth.Pattern.values()).map(Synth.Pattern::cliName).toList())));
    if (ranks < 1 || iterations < 1 || (p == Synth.Pattern.masterWorker && ranks < 2)) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "--ranks and --iterations must be at least 1 (master-worker: at least 2 ranks)");
    }
    new Synth(p, ranks, iterations, seed, splitCollectives).write(output.dir, gzip,
        new Progress(spec.commandLine().getErr(), "writing", ranks));
    spec.commandLine().getOut().println(output + ": " + ranks + " rank streams of " + p.cliName()
        + ", " + iterations + " iterations" + (splitCollectives ? ", collectives split" : ""));
    return 0;
  }
}
