package org.benchgen.ir;

/**
 * A node of the compressed trace: an RSD (one call site) or a loop (a PRSD). Passes visit nodes in
 * one of two ways: a {@link NodeScanner} walks a body in program order and recurses by default; a
 * {@link NodeVisitor} computes a value per node (a rebuilt node, a shape).
 */
public sealed interface Node permits Rsd, Loop {
  /** The world ranks that execute this node. */
  RankList ranks();

  <R> R accept(NodeVisitor<R> visitor);

  /** Calls the scanner's method for this kind of node. */
  void accept(NodeScanner scanner);
}
