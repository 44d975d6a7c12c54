package org.benchgen.ir;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * Immutable lists of value nodes, held compactly when long. Irregular traces store tens of millions
 * of values that never repeat; as one {@link VNode.Leaf} object and one reference each they cost
 * 28 bytes a value (62 million leaves, 1.5 GB, for 10^7 events of random values). Here a value
 * costs 4 bytes when all fit in an int and 8 otherwise, plus 4 for its repetition count when the
 * list has a run ({@code v*k}); other repetitions stay objects. The list reads as the nodes it was
 * given: equal to, and with the same hash as, a list of those nodes.
 */
public final class VNodes {
  /** Shorter lists are copied as they are: they are the constants and short patterns. */
  static final int MIN_COMPACT = 16;

  private VNodes() {}

  /** An immutable list of {@code nodes}, compact when long. */
  public static List<VNode> of(List<VNode> nodes) {
    if (nodes instanceof Compact || nodes instanceof ChoiceColumn) {
      // A column of a choice table stays one: the writer writes it as the column (issue 50).
      return nodes;
    }
    if (nodes.size() < MIN_COMPACT) {
      return List.copyOf(nodes);
    }
    Builder b = new Builder();
    for (VNode n : nodes) {
      b.add(n);
    }
    return b.build();
  }

  /** Gathers nodes into a list that never holds an object for a plain value. */
  public static final class Builder {
    private long[] values = new long[16];
    /** The repetitions of each element, 1 for a leaf; null while every element is a leaf. */
    private int[] times;
    /** Repetitions of more than one value; their elements hold an index here and times 0. */
    private final List<VNode> others = new ArrayList<>();
    private int size;
    private boolean narrow = true;

    /** Appends one value. */
    public Builder addLeaf(long v) {
      append(v, 1);
      return this;
    }

    /** Appends a node. */
    public Builder add(VNode n) {
      if (n instanceof VNode.Leaf l) {
        append(l.value(), 1);
      } else {
        VNode.Rep r = (VNode.Rep) n;
        if (r.body().size() == 1 && r.body().get(0) instanceof VNode.Leaf l
            && r.times() > 1 && r.times() <= Integer.MAX_VALUE) {
          append(l.value(), (int) r.times());
        } else {
          append(others.size(), 0);
          others.add(r);
        }
      }
      return this;
    }

    private void append(long v, int t) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
        if (times != null) {
          times = Arrays.copyOf(times, size * 2);
        }
      }
      if (t != 1 && times == null) {
        times = new int[values.length];
        Arrays.fill(times, 0, size, 1);
      }
      values[size] = v;
      if (times != null) {
        times[size] = t;
      }
      narrow &= v == (int) v;
      size++;
    }

    /** The nodes appended, as an immutable list. */
    public List<VNode> build() {
      VNode[] o = others.toArray(new VNode[0]);
      if (size < MIN_COMPACT) {
        VNode[] out = new VNode[size];
        for (int i = 0; i < size; i++) {
          out[i] = node(values[i], times == null ? 1 : times[i], o);
        }
        return List.of(out);
      }
      int[] t = times == null ? null : Arrays.copyOf(times, size);
      if (narrow) {
        int[] n = new int[size];
        for (int i = 0; i < size; i++) {
          n[i] = (int) values[i];
        }
        return new Compact(n, null, t, o);
      }
      return new Compact(null, Arrays.copyOf(values, size), t, o);
    }
  }

  /** The node of value {@code v} repeated {@code t} times, or {@code others[v]} when t is 0. */
  private static VNode node(long v, int t, VNode[] others) {
    return t == 1 ? new VNode.Leaf(v)
        : t == 0 ? others[(int) v] : VNode.Rep.of(List.of(new VNode.Leaf(v)), t);
  }

  /** The compact list: one of {@code narrow} and {@code wide} holds the values. */
  static final class Compact extends AbstractList<VNode> implements RandomAccess {
    private final int[] narrow;
    private final long[] wide;
    private final int[] times;
    private final VNode[] others;
    /** {@link List#hashCode}, computed on first use (0: not yet). */
    private int hash;

    Compact(int[] narrow, long[] wide, int[] times, VNode[] others) {
      this.narrow = narrow;
      this.wide = wide;
      this.times = times;
      this.others = others;
    }

    @Override
    public int size() {
      return narrow != null ? narrow.length : wide.length;
    }

    /** Whether element {@code i} is a plain value (a leaf), read by {@link #value}. */
    boolean isLeaf(int i) {
      return times == null || times[i] == 1;
    }

    /** The value of element {@code i}, a leaf. */
    long value(int i) {
      return narrow != null ? narrow[i] : wide[i];
    }

    @Override
    public VNode get(int i) {
      return node(value(i), times == null ? 1 : times[i], others);
    }

    @Override
    public boolean equals(Object o) {
      if (o instanceof Compact c) {
        return Arrays.equals(narrow, c.narrow) && Arrays.equals(wide, c.wide)
            && Arrays.equals(times, c.times) && Arrays.equals(others, c.others);
      }
      return super.equals(o);
    }

    @Override
    public int hashCode() {
      int h = hash;
      if (h == 0) {
        h = super.hashCode();
        hash = h;
      }
      return h;
    }

    // Immutable: the mutators of AbstractList already throw UnsupportedOperationException.
  }
}
