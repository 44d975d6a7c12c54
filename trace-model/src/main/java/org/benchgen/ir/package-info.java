/**
 * The compressed trace IR: immutable records ({@link org.benchgen.ir.Rsd}, {@link
 * org.benchgen.ir.Loop}) with rank lists as strided runs ({@link org.benchgen.ir.RankList}),
 * parameters as per-rank-set cyclic value patterns ({@link org.benchgen.ir.ValueSeq}) and
 * mergeable histograms; a trace carries its own symbol table. Passes walk it with a {@link
 * org.benchgen.ir.NodeScanner} (program order, recursing by default) or compute with a {@link
 * org.benchgen.ir.NodeVisitor}. Knows nothing of the algorithms that build or read it.
 */
package org.benchgen.ir;
