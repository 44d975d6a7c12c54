package org.benchgen.model;

/** Visits the two kinds of {@link Node}. */
public interface NodeVisitor<R> {
  R visitRsd(Rsd rsd);

  R visitLoop(Loop loop);
}
