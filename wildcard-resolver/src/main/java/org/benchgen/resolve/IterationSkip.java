package org.benchgen.resolve;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.traverse.PeriodicLoops;
import org.benchgen.traverse.TraversalContext;

/**
 * Which loops the matching simulation may run for two iterations and take the others as made
 * (issue 50): a loop of every rank, with no wildcard receive inside (whose sources the
 * simulation records call by call), whose every iteration reads the same values on each rank.
 * The simulation arms such a loop where all ranks stand at the start of its iteration 1 with
 * nothing in flight (no message unreceived, no request or receive pending, no collective begun),
 * and leaves it where they stand so again at iteration 2: an iteration that began with nothing in
 * flight ended so, and every later one begins from that state and makes the same calls. Its cost
 * then follows the trace's loops, not the run's iterations (docs/resolve.md).
 */
final class IterationSkip {
  private final MatchingSimulation sim;
  private final int p;
  /** Whether it may stop ranks at all: see the simulation's constructor. */
  private final boolean on;
  private final Set<Rsd> wildcards;
  private final Map<Loop, Boolean> candidates = new IdentityHashMap<>();
  private final PeriodicLoops periodic = new PeriodicLoops();
  /** Ranks stopped at a loop's iteration 1 or 2, and those let go from there. */
  private final boolean[] stopped;
  private final boolean[] released;
  private int stoppedCount;
  private long skipped;
  /**
   * The loop instances whose iteration 1 began with nothing in flight on any rank, and where each
   * is (the iterations of the loops around it): where iteration 2 begins so too, the rest of the
   * loop is skipped. One per loop: an inner loop's arming leaves the outer one's.
   */
  private final Map<Loop, List<Long>> armed = new IdentityHashMap<>();
  /**
   * Loops already skipped once. Where every rank stands at the start of one's iteration 0 or 1 in
   * a later instance with nothing in flight, the state is the one from which the skipped
   * instance's iteration 1 ran and ended with nothing in flight (every value at the same place of
   * its cycle at every iteration's start, as the periodic test requires), so the rest is skipped
   * there without simulating an iteration again: a nested loop's later instances cost none.
   */
  private final Set<Loop> proven = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
  /** Where messages are logged, the messages of the iterations skipped, made from one run. */
  private final Optional<IterationReplay> replay;

  /**
   * Skips where {@code on}, never in a loop holding one of {@code wildcards}; {@code replay}
   * where the simulation logs its messages, each skipped iteration's then made by it.
   */
  IterationSkip(MatchingSimulation sim, boolean on, Set<Rsd> wildcards,
      Optional<IterationReplay> replay) {
    this.sim = sim;
    this.replay = replay;
    this.p = sim.p;
    this.on = on;
    this.wildcards = wildcards;
    this.stopped = new boolean[p];
    this.released = new boolean[p];
  }

  /**
   * The skips of {@code sim}, which runs with these arguments ({@code taken}: its calls taken
   * per rank). Stopping ranks at loops changes the order in which ranks run; that changes no
   * result while wildcard receives match the sources the trace recorded (the tracer's asrc), and
   * nothing while there are none. Charging waits follows the ranks' clocks call by call: no
   * skip. Messages logged: no loop with a wildcard receive is skipped either, though none is
   * given, and the skipped iterations' messages are replayed.
   */
  static IterationSkip of(MatchingSimulation sim, CompressedTrace trace, boolean reResolve,
      List<Rsd> wildcards, WaitCharges charges, MatchLog matches, long[] taken) {
    Set<Rsd> unskippable = Collections.newSetFromMap(new IdentityHashMap<>());
    unskippable.addAll(wildcards);
    if (matches.on()) {
      unskippable.addAll(WildcardResolver.wildcardsOf(trace));
    }
    boolean on = charges == WaitCharges.NONE && unskippable.stream()
        .allMatch(w -> !reResolve && w.param(Field.ASRC).entries().stream()
            .mapToLong(e -> e.ranks().size()).sum() == w.ranks().size());
    return new IterationSkip(sim, on, unskippable,
        matches.on() ? Optional.of(new IterationReplay(matches, taken)) : Optional.empty());
  }

  /** Iterations taken as made. */
  long skipped() {
    return skipped;
  }

  boolean anyStopped() {
    return stoppedCount > 0;
  }

  /**
   * Whether rank {@code r} stops before its next call: at the start of iteration 1 of a loop
   * that may be skipped, of iteration 2 of an armed one, or of a later instance of one skipped
   * before ({@link #enterProven}), where the rank has nothing in flight
   * and repeats its iterations (stopping it elsewhere would only change the order ranks run in);
   * never twice at one place.
   */
  boolean stops(int r) {
    if (on && !released[r]) {
      TraversalContext c = sim.ctx[r];
      Optional<Loop> l = c.openingIteration(1);
      if (l.isEmpty()) {
        l = c.openingIteration(2);
        if (l.isPresent() && !armedHere(c, l.get())) {
          l = Optional.empty();
        }
      }
      if (l.isEmpty() || !stopsAt(c, l.get())) {
        l = c.entering(proven);
      }
      if (l.isPresent() && stopsAt(c, l.get()) && sim.idle(r)) {
        stopped[r] = true;
        stoppedCount++;
        return true;
      }
    }
    released[r] = false;
    return false;
  }

  /** Whether the rank of {@code c} may stop at the start of an iteration of {@code l}. */
  private boolean stopsAt(TraversalContext c, Loop l) {
    return c.tripsOf(l) > 2 && candidate(l) && periodic(l, c.rank());
  }

