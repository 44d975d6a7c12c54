package org.benchgen.resolve;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Field;

/**
 * Writes the sources a simulation found back into the trace's structure: loops stay loops, and a
 * wildcard RSD's source parameter becomes, per rank, the sequence of the sources it matched,
 * stored absolute or relative to the rank, whichever makes fewer entries.
 */
final class SourceRewriter {
  private final Map<Rsd, ResolvedSources[]> found;

  SourceRewriter(Map<Rsd, ResolvedSources[]> found) {
    this.found = found;
  }

  CompressedTrace rewrite(CompressedTrace trace) {
    return trace.withRsds(this::rewrite);
  }

  private Rsd rewrite(Rsd r) {
    ResolvedSources[] byRank = found.get(r);
    if (byRank == null) {
      return r;
    }
    List<Param> params = new ArrayList<>(r.params());
    params.set(r.op().slot(Field.SRC), sources(byRank));
    return new Rsd(r.op(), r.site(), r.ranks(), params, r.compute(), r.duration());
  }

  /** The source parameter from every rank's sequence: absolute or relative, fewer entries. */
  private static Param sources(ResolvedSources[] byRank) {
    Map<EntryValues, List<Integer>> abs = new LinkedHashMap<>();
    Map<EntryValues, List<Integer>> rel = new LinkedHashMap<>();
    for (int r = 0; r < byRank.length; r++) {
      if (byRank[r] != null) {
        ValueSeq a = byRank[r].absolute.build();
        abs.computeIfAbsent(new EntryValues.Absolute(a), k -> new ArrayList<>()).add(r);
        rel.computeIfAbsent(new EntryValues.Relative(byRank[r].relative.build()),
            k -> new ArrayList<>()).add(r);
      }
    }
    Map<EntryValues, List<Integer>> best = rel.size() < abs.size() ? rel : abs;
    List<ParamEntry> entries = new ArrayList<>();
    best.forEach((v, rs) -> entries.add(new ParamEntry(v,
        RankList.of(rs.stream().mapToInt(Integer::intValue).toArray()))));
    entries.sort(Comparator.comparingInt(e -> e.ranks().first()));
    return new Param(entries);
  }
}
