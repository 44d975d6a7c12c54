package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.PrimitiveIterator;
import java.util.function.LongFunction;
import org.benchgen.codegen.output.RankCond;
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

  public ParamExpressions(Tables tables, int worldSize) {
    this.tables = tables;
    this.worldSize = worldSize;
  }

  /** How a leaf value (a number or a symbol's code) reads, and the kind of table that holds it. */
  public record Leaf(LongFunction<Value> value, String kind) {}

  /** Numbers and MPI symbols. */
  public static final Leaf NUMBER = new Leaf(v -> Sym.isSymbol(v)
      ? new Value.Symbol(Sym.of(v).name(), false) : new Value.Num(v), "int");

  /**
   * The value of {@code p}, its leaves read by {@code leaf}; {@code counter} indexes patterns;
   * {@code relativeComm}, when present, is the communicator that relative peers count in.
   * {@code used[0]} is set when the counter is needed.
   */
  public Value of(Param p, Leaf leaf, String counter, Optional<Value> relativeComm, boolean[] used) {
    List<ParamEntry> entries = p.entries();
    if (entries.isEmpty()) {
      return new Value.Symbol(Sym.ABSENT.name(), false);
    }
    List<Value> values = new ArrayList<>();
    for (ParamEntry e : entries) {
      values.add(entry(e, leaf, counter, relativeComm, used));
    }
    if (values.stream().distinct().count() == 1) {
      return values.get(0);
    }
    // The entry with the longest rank condition goes unsaid: it is the "otherwise".
    List<RankCond> conds = entries.stream().map(e -> RankConds.of(e.ranks(), worldSize)).toList();
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
    return new Value.Choice(cases, values.get(rest));
  }

  private Value entry(ParamEntry e, Leaf leaf, String counter, Optional<Value> relativeComm,
      boolean[] used) {
    boolean relative = e.values() instanceof org.benchgen.ir.EntryValues.Relative;
    ValueSeq seq = e.values().seq();
    OptionalLong c = seq.constant();
    Value v;
    if (c.isPresent()) {
      v = leaf.value().apply(c.getAsLong());
    } else {
      List<Value> items = new ArrayList<>();
      boolean symbols = false;
      for (PrimitiveIterator.OfLong it = seq.once(); it.hasNext(); ) {
        long x = it.nextLong();
        symbols |= Sym.isSymbol(x);
        items.add(Sym.isSymbol(x) ? tableSymbol(x) : leaf.value().apply(x));
      }
      used[0] = true;
      // Relative peers keep their sentinels: the relative-peer helper maps them itself.
      v = new Value.SeqAt(tables.of(leaf.kind(), items), counter, items.size(),
          symbols && !relative);
    }
    if (relative && relativeComm.isPresent() && !(v instanceof Value.Symbol)) {
      return new Value.Relative(v, relativeComm.get());
    }
    return v;
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
