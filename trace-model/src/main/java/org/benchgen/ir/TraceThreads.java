package org.benchgen.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.benchgen.trace.Field;
import org.benchgen.trace.Sym;

/**
 * Which ranks of a compressed trace made calls from threads other than MPI's main one (the
 * {@code thread} parameter, docs/compressed-format.md). Alignment, wildcard resolution and the
 * generators follow one thread per rank: they refuse such a trace by naming what this finds, where
 * {@code stats}, {@code expand} and {@code verify} count every thread's calls.
 */
public final class TraceThreads {
  /** Why a phase that follows one thread per rank refuses them. */
  public static final String ONE_THREAD = "alignment, wildcard resolution and the generators"
      + " follow one thread per rank, and would misplace the other threads' calls (stats, expand"
      + " and verify count every thread's calls)";

  /** How many ranks a refusal names; the others are counted. */
  static final int NAMED = 8;

  private TraceThreads() {}

  /** A sentence naming the ranks with several threads and their threads; empty when none has. */
  public static Optional<String> several(CompressedTrace trace) {
    Map<Integer, SortedSet<Long>> named = new TreeMap<>();
    List<RankList> all = new ArrayList<>();
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd rsd) {
        for (ParamEntry e : rsd.param(Field.THREAD).entries()) {
          long[] threads = e.values().seq().leaves().filter(v -> !Sym.isSymbol(v)).distinct()
              .toArray();
          if (threads.length == 0) {
            continue;
          }
          all.add(e.ranks());
          // Only the first ranks are listed: a world may have millions.
          e.ranks().stream().filter(r -> named.size() < NAMED || named.containsKey(r)).limit(NAMED)
              .forEach(r -> {
                SortedSet<Long> ts = named.computeIfAbsent(r, k -> new TreeSet<>());
                for (long t : threads) {
                  ts.add(t);
                }
              });
        }
      }
    }.scan(trace.body());
    if (named.isEmpty()) {
      return Optional.empty();
    }
    RankList ranks = all.stream().reduce(RankList.empty(), RankList::union);
    StringBuilder b = new StringBuilder();
    named.forEach((r, ts) -> b.append(b.length() == 0 ? "" : ", ").append("rank ").append(r)
        .append(" made calls from ").append(ts.size() + 1).append(" threads (MPI's main thread and ")
        .append(ts.size() == 1 ? "thread " : "threads ").append(join(ts)).append(')'));
    int more = ranks.size() - named.size();
    if (more > 0) {
      b.append(", and ").append(more).append(more == 1 ? " more rank" : " more ranks");
    }
    return Optional.of(b.toString());
  }

  /** The threads' numbers, the first {@link #NAMED} of them (a rank may have 10,000). */
  private static String join(SortedSet<Long> ts) {
    StringBuilder b = new StringBuilder();
    int shown = 0;
    for (long t : ts) {
      if (shown++ == NAMED) {
        return b.append(", ... ").append(ts.last()).toString();
      }
      b.append(b.length() == 0 ? "" : ", ").append(t);
    }
    return b.toString();
  }
}
