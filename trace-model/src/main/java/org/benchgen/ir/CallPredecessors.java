package org.benchgen.ir;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The call sites that came right before each call of a trace (its compute paths), from the
 * structure: per call in document order, per site, which ranks made how many of the call's
 * calls after a call at that site. It follows, per site, the ranks whose last call was
 * there, so that calls of complementary ranks (a Send of rank 0, the Recv of rank 1) each see
 * their own ranks' last calls; a loop of constant trip count T is walked twice, its first
 * iteration and then the other T - 1, entered after the first.
 *
 * <p>Where that cannot be counted the result says so: a count is NaN where a trip count varies
 * (by rank or from one entry to the next: the sites that may come before are known, a superset,
 * their numbers not) or after such a loop while a rank may stand at several sites; a call has no
 * map (null: any site) where ranks whose last site is not followed (more than {@link #MAX_SITES}
 * at once) make it, until a call of theirs is seen; a call that is never made (in a loop of 0
 * trips) has an empty map. The walk stops after the last call asked about (after the top-level
 * node that holds it), and gives up (no map for any call) past {@link #MAX_WORK}.
 */
final class CallPredecessors {
  /** More sites than this at once: their ranks' last sites are no longer followed. */
  static final int MAX_SITES = 64;
  /** Ranks and nodes looked at before giving up: a bound on the time. */
  static final long MAX_WORK = 100_000_000;
  /** The site of ranks whose last site is not followed (no call site is empty). */
  private static final String ANY = "";
  /** The calls asked about, by document order. */
  private final BitSet wanted;
  private final int lastWanted;
  private final Map<Integer, Map<String, List<Arrival>>> before = new HashMap<>();
  /** Per loop: its one trip count (-1 where it varies) and its calls, worked out once. */
  private final Map<Loop, long[]> loops = new IdentityHashMap<>();
  private int next;
  private long work;
  private boolean done;

  /** Calls made after a site: by these ranks, each this many times (NaN: not known). */
  record Arrival(RankList ranks, double times) {
    /** The calls of the ranks of {@code group} (null: all) among them. */
    double calls(RankList group) {
      long k = group == null ? ranks.size() : ranks.stream().filter(group::contains).count();
      return k == 0 ? 0 : times * k;
    }
  }

  private CallPredecessors(BitSet wanted) {
    this.wanted = wanted;
    this.lastWanted = wanted.length() - 1;
  }

  /**
   * For the calls of {@code t} numbered (in document order, that of {@link
   * CompressedTrace#withRsds}) in {@code wanted}: per site, which ranks made how many of their
   * calls after one there (NaN: some, how many not known); null where any site may have. A
   * rank's first call has none before it. Empty where the walk would take too long.
   */
  static Map<Integer, Map<String, List<Arrival>>> of(CompressedTrace t, BitSet wanted) {
    CallPredecessors p = new CallPredecessors(wanted);
    Map<String, RankList> cur = new LinkedHashMap<>();
    for (Node n : t.body()) {
      // Past the last call asked about, nothing more is needed (inside a loop, its exit is).
      if (p.next > p.lastWanted || p.done) {
        break;
      }
      cur = p.walk(List.of(n), cur, 1);
    }
    return p.work > MAX_WORK ? Map.of() : p.before;
  }

  /**
   * Walks {@code body}, each of its calls made {@code times} times per rank (NaN: not known),
   * entered with {@code last} (per site, the ranks whose last call was there); returns the same
   * on leaving.
   */
  private Map<String, RankList> walk(List<Node> body, Map<String, RankList> last, double times) {
    Map<String, RankList> cur = last;
    for (Node n : body) {
      // Every node counts, so that a deep nest of loops, walked twice a level, ends too.
      if (++work > MAX_WORK) {
        done = true;
      }
      if (done) {
        return cur;
      }
      if (n instanceof Loop l) {
        long[] info = info(l);
        int start = next;
        if (info[0] == 0) {
          never(start, (int) info[1]);
          next = start + (int) info[1];
        } else if (info[0] > 0) {
          Map<String, RankList> first = walk(l.body(), cur, times);
          if (info[0] > 1 && !done) {
            next = start;
            first = walk(l.body(), first, times * (info[0] - 1));
          }
          cur = first;
        } else {
          cur = varying(l, cur, start);
        }
      } else {
        Rsd r = (Rsd) n;
        record(next++, cur, r.ranks(), times);
        cur = merge(minus(cur, r.ranks()), Map.of(r.site(), r.ranks()));
      }
    }
    return cur;
  }

  /** A loop whose trip count varies: walked until no iteration can start after a new site. */
  private Map<String, RankList> varying(Loop l, Map<String, RankList> cur, int start) {
    Map<String, RankList> entry = cur;
    Map<String, RankList> out;
    while (true) {
      next = start;
      out = walk(l.body(), entry, Double.NaN);
      Map<String, RankList> wider = merge(entry, out);
      if (done || wider.equals(entry)) {
        break;
      }
      entry = wider;
    }
    // Some ranks may run it no time at all.
    return merge(cur, out);
  }

  /** The loop's one trip count on all its ranks (-1 where it varies), and its calls. */
  private long[] info(Loop l) {
    long[] info = loops.get(l);
    if (info == null) {
      long trips = -1;
      boolean first = true;
      for (ParamEntry e : l.trips().entries()) {
        work += e.values().seq().nodes().size();
        long t = e.values().seq().constant().orElse(-1);
        trips = first || t == trips ? t : -1;
        first = false;
        if (trips < 0) {
          break;
        }
      }
      long calls = 0;
      for (Node x : l.body()) {
        calls += x instanceof Loop inner ? info(inner)[1] : 1;
      }
      info = new long[] {trips, calls};
      loops.put(l, info);
    }
    return info;
  }

  /** Calls {@code from} .. {@code from + n - 1} are never made: none came before them. */
  private void never(int from, int n) {
    for (int at = wanted.nextSetBit(from); at >= 0 && at < from + n;
        at = wanted.nextSetBit(at + 1)) {
      before.putIfAbsent(at, new HashMap<>());
    }
  }

  /** Counts, for call {@code at} made by {@code ranks}, its calls after each site it holds. */
  private void record(int at, Map<String, RankList> last, RankList ranks, double times) {
    if (!wanted.get(at) || (before.containsKey(at) && before.get(at) == null)) {
      return;
    }
    Map<String, RankList> seen = new HashMap<>();
    BitSet made = new BitSet();
    long total = 0;
    for (Map.Entry<String, RankList> e : last.entrySet()) {
      work += e.getValue().size();
      int[] on = e.getValue().stream().filter(ranks::contains).toArray();
      if (on.length == 0) {
        continue;
      }
      if (e.getKey().equals(ANY)) {
        before.put(at, null);
        return;
      }
      seen.put(e.getKey(), RankList.of(on));
      total += on.length;
      for (int q : on) {
        made.set(q);
      }
    }
    // A rank at several sites (after a loop whose trip count varies): which one, not known.
    double t = total > made.cardinality() ? Double.NaN : times;
    Map<String, List<Arrival>> calls = before.computeIfAbsent(at, k -> new HashMap<>());
    seen.forEach((site, on) -> calls.computeIfAbsent(site, k -> new ArrayList<>(2))
        .add(new Arrival(on, t)));
  }

  /** {@code last} without {@code ranks}: they made a call since. */
  private Map<String, RankList> minus(Map<String, RankList> last, RankList ranks) {
    Map<String, RankList> out = new LinkedHashMap<>();
    last.forEach((site, on) -> {
      work += on.size();
      int[] left = on.stream().filter(q -> !ranks.contains(q)).toArray();
      if (left.length > 0) {
        out.put(site, left.length == on.size() ? on : RankList.of(left));
      }
    });
    return out;
  }

  /**
   * Both as one, the ranks of a site joined; past {@link #MAX_SITES}, the ranks of all but the
   * site of the call just made ({@code b}'s, where it has one) are at {@link #ANY}.
   */
  private Map<String, RankList> merge(Map<String, RankList> a, Map<String, RankList> b) {
    Map<String, RankList> out = new LinkedHashMap<>(a);
    b.forEach((site, on) -> {
      work += on.size();
      out.merge(site, on, RankList::union);
    });
    if (out.size() <= MAX_SITES) {
      return out;
    }
    Map<String, RankList> kept = new LinkedHashMap<>();
    RankList any = RankList.empty();
    for (Map.Entry<String, RankList> e : out.entrySet()) {
      if (b.size() == 1 && b.containsKey(e.getKey())) {
        kept.put(e.getKey(), e.getValue());
      } else {
        work += e.getValue().size();
        any = any.union(e.getValue());
      }
    }
    kept.put(ANY, any);
    return kept;
  }
}
