/**
 * Compression (ScalaTrace, the main paper section 3.1): online intra-rank loop folding ({@link
 * org.benchgen.compress.LoopFolder}, bounded work per event: O(1) in steady state, O(window) when
 * the loop structure changes), and the inter-rank merge ({@link org.benchgen.compress.TraceMerger},
 * aligned by {@link org.benchgen.compress.SequenceAlignment}: Myers' diff up to a bounded edit
 * distance, then patience anchors, near-linear whether ranks share call sites or not; a binary tree
 * over ranks on all cores); the recompressing
 * {@link org.benchgen.compress.TraceBuilder} that passes rewriting a trace share. Public: the entry
 * points ({@link org.benchgen.compress.TraceCompressor}, {@link
 * org.benchgen.compress.RankCompressor}, TraceBuilder, {@link
 * org.benchgen.compress.ValueSeqBuilder}); the folding machinery is package-private.
 */
package org.benchgen.compress;
