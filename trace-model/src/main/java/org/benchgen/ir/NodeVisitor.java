package org.benchgen.ir;

/** Visits the two kinds of {@link Node}. */
public interface NodeVisitor<R> {
  R visitRsd(Rsd rsd);

  R visitLoop(Loop loop);
}
