package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.benchgen.codegen.ExecIndex;
import org.benchgen.codegen.Expressions;
import org.benchgen.codegen.SeqExpressions;
import org.benchgen.codegen.output.Atom;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.Loop;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.TraceProblem;

/**
 * How many times a call has run before, as an expression of the loop indices, for tasks whose
 * loops' trip counts change from one entry to the next and differ by task (coNCePTuaL has no
 * counters). Tasks with the same trip counts in every enclosing loop form a class. Inside a loop
 * of constant trip count {@code T} the count is the one around it times {@code T} plus the index;
 * inside one whose count changes, a variable {@code xD} bound at the top of the loop's body to how
 * many times the body ran before this entry (a sum over the trip counts, {@link SeqExpressions})
 * plus the index, and {@code kD} to this entry's trip count, which the class's statements test
 * where the loop runs longer for other tasks.
 */
final class Counts {
  private final Emission e;
  /** Bindings at the top of each loop's body, in order of need. */
  private final Map<Loop, LinkedHashMap<String, Value>> lets = new IdentityHashMap<>();
  /** Bindings made but not yet read: bound only once a statement reads them ({@link #mark}). */
  private final Map<Loop, Map<String, Value>> pending = new IdentityHashMap<>();
  private final Map<Loop, Map<List<Integer>, Level>> levels = new IdentityHashMap<>();
  private final Map<Loop, Value> bounds = new IdentityHashMap<>();

  /**
   * Inside a loop, for one class: how many times the body ran before ({@code index}), how many
   * times it runs in all ({@code runs}), this entry's trip count as an expression of the loops
   * around ({@code trips}) and as read inside ({@code inside}).
   */
  private record Level(ExecIndex index, long runs, Value trips, Value inside) {}

  /**
   * Records that a statement inside {@code loops} reads {@code v}: the loops whose index it reads
   * become FOR EACH (not REPETITIONS), and the counts it reads are bound.
   */
  void mark(List<Loop> loops, Value v) {
    for (int j = 0; j < loops.size(); j++) {
      Loop loop = loops.get(j);
      if (Expressions.uses(v, e.naming.loopIndex(j))) {
        e.indexed.add(loop);
      }
      Map<String, Value> waiting = pending.getOrDefault(loop, Map.of());
      for (Map.Entry<String, Value> b : waiting.entrySet()) {
        LinkedHashMap<String, Value> bound = lets.computeIfAbsent(loop, k -> new LinkedHashMap<>());
        if (!bound.containsKey(b.getKey()) && Expressions.uses(v, b.getKey())) {
          bound.put(b.getKey(), b.getValue());
          mark(loops.subList(0, j + 1), b.getValue());
        }
      }
    }
  }

  Counts(Emission e) {
    this.e = e;
  }

  /** How many times a call inside {@code loops} ran before on {@code rank}. */
  ExecIndex index(List<Loop> loops, int rank) {
    return loops.isEmpty() ? ExecIndex.zero() : level(loops, loops.size(), rank).index();
  }

  /** How many times a call inside {@code loops} runs in all on {@code rank}. */
  long runs(List<Loop> loops, int rank) {
    return loops.isEmpty() ? 1 : level(loops, loops.size(), rank).runs();
  }

  /**
   * The conditions under which {@code rank} runs the current iteration of each of {@code loops}:
   * its index below its trip count, where the loop runs longer for other tasks.
   */
  List<Atom> guards(List<Loop> loops, int rank) {
    List<Atom> out = new ArrayList<>();
    for (int d = 1; d <= loops.size(); d++) {
      Level l = level(loops, d, rank);
      Value bound = bound(loops.subList(0, d - 1), loops.get(d - 1));
      if (l.trips().equals(bound)) {
        continue;
      }
      Value index = Expressions.var(e.naming.loopIndex(d - 1));
      e.indexed.add(loops.get(d - 1));
      if (l.inside() instanceof Value.Var k) {
        pending.computeIfAbsent(loops.get(d - 1), x -> new LinkedHashMap<>())
            .putIfAbsent(k.name(), l.trips());
      }
      out.add(l.inside() instanceof Value.Num n ? new Atom.Below(index, n.value())
          : new Atom.Less(index, l.inside()));
    }
    return out;
  }

