package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.PrimitiveIterator;
import java.util.function.LongFunction;
import org.benchgen.codegen.Expressions;
import org.benchgen.codegen.LoopContext;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.Loop;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.Sym;
import org.benchgen.trace.TraceProblem;

/**
 * A part's parameters as coNCePTuaL integer expressions: constants, peers as expressions of the
 * task variable, and values that change from one execution to the next as expressions of the
 * enclosing loops' indices (the language has no arrays); what cannot be said is noted.
 */
final class PartValues {
  private final Emission e;
  private final Parts parts;

  PartValues(Emission e, Parts parts) {
    this.e = e;
    this.parts = parts;
  }

  boolean allNull(Part p, Field peer) {
    return p.has(peer) && p.seq(peer).leaves().allMatch(v -> v == Sym.PROC_NULL.code());
  }

  /**
   * The world rank of a peer: relative offsets become {@code (t + k) MOD n} in the communicator's
   * evenly spaced members (a number for a single task), communicator ranks become world ranks,
   * MPI_PROC_NULL becomes -1, a task coNCePTuaL ignores.
   */
  Value peer(Part p, Field f, List<Loop> loops) {
    return value(p, f, peerLeaf(p, f), loops);
  }

  /** One cycle of a part's peers, as expressions. */
  List<Value> peerCycle(Part p, Field f) {
    LongFunction<Value> leaf = peerLeaf(p, f);
    return java.util.Arrays.stream(cycle(p, f)).mapToObj(leaf).toList();
  }

  /** How one stored peer value reads: see {@link #peer}. */
  LongFunction<Value> peerLeaf(Part p, Field f) {
    List<Integer> m = parts.members(p);
    boolean single = p.ranks().size() == 1;
    int self = p.ranks().first();
    if (p.relative(f)) {
      return k -> {
        if (single) {
          int pos = m.indexOf(self);
          return Expressions.lit(m.get((int) Math.floorMod(pos + k, (long) m.size())));
        }
        long[] sp = Parts.spacing(m).orElseThrow();
        Value size = m.size() == e.world ? Expressions.var("num_tasks") : Expressions.lit(m.size());
        Value pos = Expressions.div(Expressions.add(Expressions.var(TaskSets.SELF), -sp[0]), sp[1]);
        Value next = Expressions.mod(Expressions.add(pos, k), size);
        return Expressions.add(Expressions.mul(next, sp[1]), sp[0]);
      };
    }
    return v -> {
      if (v == Sym.PROC_NULL.code()) {
        e.note("MPI_PROC_NULL peers among real ones became task -1, which coNCePTuaL skips");
        return Expressions.lit(-1);
      }
      if (Sym.isSymbol(v) || v < 0 || v >= m.size()) {
        // The reader and the walk of every rank refuse such peers: not reached from a file.
        throw new TraceProblem("peer " + v + " outside its communicator of " + m.size());
      }
      return Expressions.lit(m.get((int) v));
    };
  }

  /** One cycle of the part's values of {@code f}. */
  static long[] cycle(Part p, Field f) {
    List<Long> xs = new ArrayList<>();
    for (PrimitiveIterator.OfLong it = p.seq(f).once(); it.hasNext(); ) {
      xs.add(it.nextLong());
    }
    return xs.stream().mapToLong(Long::longValue).toArray();
  }

  /** A cycle of tags (0 where absent); ANY_TAG reads the tag recorded as matched. */
  long[] tagCycle(Part p, Field f) {
    if (!p.has(f)) {
      return new long[] {0};
    }
    if (p.seq(f).leaves().anyMatch(v -> v == Sym.ANY_TAG.code())) {
      if (p.has(Field.ATAG) && p.seq(Field.ATAG).leaves().noneMatch(Sym::isSymbol)) {
        return cycle(p, Field.ATAG);
      }
      e.note("a receive with MPI_ANY_TAG and no recorded tag uses tag 0");
      return new long[] {0};
    }
    return cycle(p, f);
  }

  /** A cycle of {@code count * size} in bytes. */
  long[] bytesCycle(Part p, Field count, Field size) {
    if (!p.has(count) || !p.has(size)) {
      return new long[] {0};
    }
    long[] n = cycle(p, count);
    long[] s = cycle(p, size);
    if (p.seq(size).constant().isEmpty() && p.seq(count).constant().isEmpty()) {
      e.note("a message whose count and datatype both change uses the first datatype's size");
    }
    long[] out = new long[Math.max(n.length, s.length)];
    for (int k = 0; k < out.length; k++) {
      out[k] = n[n.length == 1 ? 0 : k % n.length] * s[s.length == 1 || n.length > 1 ? 0
          : k % s.length];
    }
    return out;
  }

  /** {@code count * size} in bytes, as an expression. */
  Value bytes(Part p, Field count, Field size, List<Loop> loops) {
    return changing(java.util.Arrays.stream(bytesCycle(p, count, size)).mapToObj(Expressions::lit)
        .toList(), p, loops);
  }

  /**
   * The part's values of {@code f} as an expression: a constant, or the pattern indexed by the
   * call's execution count, an expression of the enclosing loops' variables.
   */
  Value value(Part p, Field f, LongFunction<Value> leaf, List<Loop> loops) {
    OptionalLong c = p.seq(f).constant();
    if (c.isPresent()) {
      return leaf.apply(c.getAsLong());
    }
    return changing(java.util.Arrays.stream(cycle(p, f)).mapToObj(leaf).toList(), p, loops);
  }

