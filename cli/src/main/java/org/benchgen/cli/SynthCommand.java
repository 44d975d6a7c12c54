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

/** {@code benchgen synth PATTERN --ranks N [--iterations I] -o DIR|FILE.bgc}. */
@Command(name = "synth", mixinStandardHelpOptions = true,
    description = {"Writes synthetic per-rank event streams of a classic pattern, with realistic"
        + " timings, for tests and benchmarks. Patterns:",
        "  ring           periodic ring: Irecv r-1, Isend r+1, Waitall",
        "  stencil2d      non-periodic 2-D halo exchange (edges have fewer neighbours)",
        "  stencil3d      non-periodic 7-point 3-D halo, Waitall, Allreduce every 10 iterations",
        "  wavefront      Sweep3D-like pipelined sweeps with blocking Recv/Send",
        "  alltoall       Alltoall and Allreduce",
        "  master-worker  rank 0 receives results with ANY_SOURCE (actual sources recorded)",
        "  mpmd           every rank a Sendrecv ring from --sites call sites of its own",
        "  irregular      Irecv/Isend/Waitall rounds, random peers, counts, tags, computes;"
            + " --events per rank",
        "  shuffled       blocking Send/Recv between random pairs in a random order, nothing"
            + " folds; --events per rank", "",
        "With -o FILE.bgc (ring, stencil2d, stencil3d, wavefront, alltoall) it writes the"
            + " compressed trace itself, from two ranks of each class of ranks that behave alike"
            + " (a grid's corners, edges, faces, inside), without a stream: what `compress`"
            + " would make of the streams, in seconds at 65,536 ranks.", ""})
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

  @Option(names = "--sites", defaultValue = "1000", paramLabel = "K",
      description = "mpmd: distinct call sites of each rank; default: ${DEFAULT-VALUE}")
  int sites;

  @Option(names = "--events", defaultValue = "30000", paramLabel = "E",
      description = "irregular, shuffled: events of each rank between MPI_Init and MPI_Finalize"
          + " (irregular: rounded up to a multiple of 3; shuffled: on average, with an Allreduce"
          + " every 50 steps besides); default: ${DEFAULT-VALUE}")
  int events;

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
    if (ranks < 1 || iterations < 1 || (p.needsTwoRanks() && ranks < 2)) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "--ranks and --iterations must be at least 1 (master-worker, irregular, shuffled: at"
              + " least 2 ranks)");
    }
    if (sites < 1 || events < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "--sites and --events must be at least 1");
    }
    Synth synth;
    try {
      synth = switch (p) {
        case mpmd -> Synth.mpmd(ranks, sites, seed);
        case irregular -> Synth.irregular(ranks, events, seed);
        case shuffled -> Synth.shuffled(ranks, events, seed);
        default -> new Synth(p, ranks, iterations, seed, splitCollectives);
      };
    } catch (IllegalArgumentException e) {
      // A bound that only the pattern knows (shuffled: events x ranks / 2 below 2^31).
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    if (output.dir.getFileName() != null && output.dir.getFileName().toString().endsWith(".bgc")) {
      if (synth.whyNotCompressed().isPresent() || gzip) {
        throw new CommandLine.ParameterException(spec.commandLine(), "cannot write "
            + output + " directly: " + (gzip ? "--gzip is for streams"
            : synth.whyNotCompressed().get()));
      }
      synth.writeCompressed(output.dir);
      spec.commandLine().getOut().println(output + ": the compressed trace of " + ranks
          + " ranks of " + p.cliName() + ", " + iterations + " iterations");
      return 0;
    }
    synth.write(output.dir, gzip, new Progress(spec.commandLine().getErr(), "writing", ranks));
    String size = switch (p) {
      case mpmd -> sites + " call sites per rank";
      case irregular -> (events + 2) / 3 * 3 + " events per rank";
      case shuffled -> "about " + events + " point-to-point events per rank";
      default -> iterations + " iterations" + (splitCollectives ? ", collectives split" : "");
    };
    spec.commandLine().getOut().println(output + ": " + ranks + " rank streams of " + p.cliName()
        + ", " + size);
    return 0;
  }
}
