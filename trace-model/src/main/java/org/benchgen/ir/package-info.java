/**
 * The compressed trace IR: immutable records ({@link org.benchgen.ir.Rsd}, {@link
 * org.benchgen.ir.Loop}) with rank lists as strided runs ({@link org.benchgen.ir.RankList}),
 * parameters as per-rank-set cyclic value patterns ({@link org.benchgen.ir.ValueSeq}) and
 * mergeable histograms. Knows nothing of the algorithms that build or read it.
 */
package org.benchgen.ir;
