package org.benchgen.ir;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;

/**
 * The values one parameter takes over the executions of its RSD on a rank, in order, compressed as
 * nested repetitions and read cyclically: the pattern repeats for as many executions as there are.
 * So a constant is one value whatever the iteration count, and {@code 1024,2048,1024,2048,…} is
 * {@code 1024,2048}; a pattern with a tail stays exact ({@code (1024,2048)*5,4096}). Lossless,
 * because a rank never reads more values than it had executions. Immutable.
 */
public record ValueSeq(List<VNode> nodes) {
  public ValueSeq {
    nodes = VNodes.of(nodes);
  }

  public static ValueSeq of(long value) {
    return new ValueSeq(List.of(new VNode.Leaf(value)));
  }

  /** Whether every value equals {@code v} (and there is at least one). */
  public boolean allEqual(long v) {
    return !nodes.isEmpty() && nodes.stream().allMatch(n -> allEqual(n, v));
  }

  private static boolean allEqual(VNode n, long v) {
    return n instanceof VNode.Leaf l ? l.value() == v
        : ((VNode.Rep) n).body().stream().allMatch(b -> allEqual(b, v));
  }

  /** The single value when the sequence is constant. */
  public java.util.OptionalLong constant() {
    PrimitiveIterator.OfLong it = once();
    if (!it.hasNext()) {
      return java.util.OptionalLong.empty();
    }
    long first = it.nextLong();
    return allEqual(first) ? java.util.OptionalLong.of(first) : java.util.OptionalLong.empty();
  }

  /** The distinct leaf values, in order of first appearance in the structure. */
  public java.util.stream.LongStream leaves() {
    java.util.stream.LongStream.Builder b = java.util.stream.LongStream.builder();
    Deque<VNode> todo = new ArrayDeque<>();
    for (int i = nodes.size() - 1; i >= 0; i--) {
      todo.push(nodes.get(i));
    }
    while (!todo.isEmpty()) {
      VNode n = todo.pop();
      if (n instanceof VNode.Leaf l) {
        b.add(l.value());
      } else {
        List<VNode> body = ((VNode.Rep) n).body();
        for (int i = body.size() - 1; i >= 0; i--) {
          todo.push(body.get(i));
        }
      }
    }
    return b.build().distinct();
  }

  /** The number of values in one cycle; saturates at Long.MAX_VALUE. */
  public long length() {
    return length(nodes);
  }

  /** The number of values in one cycle of {@code nodes}; saturates at Long.MAX_VALUE. */
  public static long length(List<VNode> nodes) {
    long n = 0;
    for (VNode v : nodes) {
      long k = v instanceof VNode.Rep r ? saturatingMultiply(r.times(), length(r.body())) : 1;
      n = k > Long.MAX_VALUE - n ? Long.MAX_VALUE : n + k;
    }
    return n;
  }

  /** The sum of one cycle of {@code nodes}; ArithmeticException if it overflows. */
  public static long sum(List<VNode> nodes) {
    long s = 0;
    for (VNode v : nodes) {
      s = Math.addExact(s, v instanceof VNode.Rep r ? Math.multiplyExact(r.times(), sum(r.body()))
          : ((VNode.Leaf) v).value());
    }
    return s;
  }

  /**
   * The sum of the first {@code n} values, read cyclically (where the sequence holds a loop's trip
   * counts: how many times its body ran in the loop's first {@code n} entries); whole cycles at
   * once, then the part of one. ArithmeticException if it overflows.
   */
  public long sumOfFirst(long n) {
    return sumOfFirst(nodes, n);
  }

  private static long sumOfFirst(List<VNode> nodes, long n) {
    long length = length(nodes);
    if (length == 0 || n == 0) {
      return 0;
    }
    long whole = Math.multiplyExact(n / length, sum(nodes));
    long rest = n % length;
    long part = 0;
    for (VNode v : nodes) {
      if (rest == 0) {
        break;
      }
      long take = Math.min(length(List.of(v)), rest);
      part = Math.addExact(part, v instanceof VNode.Rep r ? sumOfFirst(r.body(), take)
          : ((VNode.Leaf) v).value());
      rest -= take;
    }
    return Math.addExact(whole, part);
  }

