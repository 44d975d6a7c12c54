package org.benchgen.codegen.output;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.RandomAccess;
import java.util.function.LongFunction;

/**
 * The items of a {@link Table} held as the codes they are made from, each made a {@link Value} by
 * {@code item} when read: a data table of an irregular trace has tens of millions of items, and a
 * {@link Value.Num} and its reference for each took 1.3 GB at 10^7 events. Immutable; equal to
 * any list of the same values.
 */
public final class TableItems extends AbstractList<Value> implements RandomAccess {
  private final long[] codes;
  private final LongFunction<Value> item;

  /** Items {@code item.apply(codes[i])}; {@code codes} is copied. */
  public TableItems(long[] codes, int size, LongFunction<Value> item) {
    this.codes = Arrays.copyOf(codes, size);
    this.item = item;
  }

  @Override
  public Value get(int i) {
    return item.apply(codes[i]);
  }

  @Override
  public int size() {
    return codes.length;
  }
}
