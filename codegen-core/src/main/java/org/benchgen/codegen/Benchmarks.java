package org.benchgen.codegen;

import java.util.List;
import org.benchgen.align.Alignment;
import org.benchgen.align.CollectiveAligner;
import org.benchgen.findings.Finding;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.resolve.Resolution;
import org.benchgen.resolve.WildcardResolver;

/**
 * The generation pipeline, read like a table of contents: align collectives, resolve wildcard
 * receives, walk the trace with the target's emitter, render. It stops at the first phase that
 * finds a problem; nothing is written here (the caller writes files only on success).
 */
public final class Benchmarks {
  private Benchmarks() {}

  /** What {@link #generate} returns. */
  public sealed interface Outcome permits Generated, Failed {}

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

  public record Failed(Finding finding) implements Outcome {}

  /**
   * Generates {@code target}'s benchmark of {@code trace}.
   *
   * @throws IllegalArgumentException if the target cannot use the program's name
   */
  public static Outcome generate(CompressedTrace trace, Target target, GenerateOptions options) {
    target.checkName(options.name());
    Alignment alignment = new CollectiveAligner(trace).align();
    if (alignment instanceof Alignment.Failed f) {
      return new Failed(f.finding());
    }
    Alignment.Aligned aligned = (Alignment.Aligned) alignment;
    Resolution resolution = new WildcardResolver(aligned.trace(), false).resolve();
    if (resolution instanceof Resolution.Failed f) {
      return new Failed(f.finding());
    }
    Resolution.Resolved resolved = (Resolution.Resolved) resolution;
    Generation g = new Generation(resolved.trace(), options, target.naming(),
        target.dataTables() ? IrregularSections.find(resolved.trace()) : List.of());
    Emitter emitter = target.emitter(g);
    List<GeneratedFile> files = emitter.program(new TraceWalker(g, emitter).walk());
    return new Generated(files, g.approximations().lines(), aligned.merged(), resolved.resolved());
  }
}