  /** Whether {@code x} is armed for the instance {@code c} is in. */
  private boolean armedHere(TraversalContext c, Loop x) {
    List<Long> instance = armed.get(x);
    return instance != null && c.iterationOf(x).subList(0, instance.size()).equals(instance);
  }

  /**
   * Every stopped rank goes on. Where all ranks stand at the start of a loop's iteration 1 or 2,
   * at the same iteration of the same instance with the same trip count, each repeating its
   * iterations, and nothing is in flight: at iteration 1 the loop is armed, and at iteration 2 of
   * an armed loop (an iteration began and ended with nothing in flight, so every later one begins
   * and ends as it did) every rank leaves the loop, as it does at iteration 1 of a loop left so
   * before ({@link #proven}). Else the ranks go on from where they stopped.
   */
  void release() {
    TraversalContext[] ctx = sim.ctx;
    long k = ctx[0].openingIteration(1).isPresent() ? 1 : 2;
    Optional<Loop> l = stoppedCount == p ? ctx[0].openingIteration(k) : Optional.empty();
    boolean alike = l.isPresent() && quiescent();
    long trips = alike ? ctx[0].tripsOf(l.get()) : -1;
    List<Long> where = alike ? ctx[0].iterationOf(l.get()) : List.of();
    // Ranks may have stopped for a loop inside (see enterProven): this one must qualify itself.
    for (int r = 0; alike && r < p; r++) {
      alike = ctx[r].openingIteration(k).equals(l) && ctx[r].iterationOf(l.get()).equals(where)
          && ctx[r].tripsOf(l.get()) == trips && stopsAt(ctx[r], l.get());
    }
    List<Long> instance = alike ? where.subList(0, where.size() - 1) : List.of();
    boolean skip = alike && (k == 2 && instance.equals(armed.get(l.get()))
        || k == 1 && proven.contains(l.get()))
        && replay.map(x -> x.canSkip(l.get(), k)).orElse(true);
    if (skip) {
      // Before the arming is dropped: iteration 1's messages, recorded since, make the rest.
      replay.ifPresent(x -> x.skip(l.get(), k, trips));
    }
    if (l.isPresent()) {
      armed.remove(l.get());
      replay.ifPresent(x -> x.disarm(l.get()));
    }
    if (alike && k == 1 && !skip) {
      armed.put(l.get(), instance);
      replay.ifPresent(x -> x.arm(l.get()));
    }
    if (skip) {
      proven.add(l.get());
    }
    boolean moved = skip;
    if (skip) {
      for (int r = 0; r < p; r++) {
        ctx[r].skipRestOf(l.get());
      }
    } else if (stoppedCount == p) {
      moved = enterProven();
    }
    for (int r = 0; r < p; r++) {
      if (!stopped[r]) {
        continue;
      }
      stopped[r] = false;
      // Ranks moved past a loop stand somewhere new, where they may stop again (at the start of
      // the next iteration of a loop around it).
      released[r] = !moved;
      sim.resume(r);
    }
    if (skip) {
      skipped += trips - k;
    }
    stoppedCount = 0;
  }

  /**
   * Where every rank stands at the start of a later instance of a loop skipped once (its
   * iteration 0, the same instance and trip count everywhere, each rank repeating its
   * iterations) and nothing is in flight, the whole instance is taken as made: its every
   * iteration begins from the state from which the skipped instance's iteration 1 ran and ended
   * with nothing in flight, and makes the same calls (the first iteration differs from the others
   * only in the compute time before its first call, which matching does not read). A nested
   * loop's later instances then cost no iteration, where they cost one before. Whether it did.
   */
  private boolean enterProven() {
    TraversalContext[] ctx = sim.ctx;
    Optional<Loop> m = ctx[0].entering(proven);
    if (m.isEmpty() || !quiescent()) {
      return false;
    }
    long trips = ctx[0].tripsOf(m.get());
    List<Long> where = ctx[0].iterationOf(m.get());
    for (int r = 0; r < p; r++) {
      if (!ctx[r].entering(proven).equals(m) || !ctx[r].iterationOf(m.get()).equals(where)
          || ctx[r].tripsOf(m.get()) != trips || !stopsAt(ctx[r], m.get())) {
        return false;
      }
    }
    if (!replay.map(x -> x.canSkip(m.get(), 0)).orElse(true)) {
      return false;
    }
    replay.ifPresent(x -> x.skip(m.get(), 0, trips));
    for (int r = 0; r < p; r++) {
      ctx[r].skipRestOf(m.get());
    }
    skipped += trips;
    return true;
  }

  /** Nothing in flight anywhere: no rank's message, receive or request, no collective begun. */
  private boolean quiescent() {
    if (!sim.arrived.isEmpty()) {
      return false;
    }
    for (int r = 0; r < p; r++) {
      if (!sim.idle(r)) {
        return false;
      }
    }
    return true;
  }

  /** Whether ranks may stop at the start of {@code l}'s iterations 1 and 2. */
  private boolean candidate(Loop l) {
    return candidates.computeIfAbsent(l, x -> {
      if (x.ranks().size() != p) {
        return false;
      }
      boolean[] wild = {false};
      new NodeScanner() {
        @Override
        public void visitRsd(Rsd r) {
          wild[0] |= wildcards.contains(r);
        }
      }.scan(x.body());
      return !wild[0];
    });
  }

  /** Whether every iteration of {@code l} reads the same values on {@code rank}. */
  private boolean periodic(Loop l, int rank) {
    return periodic.on(l, rank);
  }
}
