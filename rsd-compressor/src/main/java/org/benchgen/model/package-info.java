/**
 * The compressed trace IR: immutable records ({@link org.benchgen.model.Rsd}, {@link
 * org.benchgen.model.Loop}) with rank lists as strided runs ({@link org.benchgen.model.RankList}),
 * parameters as per-rank-set cyclic value patterns ({@link org.benchgen.model.ValueSeq}) and
 * mergeable histograms. Knows nothing of the algorithms that build or read it.
 */
package org.benchgen.model;