  private static long saturatingMultiply(long a, long b) {
    return a == 0 || b == 0 ? 0 : a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
  }

  /** Iterates the expanded values, cycling, without materializing them. */
  public PrimitiveIterator.OfLong iterator() {
    if (isSingleValue()) {
      VNode.Leaf l = (VNode.Leaf) nodes.get(0);
      // Most entries of a regular code hold one value: a traversal keeps a cursor per entry per
      // rank, and at 65,536 ranks a stack per cursor is most of its memory.
      long v = l.value();
      return v >= -CONSTANTS_LOW && v < CONSTANTS.length - CONSTANTS_LOW
          ? CONSTANTS[(int) v + CONSTANTS_LOW] : new Constant(v);
    }
    return new Cursor(nodes, true);
  }

  /**
   * Whether the sequence is one value written once: its {@link #iterator()} then keeps no
   * position, and a traversal need not keep one per rank.
   */
  public boolean isSingleValue() {
    return nodes.size() == 1 && nodes.get(0) instanceof VNode.Leaf;
  }

  /** Shared iterators of the commonest single values (peer offsets, tags, small counts). */
  private static final int CONSTANTS_LOW = 1024;
  private static final Constant[] CONSTANTS = java.util.stream.IntStream
      .range(-CONSTANTS_LOW, 4096).mapToObj(Constant::new).toArray(Constant[]::new);

  /** The cycling iterator of a single value: no position to keep. */
  private record Constant(long value) implements PrimitiveIterator.OfLong {
    @Override
    public boolean hasNext() {
      return true;
    }

    @Override
    public long nextLong() {
      return value;
    }
  }

  /** Iterates one cycle of the pattern. */
  public PrimitiveIterator.OfLong once() {
    return new Cursor(nodes, false);
  }

  /** A depth-first walk with a stack of (body, index, remaining repetitions). */
  private static final class Cursor implements PrimitiveIterator.OfLong {
    private final Deque<Frame> stack = new ArrayDeque<>();
    private final List<VNode> root;
    private final boolean cycle;

    private static final class Frame {
      final List<VNode> body;
      /** {@code body} when it is compact, read without making a leaf per value. */
      final VNodes.Compact compact;
      int index;
      long remaining;

      Frame(List<VNode> given, long remaining) {
        // A choice table's column is read through its leaves (issue 50).
        List<VNode> body = given instanceof ChoiceColumn cc ? cc.nodes() : given;
        this.body = body;
        this.compact = body instanceof VNodes.Compact c ? c : null;
        this.remaining = remaining;
      }
    }

    Cursor(List<VNode> nodes, boolean cycle) {
      this.root = nodes;
      this.cycle = cycle && !nodes.isEmpty();
      stack.push(new Frame(nodes, 1));
    }

    @Override
    public boolean hasNext() {
      while (true) {
        if (stack.isEmpty()) {
          if (!cycle) {
            return false;
          }
          stack.push(new Frame(root, 1));
        }
        Frame f = stack.peek();
        if (f.index < f.body.size()) {
          if (f.compact != null && f.compact.isLeaf(f.index)) {
            return true;
          }
          VNode n = f.body.get(f.index);
          if (n instanceof VNode.Leaf) {
            return true;
          }
          f.index++;
          VNode.Rep r = (VNode.Rep) n;
          if (r.times() > 0 && !r.body().isEmpty()) {
            stack.push(new Frame(r.body(), r.times()));
          }
        } else if (--f.remaining > 0) {
          f.index = 0;
        } else {
          stack.pop();
        }
      }
    }

    @Override
    public long nextLong() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      Frame f = stack.peek();
      if (f.compact != null) {
        return f.compact.value(f.index++);
      }
      return ((VNode.Leaf) f.body.get(f.index++)).value();
    }
  }
}
