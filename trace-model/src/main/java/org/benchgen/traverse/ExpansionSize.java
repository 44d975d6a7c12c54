package org.benchgen.traverse;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;

/**
 * How many steps walking every rank of a compressed trace takes, computed from the IR before
 * walking it, so that a command can refuse a trace that would run for days instead of hanging: a
 * step is a node a rank reaches (its call, or a node it skips) or an iteration of a loop it runs.
 * An upper bound: a loop counts its largest trip count on every rank it has, and a node is
 * reached by all its parent's ranks. For the traces compression writes, within a small factor of
 * the calls. Saturates at {@link Long#MAX_VALUE}.
 */
public final class ExpansionSize {
  private ExpansionSize() {}

  /** The steps of walking every rank of {@code t}. */
  public static long steps(CompressedTrace t) {
    record Level(List<Node> body, long times, long ranks) {}
    Deque<Level> todo = new ArrayDeque<>();
    todo.push(new Level(t.body(), 1, t.worldSize()));
    long steps = 0;
    while (!todo.isEmpty()) {
      Level l = todo.pop();
      long reached = times(l.times(), l.ranks());
      steps = sum(steps, times(reached, l.body().size()));
      for (Node n : l.body()) {
        if (n instanceof Loop loop) {
          long trips = loop.trips().leaves().max().orElse(0);
          long runs = times(l.times(), trips);
          steps = sum(steps, times(runs, loop.ranks().size()));
          if (runs > 0) {
            todo.push(new Level(loop.body(), runs, loop.ranks().size()));
          }
        }
      }
    }
    return steps;
  }

  /**
   * How many calls walking every rank of {@code t} makes, at most: each RSD once for each of its
   * ranks in every iteration of its loops, a loop counting its largest trip count. Exact where
   * every rank of a loop runs it equally often (regular codes); saturates at {@link
   * Long#MAX_VALUE}.
   */
  public static long calls(CompressedTrace t) {
    record Level(List<Node> body, long times) {}
    Deque<Level> todo = new ArrayDeque<>();
    todo.push(new Level(t.body(), 1));
    long calls = 0;
    while (!todo.isEmpty()) {
      Level l = todo.pop();
      for (Node n : l.body()) {
        if (n instanceof Loop loop) {
          long runs = times(l.times(), loop.trips().leaves().max().orElse(0));
          if (runs > 0) {
            todo.push(new Level(loop.body(), runs));
          }
        } else if (n instanceof org.benchgen.ir.Rsd r) {
          calls = sum(calls, times(l.times(), r.ranks().size()));
        }
      }
    }
    return calls;
  }

  private static long times(long a, long b) {
    long high = Math.multiplyHigh(a, b);
    return high != 0 || a * b < 0 ? Long.MAX_VALUE : a * b;
  }

  private static long sum(long a, long b) {
    long s = a + b;
    return s < 0 ? Long.MAX_VALUE : s;
  }

  /**
   * A limit on expansion set by the Java property {@code property} (a positive number of
   * {@code unit}, {@code 1e7} allowed), or {@code dflt} where it is unset; the commands that walk
   * or load a trace's calls each have one. IllegalArgumentException naming the property otherwise.
   */
  public static long limit(String property, long dflt, String unit) {
    String v = System.getProperty(property);
    if (v == null) {
      return dflt;
    }
    try {
      double d = Double.parseDouble(v.strip());
      if (d >= 1 && d <= Long.MAX_VALUE) {
        return (long) d;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("-D" + property + "=" + v + " is not a positive number of "
        + unit);
  }
}
