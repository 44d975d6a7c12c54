/**
 * Compression (ScalaTrace, the main paper section 3.1): online intra-rank loop folding ({@link
 * org.benchgen.compress.LoopFolder}, bounded work per event: O(1) in steady state, O(window) when
 * the loop structure changes), and the inter-rank merge ({@link org.benchgen.compress.TraceMerger},
 * Myers' diff, O((n+m)d) per merge, a binary tree over ranks on all cores).
 */
package org.benchgen.compress;
