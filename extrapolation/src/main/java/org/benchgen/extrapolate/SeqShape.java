package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.ir.VNode;
import org.benchgen.ir.ValueSeq;

/**
 * A value sequence taken apart into its shape (how values and repetitions nest) and its numbers
 * (the values and the repetition counts, in order), so that the sequences of one parameter at
 * several rank counts can be compared number by number, and one rebuilt with other numbers.
 */
record SeqShape(String shape, long[] numbers, boolean[] isTimes) {
  static SeqShape of(ValueSeq seq) {
    StringBuilder s = new StringBuilder();
    List<Long> nums = new ArrayList<>();
    List<Boolean> times = new ArrayList<>();
    walk(seq.nodes(), s, nums, times);
    long[] n = new long[nums.size()];
    boolean[] t = new boolean[n.length];
    for (int i = 0; i < n.length; i++) {
      n[i] = nums.get(i);
      t[i] = times.get(i);
    }
    return new SeqShape(s.toString(), n, t);
  }

  private static void walk(List<VNode> nodes, StringBuilder s, List<Long> nums,
      List<Boolean> times) {
    for (VNode v : nodes) {
      if (v instanceof VNode.Leaf l) {
        s.append('v');
        nums.add(l.value());
        times.add(false);
      } else {
        VNode.Rep r = (VNode.Rep) v;
        s.append('(');
        walk(r.body(), s, nums, times);
        s.append(")*");
        nums.add(r.times());
        times.add(true);
      }
    }
  }

  /** {@code seq}'s shape with {@code numbers} in place of its own. */
  static ValueSeq rebuild(ValueSeq seq, long[] numbers) {
    int[] at = {0};
    return new ValueSeq(rebuild(seq.nodes(), numbers, at));
  }

  private static List<VNode> rebuild(List<VNode> nodes, long[] numbers, int[] at) {
    List<VNode> out = new ArrayList<>(nodes.size());
    for (VNode v : nodes) {
      if (v instanceof VNode.Leaf) {
        out.add(new VNode.Leaf(numbers[at[0]++]));
      } else {
        List<VNode> body = rebuild(((VNode.Rep) v).body(), numbers, at);
        out.add(VNode.Rep.of(body, numbers[at[0]++]));
      }
    }
    return out;
  }
}
