package org.benchgen.ir;

import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The call sites that came right before each call of a trace (its compute paths), from the
 * structure: per call in document order, per site, how many of the call's calls (over all its
 * ranks) followed a call at that site. It follows, per site, the ranks whose last call was
 * there, so that calls of complementary ranks (a Send of rank 0, the Recv of rank 1) each see
 * their own ranks' last calls; a loop of constant trip count T is walked twice, its first
 * iteration and then the other T - 1, entered after the first. Where a trip count varies (by rank
 * or from one entry to the next), the loop's calls count NaN: the sites that may come before
 * them are known, a superset (every iteration may be entered after any), their numbers not. A
 * call has no map (null, any site) where too many sites come before it, or where the walk would
 * take too long.
 */
final class CallPredecessors {
  /** More sites than this before one call: any path may come before it. */
  static final int MAX_SITES = 64;
  /** Ranks looked at before giving up (any site for every call): a bound on the time. */
  static final long MAX_WORK = 50_000_000;
  /** The calls asked about, by document order. */
  private final BitSet wanted;
  private final Map<Integer, Map<String, Double>> before = new HashMap<>();
  private int next;
  private long work;

  private CallPredecessors(BitSet wanted) {
    this.wanted = wanted;
  }

  /**
   * For the calls of {@code t} numbered (in document order, that of {@link
   * CompressedTrace#withRsds}) in {@code wanted}: per site, how many of their calls followed one
   * there (NaN: some, how many not known); null where any site may have. A rank's first call
   * has none before it. Empty where the walk would take too long.
   */
  static Map<Integer, Map<String, Double>> of(CompressedTrace t, BitSet wanted) {
    CallPredecessors p = new CallPredecessors(wanted);
    p.walk(t.body(), new LinkedHashMap<>(), 1);
    return p.work > MAX_WORK ? Map.of() : p.before;
  }

  /**
   * Walks {@code body}, each of its calls made {@code times} times per rank (NaN: not known),
   * entered with {@code last} (per site, the ranks whose last call was there; null: any site);
   * returns the same on leaving.
   */
  private Map<String, RankList> walk(List<Node> body, Map<String, RankList> last, double times) {
    Map<String, RankList> cur = last;
    for (Node n : body) {
      // Every node counts, so that a deep nest of loops, walked twice a level, ends too.
      if (++work > MAX_WORK) {
        return null;
      }
      if (n instanceof Loop l) {
        long trips = trips(l);
        int start = next;
        if (trips == 0) {
          next = start + calls(l.body());
        } else if (trips > 0) {
          Map<String, RankList> first = walk(l.body(), cur, times);
          if (trips > 1) {
            next = start;
            first = walk(l.body(), first, times * (trips - 1));
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
      if (wider == null ? entry == null : wider.equals(entry)) {
        break;
      }
      entry = wider;
    }
    // Some ranks may run it no time at all.
    return merge(cur, out);
  }

  /** The loop's one trip count on all its ranks; -1 where it varies. */
  private static long trips(Loop l) {
    long trips = -1;
    for (ParamEntry e : l.trips().entries()) {
      long t = e.values().seq().constant().orElse(-1);
      if (t < 0 || (trips >= 0 && t != trips)) {
        return -1;
      }
      trips = t;
    }
    return trips;
  }

  /** The calls (RSDs) in {@code body}, loops' included once. */
  private static int calls(List<Node> body) {
    int n = 0;
    for (Node x : body) {
      n += x instanceof Loop l ? calls(l.body()) : 1;
    }
    return n;
  }

  /** Counts, for call {@code at} made by {@code ranks}, the calls after each site of {@code last}. */
  private void record(int at, Map<String, RankList> last, RankList ranks, double times) {
    if (!wanted.get(at) || (before.containsKey(at) && before.get(at) == null)) {
      return;
    }
    if (last == null) {
      before.put(at, null);
      return;
    }
    Map<String, Double> counts = before.computeIfAbsent(at, k -> new HashMap<>());
    last.forEach((site, on) -> {
      work += on.size();
      long k = on.stream().filter(ranks::contains).count();
      if (k > 0) {
        counts.merge(site, times * k, Double::sum);
      }
    });
  }

  /** {@code last} without {@code ranks}: they made a call since. */
  private Map<String, RankList> minus(Map<String, RankList> last, RankList ranks) {
    if (last == null) {
      return null;
    }
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

  /** Both as one, the ranks of a site joined; null (any) where either is, or too many sites. */
  private Map<String, RankList> merge(Map<String, RankList> a, Map<String, RankList> b) {
    if (a == null || b == null) {
      return null;
    }
    Map<String, RankList> out = new LinkedHashMap<>(a);
    b.forEach((site, on) -> {
      work += on.size();
      out.merge(site, on, RankList::union);
    });
    return out.size() > MAX_SITES ? null : out;
  }
}
