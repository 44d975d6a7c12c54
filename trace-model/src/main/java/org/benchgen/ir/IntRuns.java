package org.benchgen.ir;

import org.benchgen.trace.TraceProblem;

/**
 * The one home of the strided-run notation for integer sequences: {@code 5}, {@code 0..7} (stride
 * 1), {@code 0..14:2} (stride 2), items joined by commas, in sequence order. Used for rank lists
 * (sorted) and communicator member lists (in communicator order).
 */
public final class IntRuns {
  private IntRuns() {}

  /** Greedy runs (start, stride, count) of {@code v} in order, as a flat array of triples. */
  public static int[] runs(int[] v) {
    int[] out = new int[3 * Math.max(1, v.length)];
    int n = 0;
    int i = 0;
    while (i < v.length) {
      int start = v[i];
      int count = 1;
      int stride = 1;
      if (i + 1 < v.length && v[i + 1] > v[i]) {
        stride = v[i + 1] - v[i];
        count = 2;
        while (i + count < v.length && v[i + count] - v[i + count - 1] == stride) {
          count++;
        }
        if (count == 2 && stride != 1) {
          // A lone pair with a gap reads better as two singles, unless it starts a longer run.
          count = 1;
          stride = 1;
        }
      }
      out[n++] = start;
      out[n++] = stride;
      out[n++] = count;
      i += count;
    }
    return java.util.Arrays.copyOf(out, n);
  }

  /** Appends the text of one run. */
  static void appendRun(StringBuilder b, int start, int stride, int count) {
    appendRun(b, start, stride, count, false);
  }

  /** {@code asRange}: never as two comma-separated items (inside a larger item, a comma would split it). */
  static void appendRun(StringBuilder b, int start, int stride, int count, boolean asRange) {
    if (count == 1) {
      b.append(start);
    } else if (count == 2 && stride == 1 && !asRange) {
      b.append(start).append(',').append(start + 1);
    } else {
      b.append(start).append("..").append(start + stride * (count - 1));
      if (stride != 1) {
        b.append(':').append(stride);
      }
    }
  }

  /** The text of a sequence, in order. */
  public static String format(int[] v) {
    int[] r = runs(v);
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < r.length; i += 3) {
      if (i > 0) {
        b.append(',');
      }
      appendRun(b, r[i], r[i + 1], r[i + 2]);
    }
    return b.toString();
  }

  /**
   * Parses the text of a sequence (1-D items only: {@code a}, {@code a..b}, {@code a..b:s}) whose
   * values are in {@code [0, limit)} and which has at most {@code limit} items: a file cannot make
   * it bigger than that.
   */
  public static int[] parse(String text, int limit) {
    Ints out = new Ints(limit);
    for (String item : text.split(",", -1)) {
      parseItem(item, out);
    }
    return out.toArray();
  }

  static void parseItem(String item, Ints out) {
    int[] run = parseRun(item, out);
    for (long k = 0, x = run[0]; k < run[2]; k++, x += run[1]) {
      out.add(x);
    }
  }

  /**
   * One item as a run (start, stride, count), its ends checked against {@code bounds}'s limit but
   * nothing added to it.
   */
  static int[] parseRun(String item, Ints bounds) {
    try {
      int dots = item.indexOf("..");
      if (dots < 0) {
        int a = Integer.parseInt(item);
        bounds.check(a);
        return new int[] {a, 1, 1};
      }
      int colon = item.indexOf(':', dots);
      int a = Integer.parseInt(item.substring(0, dots));
      int b = Integer.parseInt(item.substring(dots + 2, colon < 0 ? item.length() : colon));
      int s = colon < 0 ? 1 : Integer.parseInt(item.substring(colon + 1));
      if (s <= 0 || b < a || ((long) b - a) % s != 0) {
        throw new TraceProblem("bad range '" + item + "': need a <= b and a stride dividing b-a");
      }
      bounds.check(a);
      bounds.check(b);
      return new int[] {a, a == b ? 1 : s, (int) (((long) b - a) / s + 1)};
    } catch (NumberFormatException e) {
      throw new TraceProblem("bad number in '" + item + "'");
    }
  }

  /** Growing ints in {@code [0, limit)}, at most {@code limit} of them. */
  static final class Ints {
    private final int limit;
    private int[] v = new int[8];
    private int n;

    Ints(int limit) {
      this.limit = limit;
    }

    int limit() {
      return limit;
    }

    /** Refuses a value outside {@code [0, limit)}. */
    void check(long x) {
      if (x < 0 || x >= limit) {
        throw new TraceProblem("rank " + x + " is outside the world (" + limit + " ranks)");
      }
    }

    void add(long x) {
      check(x);
      if (n == limit) {
        throw new TraceProblem("more than " + limit + " ranks in a list of a world of " + limit);
      }
      if (n == v.length) {
        v = java.util.Arrays.copyOf(v, (int) Math.min((long) limit, 2L * n));
      }
      v[n++] = (int) x;
    }

    int size() {
      return n;
    }

    int get(int i) {
      return v[i];
    }

    int[] toArray() {
      return java.util.Arrays.copyOf(v, n);
    }
  }
}
