package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.ir.VNode;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Sym;

/**
 * A value sequence taken apart into its shape (how values and repetitions nest) and its numbers
 * (the values and the repetition counts, in order), so that the sequences of one parameter at
 * several rank counts can be compared number by number, and one rebuilt with other numbers. A run
 * of three values or more with a constant step ({@code 1,2,3,...,P-1}: a root's loop over the
 * other ranks) is one item of three numbers, its first value, its step and its length, so that
 * its length can follow the rank count; where {@code arith} is false (peers carried as steps
 * through the grid) values stay one by one.
 */
record SeqShape(String shape, long[] numbers, boolean[] isTimes) {
  static SeqShape of(ValueSeq seq) {
    return of(seq, true);
  }

  static SeqShape of(ValueSeq seq, boolean arith) {
    StringBuilder s = new StringBuilder();
    List<Long> nums = new ArrayList<>();
    List<Boolean> times = new ArrayList<>();
    walk(seq.nodes(), arith, s, nums, times);
    long[] n = new long[nums.size()];
    boolean[] t = new boolean[n.length];
    for (int i = 0; i < n.length; i++) {
      n[i] = nums.get(i);
      t[i] = times.get(i);
    }
    return new SeqShape(s.toString(), n, t);
  }

  private static void walk(List<VNode> nodes, boolean arith, StringBuilder s, List<Long> nums,
      List<Boolean> times) {
    for (int i = 0; i < nodes.size(); i++) {
      VNode v = nodes.get(i);
      int run = arith ? arithRun(nodes, i) : 1;
      if (run >= 3) {
        long first = ((VNode.Leaf) nodes.get(i)).value();
        s.append('A');
        nums.add(first);
        times.add(false);
        nums.add(((VNode.Leaf) nodes.get(i + 1)).value() - first);
        times.add(false);
        nums.add((long) run);
        times.add(true);
        i += run - 1;
      } else if (v instanceof VNode.Leaf l) {
        s.append('v');
        nums.add(l.value());
        times.add(false);
      } else {
        VNode.Rep r = (VNode.Rep) v;
        s.append('(');
        walk(r.body(), arith, s, nums, times);
        s.append(")*");
        nums.add(r.times());
        times.add(true);
      }
    }
  }

  /** The length of the run of numbers with one nonzero step from {@code i}. */
  private static int arithRun(List<VNode> nodes, int i) {
    if (i + 1 >= nodes.size() || !(nodes.get(i) instanceof VNode.Leaf a)
        || !(nodes.get(i + 1) instanceof VNode.Leaf b) || Sym.isSymbol(a.value())
        || Sym.isSymbol(b.value()) || a.value() == b.value()) {
      return 1;
    }
    long step = b.value() - a.value();
    int n = 2;
    while (i + n < nodes.size() && nodes.get(i + n) instanceof VNode.Leaf c
        && !Sym.isSymbol(c.value()) && c.value() - ((VNode.Leaf) nodes.get(i + n - 1)).value()
            == step) {
      n++;
    }
    return n;
  }

  /** A sequence of this shape with {@code numbers} in place of its own. */
  ValueSeq rebuild(long[] numbers) {
    int[] at = {0, 0};
    return new ValueSeq(parse(numbers, at));
  }

  private List<VNode> parse(long[] numbers, int[] at) {
    List<VNode> out = new ArrayList<>();
    while (at[0] < shape.length()) {
      char c = shape.charAt(at[0]);
      if (c == 'v') {
        out.add(new VNode.Leaf(numbers[at[1]++]));
        at[0]++;
      } else if (c == 'A') {
        long first = numbers[at[1]++];
        long step = numbers[at[1]++];
        long n = numbers[at[1]++];
        for (long k = 0; k < n; k++) {
          out.add(new VNode.Leaf(first + k * step));
        }
        at[0]++;
      } else if (c == '(') {
        at[0]++;
        List<VNode> body = parse(numbers, at);
        at[0] += 2; // ")*"
        out.add(VNode.Rep.of(body, numbers[at[1]++]));
      } else {
        return out; // ')' closes the body being read
      }
    }
    return out;
  }
}
