package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.VNode;
import org.benchgen.ir.ValueSeq;

/**
 * A {@link ValueSeq} read at an execution index, as an expression as big as the sequence's
 * compressed form rather than its length: the nodes of a list become ranges of the index chosen
 * by a balanced tree of {@link Value.Pick}s, a repetition reads its body at the index modulo the
 * body's length, and reading past one cycle is a modulo of the cycle. So
 * {@code PROC_NULL,(0,PROC_NULL*2)*99,0} at {@code x} is {@code -1} below 1, then
 * {@code (x - 1) mod 3} chooses, then {@code 0}. Also the sum of the values before an index
 * (how many times an inner loop ran before), for targets without arrays or counters.
 */
public final class SeqExpressions {
  private SeqExpressions() {}

  /** The value of {@code seq} at {@code index}, each stored value spelled by {@code leaf}. */
  public static Value at(ValueSeq seq, ExecIndex index, LongFunction<Value> leaf) {
    return at(seq.nodes(), index, leaf);
  }

  private static Value at(List<VNode> nodes, ExecIndex index, LongFunction<Value> leaf) {
    long length = ValueSeq.length(nodes);
    if (length == 0) {
      return Expressions.lit(0);
    }
    ExecIndex x = index.max() >= length ? index.mod(length) : index;
    long max = Math.min(x.max(), length - 1);
    List<Value> values = new ArrayList<>();
    List<Long> ends = new ArrayList<>();
    long start = 0;
    for (VNode n : nodes) {
      if (start > max) {
        break;
      }
      long end = Math.min(plus(start, length(n)), max + 1);
      Value v = n instanceof VNode.Rep r ? at(r.body(), x.minus(start).atMost(end - start - 1),
          leaf) : leaf.apply(((VNode.Leaf) n).value());
      if (!values.isEmpty() && values.get(values.size() - 1).equals(v)) {
        ends.set(ends.size() - 1, end);
      } else {
        values.add(v);
        ends.add(end);
      }
      start = end;
    }
    return values.size() == 1 ? values.get(0) : Expressions.piecewise(values, ends, x.value());
  }

  /**
   * The sum of the values of {@code seq} before {@code index} (read cyclically): where {@code seq}
   * holds an inner loop's trip counts, how many times its body ran before this entry.
   */
  public static Value before(ValueSeq seq, ExecIndex index) {
    return before(seq.nodes(), index);
  }

  private static Value before(List<VNode> nodes, ExecIndex index) {
    long length = ValueSeq.length(nodes);
    if (length == 0 || index.max() == 0) {
      return Expressions.lit(0);
    }
    if (index.max() >= length) {
      // Whole cycles, then the part of one.
      Value cycles = Expressions.mul(index.dividedBy(length), ValueSeq.sum(nodes));
      return Expressions.add(cycles, before(nodes, index.mod(length)));
    }
    long max = index.max();
    List<Value> values = new ArrayList<>();
    List<Long> ends = new ArrayList<>();
    long start = 0;
    long sum = 0;
    for (VNode n : nodes) {
      if (start > max) {
        break;
      }
      long len = length(n);
      long end = Math.min(plus(start, len), max + 1);
      Value v = Expressions.lit(sum);
      if (n instanceof VNode.Rep r && end - start > 1) {
        v = Expressions.add(v, before(r.body(), index.minus(start).atMost(end - start - 1)));
      }
      values.add(v);
      ends.add(end);
      sum = Math.addExact(sum, n instanceof VNode.Rep r ? Math.multiplyExact(r.times(),
          ValueSeq.sum(r.body())) : ((VNode.Leaf) n).value());
      start = end;
    }
    return values.size() == 1 ? values.get(0)
        : Expressions.piecewise(values, ends, index.value());
  }

  /** The sum of the first {@code n} values of {@code seq}, read cyclically. */
  public static long before(ValueSeq seq, long n) {
    return seq.sumOfFirst(n);
  }

  private static long plus(long a, long b) {
    return b > Long.MAX_VALUE - a ? Long.MAX_VALUE : a + b;
  }

  private static long length(VNode n) {
    return ValueSeq.length(List.of(n));
  }
}
