package org.benchgen.ir;

/** A node of the compressed trace: an RSD (one call site) or a loop (a PRSD). */
public sealed interface Node permits Rsd, Loop {
  /** The world ranks that execute this node. */
  RankList ranks();

  <R> R accept(NodeVisitor<R> visitor);
}