  /**
   * The trip count the program's loop runs on this entry: the largest of its classes' (inside
   * {@code outside}, the loops around it).
   */
  Value bound(List<Loop> outside, Loop loop) {
    Value known = bounds.get(loop);
    if (known == null) {
      known = largest(outside, loop);
      bounds.put(loop, known);
    }
    return known;
  }

  private Value largest(List<Loop> outside, Loop loop) {
    List<Loop> loops = new ArrayList<>(outside);
    loops.add(loop);
    LinkedHashSet<Value> trips = new LinkedHashSet<>();
    long most = 0;
    boolean constant = true;
    for (int rank : loop.ranks().stream().toArray()) {
      Value t = level(loops, loops.size(), rank).trips();
      trips.add(t);
      if (t instanceof Value.Num n) {
        most = Math.max(most, n.value());
      } else {
        constant = false;
      }
    }
    if (constant) {
      return Expressions.lit(most);
    }
    Value bound = trips.size() == 1 ? trips.iterator().next() : new Value.Max(List.copyOf(trips));
    mark(outside, bound);
    return bound;
  }

  /** Whether the loop runs no iteration on some entry, for some class. */
  boolean mayBeEmpty(Loop loop) {
    return loop.trips().entries().stream().anyMatch(en -> en.values().seq().leaves()
        .anyMatch(v -> v <= 0));
  }

  /** The bindings for the top of {@code loop}'s body (empty: none). */
  Map<String, Value> bindings(Loop loop) {
    return lets.getOrDefault(loop, new LinkedHashMap<>());
  }

  private Level level(List<Loop> loops, int d, int rank) {
    Loop loop = loops.get(d - 1);
    List<Integer> key = key(loops, d, rank);
    Map<List<Integer>, Level> byKey = levels.computeIfAbsent(loop, k -> new HashMap<>());
    Level known = byKey.get(key);
    if (known != null) {
      return known;
    }
    ExecIndex outer = d == 1 ? ExecIndex.zero() : level(loops, d - 1, rank).index();
    long entries = d == 1 ? 1 : level(loops, d - 1, rank).runs();
    ValueSeq trips = entry(loop, rank).values().seq();
    Value index = Expressions.var(e.naming.loopIndex(d - 1));
    Level made;
    try {
      long runs = SeqExpressions.before(trips, entries);
      OptionalLong c = trips.constant();
      if (c.isPresent()) {
        made = new Level(outer.times(c.getAsLong(), index).atMost(Math.max(0, runs - 1)), runs,
            Expressions.lit(c.getAsLong()), Expressions.lit(c.getAsLong()));
      } else {
        String suffix = suffix(loops, d, key);
        Value before = SeqExpressions.before(trips, outer);
        Value count = SeqExpressions.at(trips, outer, Expressions::lit);
        String x = "x" + d + suffix;
        pending.computeIfAbsent(loop, k -> new LinkedHashMap<>())
            .put(x, Expressions.add(before, index));
        made = new Level(ExecIndex.of(Expressions.var(x), Math.max(1, runs)), runs, count,
            Expressions.var("k" + d + suffix));
      }
    } catch (ArithmeticException overflow) {
      throw new TraceProblem("a loop runs more than 2^63 times in all");
    }
    byKey.put(key, made);
    return made;
  }

  /** Which trip-count entry {@code rank} reads in each of the first {@code d} loops. */
  private static List<Integer> key(List<Loop> loops, int d, int rank) {
    List<Integer> key = new ArrayList<>();
    for (int j = 0; j < d; j++) {
      key.add(Parts.entryIndex(loops.get(j).trips().entries(), rank));
    }
    return key;
  }

  private static ParamEntry entry(Loop loop, int rank) {
    Optional<ParamEntry> en = loop.trips().entryFor(rank);
    return en.orElseThrow(() -> new TraceProblem("rank " + rank + " runs a call in a loop that"
        + " has no trip count for it"));
  }

  /** {@code ""} where every task of the loop is in one class, else {@code _N} by first use. */
  private String suffix(List<Loop> loops, int d, List<Integer> key) {
    LinkedHashSet<List<Integer>> keys = new LinkedHashSet<>();
    for (int rank : loops.get(d - 1).ranks().stream().toArray()) {
      keys.add(key(loops, d, rank));
    }
    if (keys.size() == 1) {
      return "";
    }
    return "_" + (new ArrayList<>(keys).indexOf(key) + 1);
  }
}
