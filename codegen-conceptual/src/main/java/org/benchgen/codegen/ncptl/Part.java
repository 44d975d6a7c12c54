package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.benchgen.codegen.output.Atom;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Field;

/**
 * Ranks of an RSD that share one entry of each of some fields, and one entry of the trip count of
 * each enclosing loop; {@code extra}: conditions on loop variables (for loops that run longer on
 * other ranks, and for the executions a statement stands for).
 */
record Part(RankList ranks, Map<Field, ParamEntry> entries, List<Atom> extra) {
  boolean has(Field f) {
    return entries.containsKey(f);
  }

  ValueSeq seq(Field f) {
    return entries.get(f).values().seq();
  }

  /** The same part under further conditions on loop variables. */
  Part when(List<Atom> more) {
    if (more.isEmpty()) {
      return this;
    }
    List<Atom> all = new ArrayList<>(extra);
    all.addAll(more);
    return new Part(ranks, entries, all);
  }

  boolean relative(Field f) {
    return entries.get(f).values() instanceof EntryValues.Relative;
  }
}
