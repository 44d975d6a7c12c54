package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.benchgen.codegen.Unexpressible;
import org.benchgen.ir.Loop;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.Sym;

/**
 * The ranks of an RSD grouped into parts that one statement can say: ranks that read the same entry
 * of each field of interest and the same trip count of each enclosing loop (coNCePTuaL messages
 * cannot depend on the task variable); and the members of a part's communicator as world ranks.
 */
final class Parts {
  private final Emission e;

  Parts(Emission e) {
    this.e = e;
  }

  /**
   * The RSD's ranks grouped by which entry of each field they read, and by the trip count of each
   * enclosing loop.
   */
  List<Part> of(Rsd r, Field... fields) {
    List<Loop> loops = e.here;
    Map<List<Integer>, List<Integer>> groups = new LinkedHashMap<>();
    r.ranks().stream().forEach(rank -> {
      List<Integer> key = new ArrayList<>();
      for (Field f : fields) {
        key.add(entryIndex(r.param(f).entries(), rank));
      }
      for (Loop l : loops) {
        key.add(entryIndex(l.trips().entries(), rank));
      }
      groups.computeIfAbsent(key, k -> new ArrayList<>()).add(rank);
    });
    List<Part> out = new ArrayList<>();
    groups.forEach((key, ranks) -> {
      Map<Field, ParamEntry> entries = new LinkedHashMap<>();
      for (int i = 0; i < fields.length; i++) {
        if (key.get(i) >= 0) {
          entries.put(fields[i], r.param(fields[i]).entries().get(key.get(i)));
        }
      }
      out.add(new Part(RankList.of(ranks.stream().mapToInt(Integer::intValue).toArray()),
          entries, e.counts.guards(loops, ranks.get(0))));
    });
    return out;
  }

  /** Which of {@code es} holds {@code rank} (-1: none). */
  static int entryIndex(List<ParamEntry> es, int rank) {
    for (int i = 0; i < es.size(); i++) {
      if (es.get(i).ranks().contains(rank)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Parts for a point-to-point call; where the peer is relative in a communicator whose members
   * are not evenly spaced, one part per rank, whose peer is then a number.
   */
  List<Part> forPointToPoint(Rsd r, Field peer, Field... fields) {
    List<Part> out = new ArrayList<>();
    for (Part p : of(r, fields)) {
      if (p.ranks().size() > 1 && p.has(peer) && p.relative(peer)
          && spacing(members(p)).isEmpty()) {
        p.ranks().stream().forEach(x -> out.add(new Part(RankList.of(x), p.entries(), p.extra())));
      } else {
        out.add(p);
      }
    }
    return out;
  }

  /** The world ranks of the part's communicator, in communicator rank order. */
  List<Integer> members(Part p) {
    if (!p.has(Field.COMM)) {
      return e.trace.comm(0).orElseThrow().members();
    }
    List<Long> ids = p.seq(Field.COMM).leaves().distinct().boxed().toList();
    List<List<Integer>> sets = ids.stream().filter(id -> !Sym.isSymbol(id))
        .map(id -> e.trace.comm(id).orElseThrow().members()).distinct().toList();
    if (sets.isEmpty()) {
      return e.trace.comm(0).orElseThrow().members();
    }
    if (sets.size() > 1) {
      throw new Unexpressible("rank " + p.ranks().first() + " makes it on communicators of"
          + " different members in turn, which coNCePTuaL cannot choose between");
    }
    return sets.get(0);
  }

  /** {start, step} when the members are {@code start + k*step}, step >= 1. */
  static Optional<long[]> spacing(List<Integer> m) {
    if (m.size() < 2) {
      return Optional.of(new long[] {m.isEmpty() ? 0 : m.get(0), 1});
    }
    long step = m.get(1) - m.get(0);
    if (step < 1) {
      return Optional.empty();
    }
    for (int i = 2; i < m.size(); i++) {
      if (m.get(i) - m.get(i - 1) != step) {
        return Optional.empty();
      }
    }
    return Optional.of(new long[] {m.get(0), step});
  }

  static RankList ranksOf(List<Integer> members) {
    return RankList.of(members.stream().mapToInt(Integer::intValue).toArray());
  }
}
