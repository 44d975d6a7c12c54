package org.benchgen.codegen;

import java.util.Arrays;
import java.util.function.LongFunction;
import org.benchgen.codegen.output.TableItems;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.VNodes;
import org.benchgen.ir.ValueSeq;

/**
 * A growable array of longs, without an object a value: the values of a parameter as generation
 * gathers them (a table's items, one rank's values in an irregular section).
 */
final class Longs {
  private long[] a = new long[16];
  private int size;

  Longs() {}

  Longs(long single) {
    add(single);
  }

  void add(long v) {
    if (size == a.length) {
      a = Arrays.copyOf(a, size * 2);
    }
    a[size++] = v;
  }

  int size() {
    return size;
  }

  long at(int i) {
    return a[i];
  }

  /** The values as a sequence of plain values, in order. */
  ValueSeq seq() {
    VNodes.Builder leaves = new VNodes.Builder();
    for (int i = 0; i < size; i++) {
      leaves.addLeaf(a[i]);
    }
    return new ValueSeq(leaves.build());
  }

  /** The values as a table's items, each made a value by {@code item}. */
  TableItems items(LongFunction<Value> item) {
    return new TableItems(a, size, item);
  }

  boolean same(Longs o) {
    return Arrays.equals(a, 0, size, o.a, 0, o.size);
  }
}
