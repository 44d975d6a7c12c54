package org.benchgen.ir;

/**
 * Computes a value for each kind of {@link Node} ({@code node.accept(visitor)}): for passes that
 * rebuild nodes or compute something per node. A pass that only walks uses {@link NodeScanner}.
 */
public interface NodeVisitor<R> {
  R visitRsd(Rsd rsd);

  R visitLoop(Loop loop);
}
