package org.benchgen.ir;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each call's compute its own: a shared block's copies, read from a file, hold the block's pooled
 * compute paths, one list that all its places share (docs/compressed-format.md, "Shared blocks").
 * Passes that merge or total the compute of calls (alignment joining collectives, the generated
 * code's compute per call, the data tables of irregular sections, verify's loop regions) must take
 * each place's part, not the pool once per place. A path's intervals go to the places by how many
 * of their calls came after that site ({@link CallPredecessors}), given out in document order by
 * {@link ComputeParts}, so that the parts of one pool add up to it exactly (no interval lost or
 * counted twice), each part's distribution the path's in little. A call whose list is its own is
 * left as it is.
 */
public final class PlaceShares {
  /** Per list of compute paths, its places in document order. */
  private final Map<List<ComputeStat>, List<Place>> holders = new IdentityHashMap<>();
  private final Map<List<ComputeStat>, ComputeParts> parts = new IdentityHashMap<>();
  /** Per list, per path, each place's share of its intervals. */
  private final Map<List<ComputeStat>, Map<String, double[]>> shares = new IdentityHashMap<>();
  /** Per list, how many of its places were given their part. */
  private final Map<List<ComputeStat>, Integer> placed = new IdentityHashMap<>();

  /**
   * One place of a list: its calls, and per site which of its ranks made how many of them after
   * one there ({@link CallPredecessors}); null where any site may have.
   */
  private record Place(int at, long calls, Map<String, List<CallPredecessors.Arrival>> before) {
    boolean takes(String path) {
      return before == null || before.containsKey(path);
    }

    /** The calls after {@code path}, where known. */
    double after(String path) {
      return after(path, null);
    }

    /** The calls of {@code group}'s ranks (null: all) after {@code path}, where known. */
    double after(String path, RankList group) {
      if (before == null) {
        return Double.NaN;
      }
      double n = 0;
      for (CallPredecessors.Arrival a : before.getOrDefault(path, List.of())) {
        n += a.calls(group);
      }
      return n;
    }
  }

  private PlaceShares() {}

  static CompressedTrace of(CompressedTrace t) {
    PlaceShares p = new PlaceShares();
    p.count(t.body(), new int[1]);
    p.holders.values().removeIf(h -> h.size() < 2);
    if (p.holders.isEmpty()) {
      return t;
    }
    BitSet wanted = new BitSet();
    p.holders.values().forEach(h -> h.forEach(place -> wanted.set(place.at())));
    Map<Integer, Map<String, List<CallPredecessors.Arrival>>> before =
        CallPredecessors.of(t, wanted);
    p.holders.replaceAll((list, h) -> h.stream()
        .map(q -> new Place(q.at(), q.calls(), before.get(q.at()))).toList());
    return t.withRsds(p::rsd);
  }

  private void count(List<Node> body, int[] at) {
    for (Node n : body) {
      if (n instanceof Loop l) {
        count(l.body(), at);
      } else if (n instanceof Rsd r) {
        if (!r.compute().isEmpty()) {
          holders.computeIfAbsent(r.compute(), k -> new ArrayList<>(2))
              .add(new Place(at[0], r.duration().count(), null));
        }
        at[0]++;
      }
    }
  }

  private Rsd rsd(Rsd r) {
    List<Place> places = holders.get(r.compute());
    if (places == null) {
      return r;
    }
    int mine = placed.merge(r.compute(), 1, Integer::sum) - 1;
    Map<String, double[]> s = shares.computeIfAbsent(r.compute(), c -> shares(c, places));
    List<ComputeStat> part = parts.computeIfAbsent(r.compute(),
        c -> new ComputeParts(c, r.ranks())).next((path, group) -> {
          // A rank class's own calls where they are known (classes that came from different
          // places: a Send of rank 0 then of rank 1); else the path's share.
          double sum = 0;
          for (Place p : places) {
            sum += p.after(path.after(), group);
          }
          return Double.isFinite(sum) && sum > 0 ? places.get(mine).after(path.after(), group) / sum
              : s.get(path.after())[mine];
        });
    return new Rsd(r.op(), r.site(), r.ranks(), r.params(), part, r.duration());
  }

  /**
   * Per path of {@code pool}, each place's share of its intervals: by the calls each made after
   * that site, where they are known (paths whose counts are all known first). Places whose count
   * is not known (a loop whose trip count varies) share what the known ones leave, by what their
   * calls still lack after the paths given before, among those that can take the path (a loop
   * entered after a call takes that path alone and shares its own with a later place); all of
   * them where none can, by the structure.
   */
  private static Map<String, double[]> shares(List<ComputeStat> pool, List<Place> places) {
    int n = places.size();
    double[] need = new double[n];
    for (int i = 0; i < n; i++) {
      need[i] = places.get(i).calls();
    }
    Map<String, double[]> out = new HashMap<>();
    List<ComputeStat> mixed = new ArrayList<>();
    for (ComputeStat c : pool) {
      double[] w = new double[n];
      double sum = 0;
      boolean known = true;
      for (int i = 0; i < n; i++) {
        w[i] = places.get(i).after(c.after());
        known &= Double.isFinite(w[i]);
        sum += w[i];
      }
      if (known && sum > 0) {
        out.put(c.after(), give(w, sum, need, c.time().count()));
      } else {
        mixed.add(c);
      }
    }
    for (ComputeStat c : mixed) {
      String path = c.after();
      long intervals = c.time().count();
      double[] s = new double[n];
      // The places whose counts are known take them, as far as the path's intervals go.
      double knownSum = 0;
      for (int i = 0; i < n; i++) {
        double k = places.get(i).after(path);
        knownSum += Double.isFinite(k) ? k : 0;
      }
      double scale = knownSum > intervals ? 1 / knownSum : intervals == 0 ? 0 : 1.0 / intervals;
      double left = 1;
      for (int i = 0; i < n; i++) {
        double k = places.get(i).after(path);
        if (Double.isFinite(k) && k > 0) {
          s[i] = k * scale;
          left -= s[i];
          need[i] -= s[i] * intervals;
        }
      }
      // The rest to the places not known that can take it (all not known, where none can); to
      // all where every count is known and none is of this path (a file no run writes).
      boolean[] open = new boolean[n];
      boolean unknown = false;
      boolean anyTakes = false;
      for (Place p : places) {
        boolean u = !Double.isFinite(p.after(path));
        unknown |= u;
        anyTakes |= u && p.takes(path);
      }
      for (int i = 0; i < n; i++) {
        Place p = places.get(i);
        open[i] = !unknown || (!Double.isFinite(p.after(path)) && (!anyTakes || p.takes(path)));
      }
      double[] w = new double[n];
      double sum = 0;
      for (int i = 0; i < n; i++) {
        w[i] = open[i] ? Math.max(need[i], 0) : 0;
        sum += w[i];
      }
      if (sum == 0) {
        // Nothing left to fill: evenly.
        for (int i = 0; i < n; i++) {
          w[i] = open[i] ? 1 : 0;
          sum += w[i];
        }
      }
      if (left > 0) {
        double[] rest = give(w, sum, need, Math.round(left * intervals));
        for (int i = 0; i < n; i++) {
          s[i] += rest[i] * left;
        }
      }
      out.put(path, s);
    }
    return out;
  }

  /** Shares by weights {@code w} (summing to {@code sum}); what each place lacks, less them. */
  private static double[] give(double[] w, double sum, double[] need, long intervals) {
    double[] s = new double[w.length];
    for (int i = 0; i < w.length; i++) {
      s[i] = w[i] / sum;
      need[i] -= s[i] * intervals;
    }
    return s;
  }
}
