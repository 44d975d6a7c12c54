package org.benchgen.ir;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.benchgen.trace.TraceProblem;

/**
 * A set of world ranks, kept as sorted, disjoint strided runs so that membership is a binary search
 * and a regular set costs a few integers whatever the rank count. The text form groups runs of runs
 * (a 2-D block) as {@code BASE/DxM}: the run BASE, then shifted by D, M times in all; for example
 * {@code 0..3/8x4} is {0..3, 8..11, 16..19, 24..27}.
 */
public final class RankList {
  private static final RankList EMPTY = new RankList(new int[0], 0);

  /** (start, stride, count) triples, sorted by start, covering disjoint intervals. */
  private final int[] runs;
  private final int size;

  private RankList(int[] runs, int size) {
    this.runs = runs;
    this.size = size;
  }

  public static RankList empty() {
    return EMPTY;
  }

  public static RankList of(int... ranks) {
    int[] v = ranks.clone();
    Arrays.sort(v);
    return fromSorted(dedupe(v));
  }

  /** Ranks {@code from .. to-1}. */
  public static RankList range(int from, int to) {
    return to <= from ? EMPTY : new RankList(new int[] {from, 1, to - from}, to - from);
  }

  private static int[] dedupe(int[] sorted) {
    int n = 0;
    for (int i = 0; i < sorted.length; i++) {
      if (i == 0 || sorted[i] != sorted[i - 1]) {
        sorted[n++] = sorted[i];
      }
    }
    return Arrays.copyOf(sorted, n);
  }

  private static RankList fromSorted(int[] v) {
    if (v.length > 0 && v[0] < 0) {
      throw new IllegalArgumentException("negative rank " + v[0]);
    }
    return v.length == 0 ? EMPTY : new RankList(IntRuns.runs(v), v.length);
  }

  public int size() {
    return size;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  public int first() {
    return runs[0];
  }

  public boolean contains(int r) {
    int lo = 0;
    int hi = runs.length / 3 - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int start = runs[3 * mid];
      if (start > r) {
        hi = mid - 1;
      } else {
        int stride = runs[3 * mid + 1];
        int count = runs[3 * mid + 2];
        if (r <= start + stride * (count - 1)) {
          return (r - start) % stride == 0;
        }
        lo = mid + 1;
      }
    }
    return false;
  }

  /** Whether some rank is in both lists (tested from the smaller one). */
  public boolean intersects(RankList o) {
    RankList small = size <= o.size ? this : o;
    RankList large = small == this ? o : this;
    return small.stream().anyMatch(large::contains);
  }

  public IntStream stream() {
    IntStream.Builder b = IntStream.builder();
    for (int i = 0; i < runs.length; i += 3) {
      for (int k = 0; k < runs[i + 2]; k++) {
        b.add(runs[i] + k * runs[i + 1]);
      }
    }
    return b.build();
  }

  public int[] toArray() {
    return stream().toArray();
  }

  public RankList union(RankList o) {
    if (o.isEmpty()) {
      return this;
    }
    if (isEmpty()) {
      return o;
    }
    int[] a = toArray();
    int[] b = o.toArray();
    int[] m = new int[a.length + b.length];
    int i = 0;
    int j = 0;
    int n = 0;
    while (i < a.length || j < b.length) {
      int x = j >= b.length || (i < a.length && a[i] <= b[j]) ? a[i++] : b[j++];
      if (n == 0 || m[n - 1] != x) {
        m[n++] = x;
      }
      if (i < a.length && j < b.length && a[i] == b[j]) {
        j++;
      }
    }
    return fromSorted(Arrays.copyOf(m, n));
  }

  /**
   * A regular piece of a rank list: the run {@code start, start+stride, …} of {@code count} ranks,
   * repeated {@code times} times, each copy shifted by {@code shift} from the one before (a 2-D
   * block; {@code times} is 1 for a plain run).
   */
  public record Block(int start, int stride, int count, int shift, int times) {
    /** The highest rank in the block. */
    public int last() {
      return start + stride * (count - 1) + shift * (times - 1);
    }
  }

  /** The list as blocks, in rank order: what the text form writes, and code generators test. */
  public List<Block> blocks() {
    List<Block> out = new ArrayList<>();
    int n = runs.length / 3;
    int i = 0;
    while (i < n) {
      // Group runs of equal stride and count whose starts step by a constant: a 2-D block.
      int m = 1;
      if (i + 1 < n && sameShape(i, i + 1)) {
        int d = runs[3 * (i + 1)] - runs[3 * i];
        while (i + m < n && sameShape(i, i + m) && runs[3 * (i + m)] - runs[3 * (i + m - 1)] == d) {
          m++;
        }
      }
      if (m >= 2 && runs[3 * i + 2] >= 2) {
        out.add(new Block(runs[3 * i], runs[3 * i + 1], runs[3 * i + 2],
            runs[3 * (i + 1)] - runs[3 * i], m));
        i += m;
      } else {
        out.add(new Block(runs[3 * i], runs[3 * i + 1], runs[3 * i + 2], 0, 1));
        i++;
      }
    }
    return out;
  }

