package org.benchgen.codegen.ncptl;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import org.benchgen.codegen.Generation;
import org.benchgen.codegen.Naming;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.SymbolTable;
import org.benchgen.traverse.Communicators;

/** The state of emitting one coNCePTuaL program, shared by the emitter's parts. */
final class Emission {
  final Generation g;
  final CompressedTrace trace;
  final SymbolTable symbols;
  final int world;
  final Naming naming;
  /** The trace's communicators: members, world ranks. */
  final Communicators comms;
  /** Loops whose index some value uses: FOR EACH instead of FOR n REPETITIONS. */
  final Set<Loop> indexed = Collections.newSetFromMap(new IdentityHashMap<>());
  /** The loops around the RSD being emitted, outermost first. */
  List<Loop> here = List.of();
  /** What statements are made of: parts of RSDs, their values, task sets. */
  final Parts parts;
  final PartValues values;
  final TaskSets tasks;
  final Counts counts;
  /** Which executions of a wait leave nothing open, and so are written. */
  final Completions completions;
  /** Files beside the program: irregular sections' steps ({@link DataSections}). */
  final List<org.benchgen.codegen.GeneratedFile> files = new java.util.ArrayList<>();
  /** Whether a wait was left out somewhere, so that the program ends with every task's AWAIT. */
  boolean deferred;

  Emission(Generation g) {
    this.g = g;
    this.trace = g.trace();
    this.symbols = trace.symbols();
    this.world = trace.worldSize();
    this.naming = g.naming();
    this.counts = new Counts(this);
    this.comms = new Communicators(trace);
    this.completions = new Completions(trace, comms);
    this.parts = new Parts(this);
    this.values = new PartValues(this, parts);
    this.tasks = new TaskSets(this);
  }

  /**
   * The compute before {@code r}'s calls in whole microseconds, pooled over call paths (a program
   * cannot tell them apart); none under half a microsecond.
   */
  OptionalLong micros(Rsd r) {
    return g.pooledComputeNs(r).map(ns -> Math.round(ns / 1000)).filter(us -> us > 0)
        .map(OptionalLong::of).orElse(OptionalLong.empty());
  }

  /** Notes what could not be said exactly (listed in the program's header and by generate). */
  void note(String what) {
    g.approximations().note(what);
  }
}
