package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;

/**
 * A count that follows a block distribution: a global size {@code n} split over the {@code k}
 * ranks of one grid dimension, part {@code i} holding {@code n div k}, plus one if
 * {@code i < n mod k} (the first {@code n mod k} parts hold one more: the split of NPB, ScaLAPACK's
 * block rows, PETSc's default), and the count {@code a*side + b}, with {@code b} by the rank's
 * place in the grid (a halo of a face less a boundary row at the ends). Where {@code n} does not
 * divide evenly, ranks of one place hold different sides at different counts, which no function of
 * P or of the grid's sides gives; {@code n} is found by exact fit across every rank of every
 * traced count, never per rank at the target: a region's ranks hold at most two sides along a
 * dimension (the long parts first), so the value of a region is read at its two ends.
 */
record BlockSplit(int dim, long n, long a, boolean byPlace,
    Map<List<Grid.Place>, Long> offsets) {
  /** The value of one rank at one traced count: its grid, its coordinates in it. */
  record Obs(Grid grid, int[] coords, long value) {}

  /** Above this global size nothing is tried (the values' own bound is usually far lower). */
  static final long MAX_N = 1L << 22;

  private static final String[] NAMES = {"px", "py", "pz", "pw"};

  /** The side of part {@code index} of {@code n} split over {@code parts}. */
  static long side(long n, int parts, int index) {
    return n / parts + (index < n % parts ? 1 : 0);
  }

  /** Where the coordinates sit, dimension by dimension. */
  static List<Grid.Place> places(Grid g, int[] coords) {
    List<Grid.Place> out = new ArrayList<>(coords.length);
    for (int i = 0; i < coords.length; i++) {
      out.add(Grid.place(coords[i], g.dims()[i]));
    }
    return out;
  }

  /** The value at {@code coords} of {@code g}; empty where no traced rank sat at that place. */
  OptionalLong at(Grid g, int[] coords) {
    Long b = offsets.get(byPlace ? places(g, coords) : List.of());
    if (b == null) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(a * side(n, g.dims()[dim], coords[dim]) + b);
  }

  /** For people, at a place: {@code 330*(33 split over py)}, {@code 5*(33 split over px) - 5}. */
  String formula(List<Grid.Place> at) {
    long b = offsets.getOrDefault(byPlace ? at : List.of(), 0L);
    return CountModel.num(a) + "*(" + n + " split over " + name(dim) + ")"
        + (b == 0 ? "" : (b < 0 ? " - " : " + ") + Math.abs(b));
  }

  static String name(int d) {
    return d < NAMES.length ? NAMES[d] : "p" + d;
  }

  /** A rank's position along the fitted dimension and its place: what its value depends on. */
  private record Key(int parts, int index, List<Grid.Place> places) {}

  /** {@link #fitAll(List, Map)} with no global size known. */
  static List<BlockSplit> fitAll(List<Obs> obs) {
    return fitAll(obs, Map.of());
  }

  /**
   * Every block split that gives every observation exactly, simplest first: {@code a*side + b}
   * on every rank alike (a message of whole rows), along any dimension, each global size
   * {@code n} up to the bound the values give (a step {@code a} of 1 or more cannot explain more
   * than {@code |dv|} of difference in sides); only where none does, {@code b} by place (the ends
   * send a row less), with {@code n} one of the sizes {@code known} along that dimension (those
   * other values showed alone; every {@code n} up to the bound where none is known: a constant
   * per place absorbs so much that small sizes with large steps fit too, and disagree at the
   * target). Empty where none fits; a dimension whose places never see two numbers of parts
   * (the same {@code k} at every count) cannot tell {@code n} and gives nothing.
   */
  static List<BlockSplit> fitAll(List<Obs> obs, Map<Integer, ? extends Collection<Long>> known) {
    List<BlockSplit> out = fitAlike(obs);
    if (!out.isEmpty() || obs.isEmpty()) {
      return out;
    }
    int dims = obs.get(0).grid().dims().length;
    for (int d = 0; d < dims; d++) {
      out.addAll(fitDim(obs, d, true, known.get(d)));
    }
    return out;
  }

  /** The splits with {@code b} the same on every rank, along any dimension, every size. */
  static List<BlockSplit> fitAlike(List<Obs> obs) {
    List<BlockSplit> out = new ArrayList<>();
    int dims = obs.isEmpty() ? 0 : obs.get(0).grid().dims().length;
    for (int d = 0; d < dims; d++) {
      out.addAll(fitDim(obs, d, false, null));
    }
    return out;
  }

  private static List<BlockSplit> fitDim(List<Obs> obs, int d, boolean byPlace,
      Collection<Long> sizes) {
    List<BlockSplit> out = new ArrayList<>();
    Map<Key, Long> seen = new LinkedHashMap<>();
    for (Obs o : obs) {
      Key k = new Key(o.grid().dims()[d], o.coords()[d],
          byPlace ? places(o.grid(), o.coords()) : List.of());
      Long old = seen.putIfAbsent(k, o.value());
      if (old != null && old != o.value()) {
        return out; // same side, same place, another value: not a split along d
      }
    }
    Map<List<Grid.Place>, List<Map.Entry<Key, Long>>> groups = new LinkedHashMap<>();
    for (Map.Entry<Key, Long> e : seen.entrySet()) {
      groups.computeIfAbsent(e.getKey().places(), x -> new ArrayList<>()).add(e);
    }
    if (sizes != null) {
      for (long n : sizes) {
        fitAt(d, n, byPlace, groups).ifPresent(out::add);
      }
      return out;
    }
    long[] pair = new long[6];
    long bound = bound(groups, pair);
    for (long n = 1; n <= bound; n++) {
      // The pair that bounds n first, in constant time: most sizes fail there.
      long ds = side(n, (int) pair[0], (int) pair[1]) - side(n, (int) pair[3], (int) pair[4]);
      long dv = pair[2] - pair[5];
      if (ds == 0 ? dv != 0 : dv % ds != 0 || dv == 0) {
        continue;
      }
      fitAt(d, n, byPlace, groups).ifPresent(out::add);
    }
    return out;
  }

  /**
   * The largest {@code n} that can fit: for two values of one place at {@code k1 < k2} parts,
   * their sides differ by more than {@code n(k2-k1)/(k1 k2) - 2}, and by at most {@code |dv|}
   * since {@code a} is a nonzero integer. 0 where no place is seen at two numbers of parts;
   * {@code pair} takes the two values that gave it (parts, index, value each).
   */
  private static long bound(Map<List<Grid.Place>, List<Map.Entry<Key, Long>>> groups,
      long[] pair) {
    long bound = Long.MAX_VALUE;
    for (List<Map.Entry<Key, Long>> g : groups.values()) {
      for (int i = 0; i < g.size(); i++) {
        for (int j = i + 1; j < g.size(); j++) {
          long k1 = Math.min(g.get(i).getKey().parts(), g.get(j).getKey().parts());
          long k2 = Math.max(g.get(i).getKey().parts(), g.get(j).getKey().parts());
          if (k1 == k2) {
            continue;
          }
          // Capped so that the product stays a long; a bound past MAX_N is MAX_N anyway.
          long dv = Math.min(MAX_N, Math.abs(g.get(i).getValue() - g.get(j).getValue()));
          long b = (dv + 2) * k1 * k2 / (k2 - k1) + k1 + k2;
          if (b < bound) {
            bound = b;
            Key p = g.get(i).getKey();
            Key q = g.get(j).getKey();
            pair[0] = p.parts();
            pair[1] = p.index();
            pair[2] = g.get(i).getValue();
            pair[3] = q.parts();
            pair[4] = q.index();
            pair[5] = g.get(j).getValue();
          }
        }
      }
    }
    return bound == Long.MAX_VALUE ? 0 : Math.min(bound, MAX_N);
  }

  private static Optional<BlockSplit> fitAt(int d, long n, boolean byPlace,
      Map<List<Grid.Place>, List<Map.Entry<Key, Long>>> groups) {
    long a = 0;
    for (List<Map.Entry<Key, Long>> g : groups.values()) {
      long s0 = side(n, g.get(0).getKey().parts(), g.get(0).getKey().index());
      long v0 = g.get(0).getValue();
      for (Map.Entry<Key, Long> e : g) {
        long s = side(n, e.getKey().parts(), e.getKey().index());
        if (s != s0) {
          long dv = e.getValue() - v0;
          if (dv % (s - s0) != 0) {
            return Optional.empty();
          }
          long step = dv / (s - s0);
          if (a != 0 && step != a || step == 0) {
            return Optional.empty();
          }
          a = step;
        }
      }
    }
    if (a == 0) {
      return Optional.empty(); // no place sees two sides: n is not seen
    }
    Map<List<Grid.Place>, Long> b = new LinkedHashMap<>();
    for (Map.Entry<List<Grid.Place>, List<Map.Entry<Key, Long>>> g : groups.entrySet()) {
      Long off = null;
      for (Map.Entry<Key, Long> e : g.getValue()) {
        long o = e.getValue() - a * side(n, e.getKey().parts(), e.getKey().index());
        if (off != null && off != o) {
          return Optional.empty();
        }
        off = o;
      }
      b.put(g.getKey(), off);
    }
    return Optional.of(new BlockSplit(d, n, a, byPlace, b));
  }

  /**
   * The value every fit gives to the ranks of {@code box} in {@code g}; empty, with the reason in
   * {@code why}, where there is no fit, where a fit has no traced rank at that place, where the
   * box's ranks hold two sides (the long parts and the short ones: a finer class than the grid's
   * regions), or where the fits disagree.
   */
  static OptionalLong valueAt(List<BlockSplit> fits, Grid g, int[][] box, StringBuilder why) {
    if (fits.isEmpty()) {
      why.append("no block split n = k*(n div k) + (n mod k) along any dimension gives the values"
          + " of every rank at every traced count");
      return OptionalLong.empty();
    }
    int[] lo = new int[box.length];
    int[] hi = new int[box.length];
    for (int i = 0; i < box.length; i++) {
      lo[i] = box[i][0];
      hi[i] = box[i][1];
    }
    Long v = null;
    BlockSplit first = null;
    for (BlockSplit f : fits) {
      OptionalLong x = f.at(g, lo);
      OptionalLong y = f.at(g, hi);
      if (x.isEmpty()) {
        why.append("no traced rank sits where these do (" + places(g, lo) + ")");
        return OptionalLong.empty();
      }
      if (x.getAsLong() != y.getAsLong()) {
        why.append(f.formula(places(g, lo)) + " gives " + x.getAsLong() + " and "
            + y.getAsLong() + " to ranks of one place (" + f.n + " split over " + g.dims()[f.dim]
            + ": the first " + f.n % g.dims()[f.dim] + " hold one more); ranks are classed by"
            + " side only along sizes some count alike on every rank tells alone");
        return OptionalLong.empty();
      }
      if (v == null) {
        v = x.getAsLong();
        first = f;
      } else if (v != x.getAsLong()) {
        why.append(first.formula(places(g, lo)) + " and " + f.formula(places(g, lo))
            + " both fit and disagree at the target (" + v + " against " + x.getAsLong()
            + "); trace a count with another number of ranks along " + name(f.dim));
        return OptionalLong.empty();
      }
    }
    return OptionalLong.of(v);
  }

  /**
   * Whether the fits disagree on the first rank of {@code box} (each rank placed there traced):
   * the sizes that fit are too many to tell the value, which is then no evidence against
   * another model (a count n/P fits the splits of every multiple of 16 at 4, 8 and 16 ranks).
   */
  static boolean ambiguous(List<BlockSplit> fits, Grid g, int[][] box) {
    int[] lo = new int[box.length];
    for (int i = 0; i < box.length; i++) {
      lo[i] = box[i][0];
    }
    return fits.stream().map(f -> f.at(g, lo)).distinct().count() > 1;
  }

  /**
   * Why nothing can be said along a dimension, where that is so: the values differ along it at
   * one count (ranks otherwise placed alike), as a split's long and short parts make them, and
   * every trace has one number of parts along it, the target another. A split, or ends that
   * send less whatever the count, cannot be told apart there: carrying a region's value would
   * be a guess (NPB LU traced at 4x2 and 4x4 only, extrapolated to 8x8).
   */
  static Optional<String> blind(List<Obs> obs, Grid target) {
    int dims = obs.isEmpty() ? 0 : obs.get(0).grid().dims().length;
    for (int d = 0; d < dims; d++) {
      int k = obs.get(0).grid().dims()[d];
      int dim = d;
      if (k == target.dims()[d] || obs.stream().anyMatch(o -> o.grid().dims()[dim] != k)) {
        continue;
      }
      Map<List<Object>, Obs> first = new LinkedHashMap<>();
      for (Obs o : obs) {
        int[] c = o.coords().clone();
        c[d] = -1;
        Obs f = first.putIfAbsent(List.of(o.grid(), Arrays.toString(c)), o);
        if (f != null && f.value() != o.value()) {
          return Optional.of("its values differ along " + name(d) + " at one count (" + f.value()
              + " at " + name(d).substring(1) + "=" + f.coords()[d] + ", " + o.value() + " at "
              + name(d).substring(1) + "=" + o.coords()[d] + " of the " + o.grid() + " grid),"
              + " and every trace has " + name(d) + " = " + k + ", the target " + target.dims()[d]
              + ": whether they follow a split along " + name(d) + " cannot be told; trace a"
              + " count with another " + name(d));
        }
      }
    }
    return Optional.empty();
  }

  /** The fits' global sizes along their dimension, for people: {@code 33} or {@code 31..33}. */
  static String sizes(List<BlockSplit> fits) {
    TreeSet<Long> ns = new TreeSet<>();
    fits.forEach(f -> ns.add(f.n));
    return ns.size() == 1 ? Long.toString(ns.first())
        : ns.size() <= 4 ? ns.toString() : ns.first() + ".." + ns.last();
  }
}
