package org.benchgen.ir;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.LongStream;

/**
 * A parameter of an RSD (or a loop's trip count): entries for disjoint rank sets, sorted by first
 * rank. No entry for a rank means the parameter was absent there.
 */
public record Param(List<ParamEntry> entries) {
  public Param {
    entries = List.copyOf(entries);
  }

  public static Param none() {
    return new Param(List.of());
  }

  /**
   * The parameter in which rank {@code ranks[i]} holds {@code values.get(i)}: one entry per
   * distinct value, the ranks that hold it together.
   */
  public static Param grouped(int[] ranks, List<EntryValues> values) {
    Map<EntryValues, List<Integer>> groups = new LinkedHashMap<>();
    for (int i = 0; i < ranks.length; i++) {
      groups.computeIfAbsent(values.get(i), k -> new ArrayList<>()).add(ranks[i]);
    }
    List<ParamEntry> entries = new ArrayList<>();
    groups.forEach((v, rs) -> entries.add(new ParamEntry(v,
        RankList.of(rs.stream().mapToInt(Integer::intValue).toArray()))));
    entries.sort(Comparator.comparingInt(e -> e.ranks().first()));
    return new Param(entries);
  }

  /** The entry that holds {@code rank}'s values. */
  public Optional<ParamEntry> entryFor(int rank) {
    // Indexed, not iterated: simulations ask this per rank and RSD (millions of times).
    for (int i = 0; i < entries.size(); i++) {
      ParamEntry e = entries.get(i);
      if (e.ranks().contains(rank)) {
        return Optional.of(e);
      }
    }
    return Optional.empty();
  }

  /**
   * Every value the parameter takes on any rank, as stored (peers possibly relative, symbols as
   * their codes); a value may repeat across entries.
   */
  public LongStream leaves() {
    return entries.stream().flatMapToLong(e -> e.values().seq().leaves());
  }

  public boolean isAbsent() {
    return entries.isEmpty();
  }
}
