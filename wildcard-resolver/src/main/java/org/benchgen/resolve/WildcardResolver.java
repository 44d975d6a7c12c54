package org.benchgen.resolve;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.benchgen.findings.Finding;
import org.benchgen.findings.Problem;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.TraceThreads;
import org.benchgen.trace.Field;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;

/**
 * Algorithm 2 of the main paper (§4.4): simulates MPI matching over every rank's traversal context
 * and gives each {@code MPI_ANY_SOURCE} receive the rank of its first matching sender, written back
 * into the trace's structure (loops stay loops; a source that changes by iteration becomes a value
 * vector, stored relative to the rank when that makes ranks agree).
 *
 * <p>The simulation follows MPI's rules: messages between a pair of ranks on one communicator and
 * tag do not overtake; wildcard source and tag; standard, buffered and ready sends complete at once
 * (the library may buffer them), synchronous sends ({@code MPI_Ssend}, {@code MPI_Issend}) when
 * matched; blocking and nonblocking receives, Sendrecv, Probe, persistent requests and every kind
 * of wait (Waitany and Waitsome wait for the requests the trace says completed; tests never
 * block); collectives and MPI_Finalize wait for the whole communicator. A rank runs until it
 * blocks; a rank whose wait is satisfied runs again later, in order.
 *
 * <p>When the trace records the source that actually matched ({@code asrc}, as our tracer does),
 * that is the truth of the traced run and is kept: the simulation matches the receive to it. With
 * {@code reResolve} the source is computed instead, and a disagreement is a warning.
 *
 * <p>When no rank can move and some are blocked, the wait-for graph (JGraphT) gives the cycle that
 * is reported; messages never received and receives never satisfied are reported as well. The
 * simulation never hangs: every step is a call of some rank, each taken once.
 */
public final class WildcardResolver {
  /**
   * What the simulation holds per rank, about (its place in the trace, its state, its messages in
   * flight): a 100,000-rank ring needed 400-600 MB of heap (it ran in 640 MB, not in 512 MB);
   * counted as 8 KB to leave room for more requests in flight. Commands check it before resolving.
   */
  public static final long BYTES_PER_RANK = 8 << 10;

  private final CompressedTrace trace;
  private final boolean reResolve;
  private final boolean selfByThreads;

  public WildcardResolver(CompressedTrace trace, boolean reResolve) {
    this(trace, reResolve, false);
  }

  private WildcardResolver(CompressedTrace trace, boolean reResolve, boolean selfByThreads) {
    this.trace = trace;
    this.reResolve = reResolve;
    this.selfByThreads = selfByThreads;
  }

  /**
   * This resolver for the calls of a threaded rank's threads put one after another: a message a
   * rank sends itself goes between two of its threads, so a call that waits for it (or for its
   * receipt) does not stop the rank; the caller checks their order among the rank's threads.
   */
  public WildcardResolver selfByThreads() {
    return new WildcardResolver(trace, reResolve, true);
  }

  /** Runs the simulation; the resolved trace, or the deadlock or unmatched call found. */
  public Resolution resolve() {
    Optional<String> threads = TraceThreads.several(trace);
    if (threads.isPresent()) {
      return new Resolution.Failed(new Finding(Problem.SEVERAL_THREADS, threads.get() + ": "
          + TraceThreads.ONE_THREAD));
    }
    List<Rsd> wildcards = wildcardsOf(trace);
    MatchingSimulation sim = new MatchingSimulation(trace, reResolve, wildcards);
    if (selfByThreads) {
      sim.selfByThreads();
    }
    sim.run();
    // A size that does not fit aborts the benchmark where it first happens: said first.
    Optional<Finding> problem = sim.sizes.problem().or(() -> new DeadlockReport(sim).problem());
    if (problem.isPresent()) {
      return new Resolution.Failed(problem.get());
    }
    CompressedTrace out = wildcards.isEmpty() ? trace : new SourceRewriter(sim.wild.byRsd)
        .rewrite(trace);
    return new Resolution.Resolved(out, sim.wild.resolved(),
        sim.wild.warnings());
  }

  /** The receives (and Sendrecvs) of {@code trace} whose source is MPI_ANY_SOURCE somewhere. */
  static List<Rsd> wildcardsOf(CompressedTrace trace) {
    List<Rsd> wildcards = new ArrayList<>();
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        if (isWildcard(r)) {
          wildcards.add(r);
        }
      }
    }.scan(trace.body());
    return wildcards;
  }

    /** A receive (or Sendrecv) whose source is MPI_ANY_SOURCE on some rank. */
  private static boolean isWildcard(Rsd r) {
    OpKind k = r.op().kind();
    if (k != OpKind.RECV && k != OpKind.SENDRECV) {
      return false;
    }
    return r.param(Field.SRC).leaves().anyMatch(v -> v == Sym.ANY_SOURCE.code());
  }
}
