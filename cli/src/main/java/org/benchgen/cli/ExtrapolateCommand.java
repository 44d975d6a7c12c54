package org.benchgen.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.benchgen.extrapolate.Explanation;
import org.benchgen.extrapolate.ExtrapolationException;
import org.benchgen.extrapolate.Extrapolator;
import org.benchgen.ir.TraceSummary;
import org.benchgen.trace.TraceProblem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code benchgen extrapolate T1 T2 [T3 ...] --ranks N -o FILE}. */
@Command(name = "extrapolate", mixinStandardHelpOptions = true,
    description = {"Writes the compressed trace of a program at N ranks from its traces at two or"
        + " more smaller counts (docs/extrapolation.md). Each trace's process grid is inferred"
        + " from its peers; ranks are told apart by their place in the grid (corners, edges,"
        + " faces, inside); counts, trips, roots and tags are fitted exactly as functions of the"
        + " rank count (a, a*g, a/g, a + b*g for g = P, P^2, log2 P, sqrt P, cbrt P or a side of"
        + " the grid); values that are the rank's own (a + b*rank, a communicator of one rank)"
        + " are written rank by rank, and a loop that serves MPI_ANY_SOURCE partners serves"
        + " them in turn; compute and call times by least squares, the model of least"
        + " leave-one-out error. Every command then works on the output: generate, stats, show,"
        + " report, verify, export.",
        "Before writing, the traces are extrapolated back to each traced count, which must give"
            + " its calls, bytes and message matrix on every rank. What does not follow a model"
            + " (values that depend on the data, patterns that change with the count, counts"
            + " the program's grid cannot take) is refused with exit code 1, naming the call"
            + " site, the field and the values seen, and nothing is written. Three traced counts"
            + " are better than two: two allow only the simplest models.", ""})
final class ExtrapolateCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(arity = "2..*", paramLabel = "TRACE", description = "the traces, at distinct rank"
      + " counts: compressed traces (.bgc) or directories written by benchgen trace")
  List<Path> traces;

  @Option(names = {"-n", "--ranks"}, required = true, paramLabel = "N",
      description = "the rank count to extrapolate to (2 to 8,388,608)")
  int ranks;

  @Option(names = "--explain", description = "print, for every value that changes with the rank"
      + " count, the model chosen, its values at the traced counts and at N, and the fit's error")
  boolean explain;

  @Mixin
  CompressedOutput output;

  @Override
  public Integer call() throws Exception {
    if (ranks < 2 || ranks > (1 << 23)) {
      throw new TraceProblem("--ranks " + ranks + ": give 2 to 8388608 ranks");
    }
    PrintWriter out = spec.commandLine().getOut();
    List<Extrapolator.Traced> in = new ArrayList<>();
    for (Path p : traces) {
      in.add(new Extrapolator.Traced(p.toString(),
          TraceArgument.loadToWalk(p, spec.commandLine().getErr())));
    }
    Extrapolator.Result r;
    try {
      r = Extrapolator.extrapolate(in, ranks);
    } catch (ExtrapolationException e) {
      throw new TraceProblem("cannot extrapolate to " + ranks + " ranks: " + e.getMessage());
    }
    output.write(r.trace());
    if (explain) {
      out.println("grids: " + String.join(", ", r.tracedGrids().stream().map(Object::toString)
          .toList()) + " -> " + r.grid() + " (" + r.rule() + ")");
      for (Explanation e : r.explained()) {
        out.printf(Locale.ROOT, "%s %s [%s]: %s -> %s at %d ranks (%s; %s)%n", e.where(),
            e.field(), e.ranks(), values(e), e.atTarget(), ranks, e.model(), e.error());
      }
    }
    for (String n : r.notes()) {
      out.println("note: " + n);
    }
    TraceSummary s = TraceSummary.of(r.trace());
    out.println(output + ": " + ranks + " ranks on a " + r.grid() + " grid, " + s.rsds()
        + " RSDs, " + s.loops() + " loops; checked against the " + in.size()
        + " traced counts");
    out.flush();
    return 0;
  }

  private static String values(Explanation e) {
    List<String> v = new ArrayList<>();
    for (int i = 0; i < e.counts().size(); i++) {
      v.add(e.values().get(i) + " at " + e.counts().get(i));
    }
    return String.join(", ", v);
  }
}
