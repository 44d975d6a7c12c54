package org.benchgen.codegen.ncptl;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.LongFunction;
import org.benchgen.codegen.Expressions;
import org.benchgen.codegen.LoopContext;
import org.benchgen.codegen.SeqExpressions;
import org.benchgen.codegen.Unexpressible;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.Sym;
import org.benchgen.trace.TraceProblem;

/**
 * A part's parameters as coNCePTuaL integer expressions: constants, peers as expressions of the
 * task variable, and values that change from one execution to the next as their stored sequence
 * read at the call's execution count, an expression of the enclosing loops' indices (the language
 * has no arrays or counters); what cannot be said is noted.
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
  Value peer(Part p, Field f) {
    return value(p, f, peerLeaf(p, f));
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
        return Expressions.lit(-1);
      }
      if (Sym.isSymbol(v) || v < 0 || v >= m.size()) {
        // The reader and the walk of every rank refuse such peers: not reached from a file.
        throw new TraceProblem("peer " + v + " outside its communicator of " + m.size());
      }
      return Expressions.lit(m.get((int) v));
    };
  }

  /**
   * A message's tag ({@code f}, 0 where absent); a receive from MPI_ANY_TAG uses the tag
   * recorded as matched, and is refused without one: coNCePTuaL has no wildcard tag.
   */
  Value tag(Part p, Field f) {
    if (!p.has(f)) {
      return Expressions.lit(0);
    }
    if (p.seq(f).leaves().anyMatch(v -> v == Sym.ANY_TAG.code())) {
      if (p.has(Field.ATAG) && p.seq(Field.ATAG).leaves().noneMatch(Sym::isSymbol)) {
        return value(p, Field.ATAG, Expressions::lit);
      }
      throw new Unexpressible("rank " + p.ranks().first() + " receives from MPI_ANY_TAG and"
          + " the trace has no tag it matched: coNCePTuaL cannot receive from any tag");
    }
    return value(p, f, Expressions::lit);
  }

  /** {@code count * size} in bytes, as an expression (0 where either is absent). */
  Value bytes(Part p, Field count, Field size) {
    if (!p.has(count) || !p.has(size)) {
      return Expressions.lit(0);
    }
    return Expressions.mul(value(p, count, Expressions::lit), value(p, size, Expressions::lit));
  }

  /** The distinct values of {@code f}, or empty when there are more than {@code most}. */
  long[] distinct(Part p, Field f, int most) {
    long[] v = p.seq(f).leaves().limit(most + 1L).toArray();
    return v.length > most ? new long[0] : v;
  }

  /**
   * Every value {@code count * size} may take (the products of their distinct values), or empty
   * when there are more than {@code most}.
   */
  long[] bytesValues(Part p, Field count, Field size, int most) {
    if (!p.has(count) || !p.has(size)) {
      return new long[] {0};
    }
    long[] n = p.seq(count).leaves().limit(most + 1L).toArray();
    long[] s = p.seq(size).leaves().limit(most + 1L).toArray();
    java.util.LinkedHashSet<Long> out = new java.util.LinkedHashSet<>();
    for (long a : n) {
      for (long b : s) {
        out.add(a * b);
        if (out.size() > most) {
          return new long[0];
        }
      }
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  /**
   * The part's values of {@code f} as an expression: a constant, or the stored sequence read at
   * the call's execution count, an expression of the enclosing loops' variables ({@link Counts}).
   */
  Value value(Part p, Field f, LongFunction<Value> leaf) {
    OptionalLong c = p.seq(f).constant();
    if (c.isPresent()) {
      return leaf.apply(c.getAsLong());
    }
    Value v = SeqExpressions.at(p.seq(f), e.counts.index(e.here, p.ranks().first()), leaf);
    e.counts.mark(e.here, v);
    return v;
  }

  /**
   * The loop's trip count on this entry: where it changes or differs by rank, the largest of
   * the ranks' (statements inside say who stops early: {@link Counts#guards}).
   */
  Value trips(LoopContext l) {
    return e.counts.bound(l.enclosing(), l.loop());
  }

  /**
   * The world rank of the part's root: a number, or where it changes from one call to the next
   * an expression of the execution count. A root given relative to each rank, or not in the
   * communicator, cannot be said.
   */
  Value root(Part p) {
    List<Integer> m = parts.members(p);
    if (!p.has(Field.ROOT)) {
      return Expressions.lit(m.get(0));
    }
    if (p.relative(Field.ROOT) && p.ranks().size() > 1) {
      throw new Unexpressible("its root differs by rank in a way coNCePTuaL cannot say");
    }
    int self = p.ranks().first();
    boolean relative = p.relative(Field.ROOT);
    return value(p, Field.ROOT, v -> {
      long r = relative ? Math.floorMod(m.indexOf(self) + v, (long) m.size()) : v;
      if (Sym.isSymbol(v) || r < 0 || r >= m.size()) {
        throw new Unexpressible("its root " + (Sym.isSymbol(v) ? "is an MPI constant"
            : r + " is outside its communicator of " + m.size()));
      }
      return Expressions.lit(m.get((int) r));
    });
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

  /**
   * The mean over the members of the sum of a count list times the size (1 where the counts are
   * bytes, as MPI_Alltoallw's), per peer.
   */
  long meanListBytes(Rsd r, List<Integer> members, Field counts, Optional<Field> size) {
    long sum = 0;
    for (int x : members) {
      long id = first(r, counts, x);
      long[] xs = Sym.isSymbol(id) ? new long[0] : e.symbols.list(id);
      for (long c : xs) {
        sum += c * size.map(f -> first(r, f, x)).orElse(1L);
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