  /** The text form, e.g. {@code 0..3/8x4,40}. */
  @Override
  public String toString() {
    if (isEmpty()) {
      return "none";
    }
    StringBuilder b = new StringBuilder();
    for (Block k : blocks()) {
      if (b.length() > 0) {
        b.append(',');
      }
      if (k.times() > 1) {
        IntRuns.appendRun(b, k.start(), k.stride(), k.count(), true);
        b.append('/').append(k.shift()).append('x').append(k.times());
      } else {
        IntRuns.appendRun(b, k.start(), k.stride(), k.count());
      }
    }
    return b.toString();
  }

  private boolean sameShape(int i, int j) {
    return runs[3 * i + 1] == runs[3 * j + 1] && runs[3 * i + 2] == runs[3 * j + 2];
  }

  /**
   * Ranges that overlap or interleave are expanded to be sorted out, but only this many ranks:
   * the writer never writes them, and expanding a short line into millions of ranks is how a
   * hostile file would make reading slow.
   */
  static final int MAX_UNORDERED = 1 << 16;

  /**
   * Parses the text form written by {@link #toString()}, of ranks in {@code [0, world)}: a file
   * cannot make the list hold more than the world. Read run by run ({@link CanonicalRuns}), so a
   * line costs what its text costs, however many ranks it names.
   */
  public static RankList parse(String text, int world) {
    if (text.equals("none")) {
      return EMPTY;
    }
    IntRuns.Ints bounds = new IntRuns.Ints(world);
    IntRuns.Ints runs = new IntRuns.Ints(Integer.MAX_VALUE);
    long size = 0;
    for (String item : text.split(",", -1)) {
      int slash = item.indexOf('/');
      int[] base = IntRuns.parseRun(slash < 0 ? item : item.substring(0, slash), bounds);
      int d = 0;
      int m = 1;
      if (slash >= 0) {
        int x = item.indexOf('x', slash);
        if (x < 0) {
          throw new TraceProblem("bad rank block '" + item + "': expected BASE/DxM");
        }
        try {
          d = Integer.parseInt(item.substring(slash + 1, x));
          m = Integer.parseInt(item.substring(x + 1));
        } catch (NumberFormatException e) {
          throw new TraceProblem("bad rank block '" + item + "'");
        }
        if (d <= 0 || m <= 0) {
          throw new TraceProblem("bad rank block '" + item + "': D and M must be positive");
        }
      }
      long outside = firstOutside(base, d, m, world);
      if (outside >= 0) {
        bounds.check(outside);
      }
      size += (long) base[2] * m;
      if (size > world) {
        throw new TraceProblem("more than " + world + " ranks in a list of a world of " + world);
      }
      for (int k = 0; k < m; k++) {
        runs.add(base[0] + (long) k * d);
        runs.add(base[1]);
        runs.add(base[2]);
      }
    }
    int[] r = sortByStart(runs.toArray());
    if (CanonicalRuns.ordered(r)) {
      return new RankList(CanonicalRuns.of(r), (int) size);
    }
    if (size > MAX_UNORDERED) {
      throw new TraceProblem("rank list '" + abbreviate(text) + "' has ranges that overlap or"
          + " interleave over more than " + MAX_UNORDERED + " ranks (lists are written as"
          + " ordered, disjoint ranges)");
    }
    IntRuns.Ints out = new IntRuns.Ints(world);
    for (int i = 0; i < r.length; i += 3) {
      for (long k = 0, x = r[i]; k < r[i + 2]; k++, x += r[i + 1]) {
        out.add(x);
      }
    }
    return of(out.toArray());
  }

  /**
   * The first rank, in the order the block lists them (copy by copy), at or past {@code world};
   * -1 if none. The run {@code base} itself is inside the world.
   */
  private static long firstOutside(int[] base, long d, long m, int world) {
    long last = base[0] + (long) base[1] * (base[2] - 1);
    if (last + d * (m - 1) < world) {
      return -1;
    }
    long k = last >= world ? 0 : (world - last + d - 1) / d; // the first copy that leaves
    long from = world - k * d; // its first element at or past this, shifted back
    long j = from <= base[0] ? 0 : (from - base[0] + base[1] - 1) / base[1];
    return base[0] + j * base[1] + k * d;
  }

  private static String abbreviate(String text) {
    return text.length() <= 60 ? text : text.substring(0, 57) + "...";
  }

  /** Runs (start, stride, count) ordered by start, usually already so. */
  private static int[] sortByStart(int[] r) {
    if (CanonicalRuns.ordered(r)) {
      return r;
    }
    Integer[] idx = new Integer[r.length / 3];
    for (int i = 0; i < idx.length; i++) {
      idx[i] = i;
    }
    Arrays.sort(idx, (x, y) -> Integer.compare(r[3 * x], r[3 * y]));
    int[] out = new int[r.length];
    for (int i = 0; i < idx.length; i++) {
      System.arraycopy(r, 3 * idx[i], out, 3 * i, 3);
    }
    return out;
  }

  /** The highest rank; -1 for an empty list. */
  public int last() {
    int max = -1;
    for (int i = 0; i < runs.length; i += 3) {
      max = Math.max(max, runs[i] + runs[i + 1] * (runs[i + 2] - 1));
    }
    return max;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RankList r && size == r.size && Arrays.equals(runs, r.runs);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(runs);
  }
}
