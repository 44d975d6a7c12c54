package org.benchgen.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.benchgen.codegen.Benchmarks;
import org.benchgen.codegen.ComputeMode;
import org.benchgen.codegen.GenerateOptions;
import org.benchgen.codegen.GeneratedFile;
import org.benchgen.codegen.SimulatedCluster;
import org.benchgen.codegen.Target;
import org.benchgen.io.AtomicOutput;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.CpuTime;
import org.benchgen.report.Report;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/** {@code benchgen generate TRACE --lang LANG -o DIR}. */
@Command(name = "generate", mixinStandardHelpOptions = true,
    description = {"Generates a benchmark that makes every rank's MPI calls of the traced run"
        + " (same calls, sizes, tags, datatypes, communicators and peers) with its compute time"
        + " between them, in loops that follow the trace's. Runs `align` and `resolve` first.",
        "Prints what it approximated, if anything. A trace that cannot be aligned or resolved"
            + " (e.g. a deadlock) is reported with exit code 1 and nothing is written.", ""})
final class GenerateCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  TraceArgument input;

  @Option(names = {"-l", "--lang"}, required = true, paramLabel = "LANG",
      description = "the target language: ${COMPLETION-CANDIDATES}",
      completionCandidates = Languages.class)
  String lang;

  @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR",
      description = "the directory to write (created; files of the same names are replaced)")
  Path output;

  @Option(names = "--name", paramLabel = "NAME", description = "the program's name (default:"
      + " from TRACE's file name; letters, digits, underscores)")
  String name;

  @Option(names = "--compute", paramLabel = "MODE", defaultValue = "mean",
      description = "time computed per interval, from its histogram: mean (keeps total compute"
          + " exactly; the default), median, sample (drawn at run time, repeatably), or cpu (the"
          + " mean CPU time, without the time the rank was descheduled; traces taken with"
          + " `benchgen trace --cpu-time`)")
  String compute;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
      description = "the seed of --compute=sample (default ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--sim-latency", paramLabel = "TIME", defaultValue = "1us",
      description = "c-mpi: the latency of each link of the simulated cluster in platform.xml,"
          + " for SimGrid (make simrun; docs/simulation.md), e.g. 1us, 500ns; default"
          + " ${DEFAULT-VALUE}")
  String simLatency;

  @Option(names = "--sim-bandwidth", paramLabel = "RATE", defaultValue = "10GBps",
      description = "c-mpi: the bandwidth of each link of the simulated cluster, e.g. 10GBps,"
          + " 100Gbps; default ${DEFAULT-VALUE}")
  String simBandwidth;

  @Option(names = "--report", description = "also write the trace's HTML report (as `benchgen"
      + " report TRACE`) beside the benchmark, as NAME-report.html")
  boolean report;

  @Option(names = "--keep-sites", description = "also write where the trace's call sites lie in"
      + " the traced program's source (file:line function) beside the benchmark, as "
      + SourceLocations.KEPT_FILE + ": tracing the benchmark then names those places, and the"
      + " report puts the two traces' call paths side by side. Without it the benchmark keeps"
      + " none of them")
  boolean keepSites;

  /** The target names, for --help. */
  static final class Languages implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return Target.available().stream().map(Target::name).iterator();
    }
  }

  @Override
  public Integer call() throws Exception {
    Target target = Target.available().stream().filter(t -> t.name().equals(lang)).findFirst()
        .orElseThrow(() -> new ParameterException(spec.commandLine(), "unknown language '"
            + lang + "'; choose one of " + Target.available().stream().map(Target::name)
            .toList()));
    ComputeMode mode;
    try {
      mode = ComputeMode.valueOf(compute.toUpperCase(java.util.Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--compute must be mean, median,"
          + " sample or cpu, not '" + compute + "'");
    }
    String program = name;
    if (name == null) {
      String derived = GenerateOptions.nameFrom(input.path.toAbsolutePath().normalize()
          .getFileName().toString());
      program = target.nameFor(derived);
      if (!program.equals(derived)) {
        spec.commandLine().getErr().println("benchgen: note: the program is called '" + program
            + "': '" + derived + "' is taken by the files the " + target.name() + " target writes"
            + " or builds " + target.reservedNames().stream().sorted().toList()
            + "; --name chooses another");
      }
    }
    GenerateOptions options;
    try {
      options = new GenerateOptions(program, mode, seed, new SimulatedCluster(simLatency,
          simBandwidth));
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    try {
      target.checkName(program);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage() + " with --name");
    }
    PrintWriter err = spec.commandLine().getErr();
    CompressedTrace t = input.loadToResolve();
    if (mode == ComputeMode.CPU && !CpuTime.recorded(t)) {
      throw new ParameterException(spec.commandLine(), "--compute cpu: " + input.path
          + " has no CPU time; take the trace with `benchgen trace --cpu-time`");
    }
    Benchmarks.Outcome outcome = Benchmarks.generate(t, target, options);
    if (outcome instanceof Benchmarks.Failed f) {
      return Findings.report(spec, input.path, f.finding());
    }
    Benchmarks.Generated g = (Benchmarks.Generated) outcome;
    List<GeneratedFile> files = new ArrayList<>(g.files());
    // LogGOPSim's parameters fitted from the trace's own messages (docs/simulation.md).
    if (target.name().equals("goal")) {
      files.add(GoalNetwork.makefile(input.path, t, program, err));
    }
    if (report) {
      String page = Report.html(TraceArgument.reportInput(input.path, t, err), Optional.empty());
      files.add(new GeneratedFile(program + "-report.html", page));
    }
    if (keepSites && !t.sites().isEmpty()) {
      files.add(new GeneratedFile(SourceLocations.KEPT_FILE, KeptSites.text(t)));
    } else if (keepSites) {
      err.println("generate: " + input.path + " does not say where its call sites lie (trace it"
          + " with benchgen trace, from a binary built with -g): --keep-sites keeps nothing");
    }
    write(files);
    PrintWriter out = spec.commandLine().getOut();
    out.println(output.resolve(g.files().get(0).name()) + ": " + target.name() + " benchmark for "
        + t.worldSize() + " ranks" + (g.aligned() > 0 ? "; " + g.aligned()
            + " collective calls aligned" : "") + (g.resolved() > 0 ? "; " + g.resolved()
            + " wildcard receives resolved" : ""));
    if (g.approximations().isEmpty()) {
      out.println("approximations: none");
    } else {
      out.println("approximations:");
      g.approximations().forEach(a -> out.println("  - " + a));
    }
    return 0;
  }

  /** A new directory appears whole; in an existing one, each file is replaced whole. */
  private void write(List<GeneratedFile> files) throws IOException {
    if (Files.isDirectory(output)) {
      for (GeneratedFile f : files) {
        AtomicOutput.writeFile(output.resolve(f.name()), f.content()::writeTo);
      }
      return;
    }
    AtomicOutput.writeDirectory(output, dir -> {
      for (GeneratedFile f : files) {
        try (java.io.Writer w = AtomicOutput.newWriter(dir.resolve(f.name()))) {
          f.content().writeTo(w);
        }
      }
    });
  }
}
