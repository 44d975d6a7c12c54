package org.benchgen.ir;

import java.util.ArrayList;
import java.util.List;
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

  /** Parses the text of a sequence (1-D items only: {@code a}, {@code a..b}, {@code a..b:s}). */
  public static int[] parse(String text) {
    List<Integer> out = new ArrayList<>();
    for (String item : text.split(",", -1)) {
      parseItem(item, out);
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  static void parseItem(String item, List<Integer> out) {
    try {
      int dots = item.indexOf("..");
      if (dots < 0) {
        out.add(Integer.parseInt(item));
        return;
      }
      int colon = item.indexOf(':', dots);
      int a = Integer.parseInt(item.substring(0, dots));
      int b = Integer.parseInt(item.substring(dots + 2, colon < 0 ? item.length() : colon));
      int s = colon < 0 ? 1 : Integer.parseInt(item.substring(colon + 1));
      if (s <= 0 || b < a || (b - a) % s != 0) {
        throw new TraceProblem("bad range '" + item + "': need a <= b and a stride dividing b-a");
      }
      for (int x = a; x <= b; x += s) {
        out.add(x);
      }
    } catch (NumberFormatException e) {
      throw new TraceProblem("bad number in '" + item + "'");
    }
  }
}
