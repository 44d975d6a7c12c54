package org.benchgen.ir;

import java.util.List;
import org.benchgen.trace.Op;

/** IR nodes and value sequences built by hand in trace-model's tests. */
public final class Nodes {
  private Nodes() {}

  public static ValueSeq seq(VNode... nodes) {
    return new ValueSeq(List.of(nodes));
  }

  public static VNode leaf(long v) {
    return new VNode.Leaf(v);
  }

  /** {@code body} repeated {@code times} times. */
  public static VNode rep(long times, VNode... body) {
    return VNode.Rep.of(List.of(body), times);
  }

  /** A barrier at {@code site} on {@code ranks}, without parameters or times. */
  public static Rsd barrier(String site, RankList ranks) {
    return new Rsd(Op.BARRIER, site, ranks,
        java.util.Collections.nCopies(Op.BARRIER.fields().size(), Param.none()), List.of(),
        CallTime.NONE);
  }

  /** A loop of {@code ranks} without trip counts. */
  public static Loop loop(RankList ranks, Node... body) {
    return new Loop(ranks, Param.none(), List.of(body));
  }
}
