package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.PrimitiveIterator;
import java.util.function.LongFunction;
import org.benchgen.codegen.output.Condition;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Sym;

/**
 * Parameters as expressions a program evaluates on each rank: one entry gives its value (or, when
 * it changes from one execution to the next, the next element of its cyclic pattern, a table
 * indexed by the call's execution counter); several entries give a choice by rank set. Peers
 * stored relative become "my rank plus k" in their communicator.
 */
public final class ParamExpressions {
  private final Tables tables;
  private final int worldSize;
  /** The target's name of the rank variable, which choices by rank set test. */
  private final String rank;

  public ParamExpressions(Tables tables, int worldSize, String rank) {
    this.tables = tables;
    this.worldSize = worldSize;
    this.rank = rank;
  }

  /** How a leaf value (a number or a symbol's code) reads, and the kind of table that holds it. */
  public record Leaf(LongFunction<Value> value, String kind) {
    /**
     * Whether this leaf's tables hold numbers, in which MPI symbols are sentinels that the
     * target maps back; a table of lists holds references, and the leaf reads a symbol itself
     * (an absent list, as a v-collective's counts off its root, is an empty one).
     */
    public boolean numeric() {
      return !kind.equals("lists") && !kind.equals("clists");
    }
  }

  /** Numbers and MPI symbols. */
  public static final Leaf NUMBER = new Leaf(v -> Sym.isSymbol(v)
      ? new Value.Symbol(Sym.of(v).name(), false) : new Value.Num(v), "int");

  /** A parameter's value, and whether it reads the execution counter it was given. */
  public record Counted(Value value, boolean readsCounter) {}

  /**
   * The value of {@code p}, its leaves read by {@code leaf}; {@code counter} indexes patterns;
   * {@code relativeComm}, when present, is the communicator that relative peers count in.
   */
  public Counted of(Param p, Leaf leaf, String counter, Optional<Value> relativeComm) {
    List<ParamEntry> entries = p.entries();
    if (entries.isEmpty()) {
      return new Counted(new Value.Symbol(Sym.ABSENT.name(), false), false);
    }
    List<Value> values = new ArrayList<>();
    boolean counted = false;
    for (ParamEntry e : entries) {
      Counted c = entry(e, leaf, counter, relativeComm);
      values.add(c.value());
      counted |= c.readsCounter();
    }
    if (values.stream().distinct().count() == 1) {
      return new Counted(values.get(0), counted);
    }
    // The entry with the longest rank condition goes unsaid: it is the "otherwise".
    List<Condition> conds = entries.stream()
        .map(e -> RankConditions.of(e.ranks(), worldSize, rank)).toList();
    int rest = 0;
    for (int i = 1; i < conds.size(); i++) {
      if (conds.get(i).terms().size() > conds.get(rest).terms().size()) {
        rest = i;
      }
    }
    List<Value.Case> cases = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      if (i != rest) {
        cases.add(new Value.Case(conds.get(i), values.get(i)));
      }
    }
    return new Counted(new Value.Choice(cases, values.get(rest)), counted);
  }

  private Counted entry(ParamEntry e, Leaf leaf, String counter, Optional<Value> relativeComm) {
    boolean relative = e.values() instanceof org.benchgen.ir.EntryValues.Relative;
    ValueSeq seq = e.values().seq();
    OptionalLong c = seq.constant();
    Value v;
    boolean counted = false;
    if (c.isPresent()) {
      v = leaf.value().apply(c.getAsLong());
    } else {
      Longs codes = new Longs();
      boolean symbols = false;
      for (PrimitiveIterator.OfLong it = seq.once(); it.hasNext(); ) {
        long x = it.nextLong();
        symbols |= Sym.isSymbol(x);
        codes.add(x);
      }
      List<Value> items = codes.items(
          x -> Sym.isSymbol(x) && leaf.numeric() ? tableSymbol(x) : leaf.value().apply(x));
      // Values that differ may read alike (many communicators, one slot): a shorter table.
      items = items.subList(0, period(items));
      if (items.size() == 1) {
        v = items.get(0);
      } else {
        counted = true;
        // Relative peers keep their sentinels: the relative-peer helper maps them itself.
        v = new Value.SeqAt(tables.of(leaf.kind(), items), counter, items.size(),
            symbols && !relative && leaf.numeric());
      }
    }
    if (relative && relativeComm.isPresent() && !(v instanceof Value.Symbol)) {
      return new Counted(new Value.Relative(v, relativeComm.get()), counted);
    }
    return new Counted(v, counted);
  }

  /**
   * The shortest period of {@code items} that divides its length (the length itself if none
   * shorter does), so that item {@code n mod period} is item {@code n mod length}.
   */
  static int period(List<Value> items) {
    int n = items.size();
    int[] border = new int[n + 1];
    border[0] = -1;
    for (int i = 1, k = -1; i <= n; i++) {
      while (k >= 0 && !items.get(k).equals(items.get(i - 1))) {
        k = border[k];
      }
      border[i] = ++k;
    }
    int p = n - border[n];
    return n % p == 0 ? p : n;
  }

  /** An MPI symbol as an element of a table of numbers (where targets use a sentinel). */
  public static Value tableSymbol(long code) {
    return new Value.Symbol(Sym.of(code).name(), true);
  }

  /** The constant value of {@code p} on every rank, if it has one. */
  public static OptionalLong constant(Param p) {
    OptionalLong only = OptionalLong.empty();
    for (ParamEntry e : p.entries()) {
      OptionalLong c = e.values().seq().constant();
      if (c.isEmpty() || only.isPresent() && only.getAsLong() != c.getAsLong()) {
        return OptionalLong.empty();
      }
      only = c;
    }
    return only;
  }
}
