package org.benchgen.ir;

import java.util.List;

/**
 * A walk over nodes in program order, depth first, that goes into every loop by default (after
 * javac's {@code TreeScanner}): a pass overrides only the kinds of node it cares about, and where
 * it overrides {@link #visitLoop} calls {@code super.visitLoop} to go on into the body. State that
 * flows down (depth, enclosing loops) lives in the subclass, set before that call and restored
 * after it.
 */
public abstract class NodeScanner {
  /** Visits {@code nodes} in order. */
  public final void scan(List<Node> nodes) {
    for (Node n : nodes) {
      n.accept(this);
    }
  }

  /** An RSD; by default nothing. */
  public void visitRsd(Rsd rsd) {}

  /** A loop; by default its body, in order. */
  public void visitLoop(Loop loop) {
    scan(loop.body());
  }
}
