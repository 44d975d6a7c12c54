package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.benchgen.codegen.output.Compute;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Rsd;

/**
 * The state of generating one program, shared by the traversal and the target's emitter: the
 * trace, the options, the program's tables, communicator slots, compute times and what was
 * approximated.
 */
public final class Generation {
  private final CompressedTrace trace;
  private final GenerateOptions options;
  private final Naming naming;
  private final Tables tables = new Tables();
  private final ParamExpressions values;
  private final CommSlots comms;
  private final Approximations approximations = new Approximations();
  private final Map<Rsd, Optional<Compute>> computes = new IdentityHashMap<>();
  private final Map<String, Integer> sites = new HashMap<>();
  private final List<String> siteNames = new ArrayList<>();
  private final boolean[] tracked;
  private final boolean tracksSites;
  private final ComputeTimes times;
  private final List<IrregularSections.Section> sections;
  private final Regions regions;
  private final RequestHandoffs handoffs;

  /** A generation of {@code trace} with these options, in the target's {@code naming}. */
  public Generation(CompressedTrace trace, GenerateOptions options, Naming naming) {
    this(trace, options, naming, List.of(), false);
  }

  /**
   * The same, the trace's irregular sections (at {@code spans}) generated as data tables if
   * {@code asData}, else node by node; each is one region either way ({@link Regions}).
   */
  public Generation(CompressedTrace trace, GenerateOptions options, Naming naming,
      List<IrregularSections.Span> spans, boolean asData) {
    this(trace, options, naming, spans, asData, RequestHandoffs.NONE);
  }

  /** The same, for a threaded program whose threads hand requests over ({@code handoffs}). */
  public Generation(CompressedTrace trace, GenerateOptions options, Naming naming,
      List<IrregularSections.Span> spans, boolean asData, RequestHandoffs handoffs) {
    this.handoffs = handoffs;
    this.trace = trace;
    this.regions = Regions.of(trace, spans);
    // Only a target that holds them as data pays for expanding the sections.
    this.sections = asData ? IrregularSections.build(trace, spans) : List.of();
    this.options = options;
    this.naming = naming;
    this.values = new ParamExpressions(tables, trace.worldSize(), naming.rank());
    this.comms = new CommSlots(trace, new org.benchgen.traverse.Communicators(trace));
    this.times = new ComputeTimes(options.compute(), tables, trace.worldSize(), naming.rank());
    NodeScanner scanner = new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        computes.put(r, times.of(r.compute(), Generation.this::site));
      }
    };
    // The top level without its sections, then the sections' merged calls in their place.
    List<org.benchgen.ir.Node> body = trace.body();
    int from = 0;
    for (IrregularSections.Section s : this.sections) {
      scanner.scan(body.subList(from, s.start()));
      scanner.scan(List.<org.benchgen.ir.Node>copyOf(s.shapes()));
      from = s.end();
    }
    scanner.scan(body.subList(from, body.size()));
    // A site that a compute case refers to must record, at run time, that it was the last call.
    tracked = new boolean[siteNames.size()];
    computes.values().forEach(c -> c.ifPresent(x -> x.cases().forEach(k -> tracked[k.after()]
        = true)));
    tracksSites = computes.values().stream().anyMatch(c -> c.isPresent()
        && !c.get().cases().isEmpty());
  }

  private int site(String name) {
    return sites.computeIfAbsent(name, k -> {
      siteNames.add(k);
      return siteNames.size() - 1;
    });
  }

  /** The irregular sections generated as data tables, in program order. */
  public List<IrregularSections.Section> sections() {
    return sections;
  }

  /** The program's loop regions, the same for every target. */
  /** The requests a threaded program's threads hand to each other (none in one thread). */
  public RequestHandoffs handoffs() {
    return handoffs;
  }

  public Regions regions() {
    return regions;
  }

  public CompressedTrace trace() {
    return trace;
  }

  /** The target's identifiers. */
  public Naming naming() {
    return naming;
  }

  public GenerateOptions options() {
    return options;
  }

  public Tables tables() {
    return tables;
  }

  public ParamExpressions values() {
    return values;
  }

  public CommSlots comms() {
    return comms;
  }

  public Approximations approximations() {
    return approximations;
  }

  /** The compute before {@code rsd}'s calls. */
  public Optional<Compute> compute(Rsd rsd) {
    return computes.getOrDefault(rsd, Optional.empty());
  }

  /**
   * The compute before {@code rsd}'s calls whatever the previous call was, in nanoseconds, for
   * targets that cannot tell call paths apart.
   */
  public Optional<Double> pooledComputeNs(Rsd rsd) {
    return times.pooledNs(rsd.compute());
  }

  /**
   * The number to record as the last call's site after {@code rsd}'s call, when some compute
   * depends on the previous call: every call records one (-1 for a site no compute refers to),
   * or a stale site would select the wrong time.
   */
  public Optional<Integer> trackedSite(Rsd rsd) {
    if (!tracksSites()) {
      return Optional.empty();
    }
    Integer s = sites.get(rsd.site());
    return Optional.of(s != null && tracked[s] ? s : -1);
  }

  /** Whether any call must record itself as the last call. */
  public boolean tracksSites() {
    return tracksSites;
  }
}
