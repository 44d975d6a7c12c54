package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.benchgen.align.Alignment;
import org.benchgen.align.CollectiveAligner;
import org.benchgen.findings.Finding;
import org.benchgen.findings.Problem;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.CpuTime;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Rsd;
import org.benchgen.resolve.Resolution;
import org.benchgen.resolve.WildcardResolver;
import org.benchgen.trace.Op;

/**
 * The generation pipeline, read like a table of contents: align collectives, resolve wildcard
 * receives, walk the trace with the target's emitter, render. It stops at the first phase that
 * finds a problem; nothing is written here (the caller writes files only on success).
 */
public final class Benchmarks {
  private Benchmarks() {}

  /** What {@link #generate} returns. */
  public sealed interface Outcome permits Generated, Failed {}

  /** What {@link #prepare} returns. */
  public sealed interface Preparation permits Prepared, Failed {}

  /**
   * The files, what was approximated, how many collective calls alignment merged and how many
   * wildcard receives were resolved.
   */
  public record Generated(List<GeneratedFile> files, List<String> approximations, long aligned,
      long resolved) implements Outcome {
    public Generated {
      files = List.copyOf(files);
      approximations = List.copyOf(approximations);
    }
  }

  /** A phase found a problem in the trace. */
  public record Failed(Finding finding) implements Outcome, Preparation {}

  /**
   * A trace as a target generates from it: aligned, resolved, and where its irregular sections
   * are (which a target with data tables then builds, and one without writes node by node), with
   * how many collective calls alignment merged and how many wildcard receives were resolved.
   */
  public record Prepared(CompressedTrace trace, List<IrregularSections.Span> spans,
      long aligned, long resolved) implements Preparation {
    public Prepared {
      spans = List.copyOf(spans);
    }

    /** The program's loop regions, numbered as the generated program names them. */
    public Regions regions() {
      return Regions.of(trace, spans);
    }
  }

  /**
   * The phases before generation, the same for every target: what {@link #generate} generates
   * from, and what {@code verify} numbers a benchmark's loop regions on.
   */
  public static Preparation prepare(CompressedTrace trace) {
    return prepare(trace, false);
  }

  /**
   * As {@link #prepare(CompressedTrace)}; with {@code selfByThreads}, each rank's messages to
   * itself are taken as between its threads ({@link WildcardResolver#selfByThreads}).
   */
  public static Preparation prepare(CompressedTrace trace, boolean selfByThreads) {
    // Each shared block's copy with its own share of the block's compute: the phases below merge
    // the compute of several calls (docs/compressed-format.md, "Shared blocks").
    Alignment alignment = new CollectiveAligner(trace.perPlace()).align();
    if (alignment instanceof Alignment.Failed f) {
      return new Failed(f.finding());
    }
    Alignment.Aligned aligned = (Alignment.Aligned) alignment;
    WildcardResolver resolver = new WildcardResolver(aligned.trace(), false);
    Resolution resolution = (selfByThreads ? resolver.selfByThreads() : resolver).resolve();
    if (resolution instanceof Resolution.Failed f) {
      return new Failed(f.finding());
    }
    Resolution.Resolved resolved = (Resolution.Resolved) resolution;
    return new Prepared(resolved.trace(), IrregularSections.spans(resolved.trace()),
        aligned.merged(), resolved.resolved());
  }

  /**
   * Generates {@code target}'s benchmark of {@code trace}.
   *
   * @throws IllegalArgumentException if the target cannot use the program's name
   */
  public static Outcome generate(CompressedTrace trace, Target target, GenerateOptions options) {
    target.checkName(options.name());
    if (target.threads() && org.benchgen.ir.TraceThreads.several(trace).isPresent()) {
      return org.benchgen.codegen.threads.ThreadedBenchmarks.generate(trace, target, options);
    }
    // Replayed as CPU time from the start, so that resolution's clock runs as the benchmark will.
    Preparation preparation = prepare(options.compute() == ComputeMode.CPU
        ? CpuTime.replayed(trace) : trace);
    if (preparation instanceof Failed f) {
      return f;
    }
    Prepared p = (Prepared) preparation;
    Generation g = new Generation(p.trace(), options, target.naming(), p.spans(),
        target.dataTables());
    Optional<CommDef> orphan = g.comms().uncreatedIntercommunicator();
    if (orphan.isPresent()) {
      CommDef c = orphan.get();
      return new Failed(new Finding(Problem.UNEXPRESSIBLE, "communicator " + c.id() + " is an"
          + " intercommunicator (groups " + c.members() + " and " + c.remote() + ") that no"
          + " recorded call created, so no target can make it (nothing written)"));
    }
    List<GeneratedFile> files;
    try {
      if (!target.intercommunicators()) {
        p.trace().comms().stream().filter(org.benchgen.ir.CommDef::isInter).findFirst()
            .ifPresent(c -> {
              throw new Unexpressible("communicator " + c.id() + " is an intercommunicator"
                  + " (groups " + c.members() + " and " + c.remote() + "), which the "
                  + target.name() + " target has no way to make");
            });
      }
      first(p.trace(), op -> target.cannotMake(op).isPresent()).ifPresent(r -> {
        throw new Unexpressible(SafeText.printable(r.op().mpiName() + " at " + r.site()) + " is "
            + target.cannotMake(r.op()).orElseThrow() + ", which the " + target.name()
            + " target has no way to make");
      });
      Emitter emitter = target.emitter(g);
      files = emitter.program(new TraceWalker(g, emitter).walk());
    } catch (Unexpressible u) {
      return new Failed(new Finding(Problem.UNEXPRESSIBLE, u.getMessage() + " (the "
          + target.name() + " target writes nothing"
          // c-mpi refuses a few calls itself (one-sided ones it cannot reproduce, issue 46).
          + (target.name().equals("c-mpi") ? ")" : "; c-mpi can say it)")));
    }
    return new Generated(files, g.approximations().lines(), p.aligned(), p.resolved());
  }

  /** The first RSD of the trace whose call is one of {@code ops}, if it has one. */
  private static Optional<Rsd> first(CompressedTrace trace, Predicate<Op> ops) {
    List<Rsd> found = new ArrayList<>();
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd rsd) {
        if (found.isEmpty() && ops.test(rsd.op())) {
          found.add(rsd);
        }
      }
    }.scan(trace.body());
    return found.stream().findFirst();
  }
}
