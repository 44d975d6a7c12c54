package org.benchgen.ir;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * The values of one parameter on a rank as a column of a {@link ChoiceTable}: its value at each
 * step the column is read, in order. It reads as the list of leaves it stands for (equal to it,
 * hashing as it does), so every pass that reads a {@link ValueSeq} reads it unchanged; only the
 * writer asks what it is, to write {@code $TABLE.COLUMN} instead of the values. The leaves are
 * made on first read and kept.
 */
public final class ChoiceColumn extends AbstractList<VNode> implements RandomAccess {
  private final ChoiceTable table;
  private final int index;
  private final int size;
  private volatile List<VNode> nodes;
  /** {@link List#hashCode}, computed on first use (0: not yet). */
  private int hash;

  ChoiceColumn(ChoiceTable table, int index) {
    this.table = table;
    this.index = index;
    long n = table.size(index);
    this.size = (int) Math.min(n, Integer.MAX_VALUE);
  }

  public ChoiceTable table() {
    return table;
  }

  /** The column's number in its table, from 1. */
  public int index() {
    return index;
  }

  /** The leaves, made once. */
  public List<VNode> nodes() {
    List<VNode> n = nodes;
    if (n == null) {
      n = table.nodes(index);
      nodes = n;
    }
    return n;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public VNode get(int i) {
    return nodes().get(i);
  }

  @Override
  public boolean equals(Object o) {
    if (o instanceof ChoiceColumn c && c.table == table && c.index == index) {
      return true;
    }
    return o instanceof List<?> l && l.size() == size && nodes().equals(o);
  }

  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0) {
      h = nodes().hashCode();
      hash = h;
    }
    return h;
  }
}
