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
 * Ranks of an RSD that share one entry of each of some fields, and one trip count of each
 * enclosing loop ({@code trips}, -1 where not constant); {@code extra}: conditions on loop
 * variables for loops that run longer on other ranks.
 */
record Part(RankList ranks, Map<Field, ParamEntry> entries, long[] trips,
    List<Atom> extra) {
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
    return new Part(ranks, entries, trips, all);
  }

  boolean relative(Field f) {
    return entries.get(f).values() instanceof EntryValues.Relative;
  }
}