  /** One cycle of values as an expression of the part's execution index. */
  Value changing(List<Value> items, Part p, List<Loop> loops) {
    if (items.stream().distinct().count() == 1) {
      return items.get(0);
    }
    Optional<Value> index = index(loops, p.trips(), items.size());
    if (index.isEmpty()) {
      e.note("a value that changes in a loop with a changing trip count keeps its first value");
      return items.get(0);
    }
    return Expressions.pattern(items, index.get());
  }

  /**
   * How many times a node inside {@code loops} has run, modulo {@code period}, from the loops'
   * variables: {@code i1*T2*T3 + i2*T3 + i3}, without the terms that are multiples of the period.
   * Empty when a trip count is not constant; {@code trips}: the loops' counts on the ranks in
   * question.
   */
  Optional<Value> index(List<Loop> loops, long[] trips, int period) {
    for (long t : trips) {
      if (t < 0) {
        return Optional.empty();
      }
    }
    List<Value> terms = new ArrayList<>();
    long range = 1;
    try {
      long inner = 1;
      for (int j = loops.size() - 1; j >= 0; j--) {
        if (inner % period != 0) {
          e.indexed.add(loops.get(j));
          terms.add(0, Expressions.mul(Expressions.var(e.naming.loopIndex(j)), inner));
          range = Math.addExact(range, Math.multiplyExact(trips[j] - 1, inner));
        }
        inner = Math.multiplyExact(inner, trips[j]);
      }
    } catch (ArithmeticException e) {
      return Optional.empty();
    }
    Value sum = Expressions.sum(terms);
    return Optional.of(range <= period ? sum : Expressions.mod(sum, Expressions.lit(period)));
  }

  /**
   * The loop's trip count; where it differs by rank, the largest (statements inside say who stops
   * early).
   */
  Value trips(LoopContext l) {
    Loop loop = l.loop();
    List<ParamEntry> es = loop.trips().entries();
    long most = Parts.maxTrips(loop);
    if (es.size() > 1 && most >= 0) {
      e.indexed.add(loop);
      return Expressions.lit(most);
    }
    if (es.size() > 1) {
      e.note("a loop whose trip count differs between tasks and changes runs its largest count");
      return Expressions.lit(loop.trips().leaves().max().orElse(0));
    }
    OptionalLong c = es.get(0).values().seq().constant();
    if (c.isPresent()) {
      return Expressions.lit(c.getAsLong());
    }
    List<Loop> outside = l.enclosing();
    long[] trips = new long[outside.size()];
    for (int j = 0; j < outside.size(); j++) {
      trips[j] = org.benchgen.codegen.ParamExpressions.constant(outside.get(j).trips()).orElse(-1);
    }
    Part p = new Part(es.get(0).ranks(), Map.of(Field.COUNT, es.get(0)), trips, List.of());
    return value(p, Field.COUNT, Expressions::lit, outside);
  }

  /** The world rank of the part's root, if the part has one constant root. */
  Optional<Integer> root(Part p) {
    List<Integer> m = parts.members(p);
    OptionalLong root = p.has(Field.ROOT) ? p.seq(Field.ROOT).constant() : OptionalLong.of(0);
    if (root.isEmpty() || p.relative(Field.ROOT)) {
      e.note("a collective whose root changes uses its first root");
      root = OptionalLong.of(p.seq(Field.ROOT).once().nextLong());
    }
    long r = root.getAsLong();
    if (r < 0 || r >= m.size()) {
      e.note("a collective with a root outside its communicator was left out");
      return Optional.empty();
    }
    return Optional.of(m.get((int) r));
  }

  long constant(Part p, Field f, String what) {
    if (!p.has(f)) {
      return 0;
    }
    OptionalLong c = p.seq(f).constant();
    if (c.isEmpty()) {
      e.note(what + " that changes between calls keeps its first value");
      return p.seq(f).once().nextLong();
    }
    return c.getAsLong();
  }

  /** Item {@code k} of a list-valued field (0 if the list is shorter). */
  long listItem(Part p, Field f, int k) {
    long id = constant(p, f, "a list of counts");
    long[] xs = Sym.isSymbol(id) ? new long[0] : e.symbols.list(id);
    return k < xs.length ? xs[k] : 0;
  }

  /** The mean over the members of {@code count * size} (each rank's first value). */
  long meanBytes(Rsd r, List<Integer> members, Field count, Field size) {
    long sum = 0;
    for (int x : members) {
      sum += first(r, count, x) * first(r, size, x);
    }
    return Math.round((double) sum / members.size());
  }

  /** The mean over the members of the sum of a count list times the size, per peer. */
  long meanListBytes(Rsd r, List<Integer> members, Field counts, Field size) {
    long sum = 0;
    for (int x : members) {
      long id = first(r, counts, x);
      long[] xs = Sym.isSymbol(id) ? new long[0] : e.symbols.list(id);
      for (long c : xs) {
        sum += c * first(r, size, x);
      }
    }
    return Math.round((double) sum / ((long) members.size() * members.size()));
  }

  static long first(Rsd r, Field f, int rank) {
    return r.param(f).entryFor(rank).map(e -> {
      long v = e.values().seq().once().nextLong();
      return Sym.isSymbol(v) ? 0 : v;
    }).orElse(0L);
  }
}
