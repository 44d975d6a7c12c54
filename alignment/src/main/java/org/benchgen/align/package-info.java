/**
 * Collective alignment, Algorithm 1 of the main paper (§4.3): {@link
 * org.benchgen.align.CollectiveAligner} makes a collective reached from several call sites one RSD
 * of all its participants. It walks the trace with one {@link
 * org.benchgen.traverse.TraversalContext} per {@link org.benchgen.align.RankClasses rank class}
 * (O(classes × calls) time; memory: the compressed trace, the contexts and the output being
 * folded), and writes through {@link org.benchgen.compress.TraceBuilder}, which recompresses calls
 * appended in a global order and is shared with later passes that rewrite a trace. Findings are
 * values ({@link org.benchgen.findings.Finding}) with codes from {@link
 * org.benchgen.findings.Problem}.
 */
package org.benchgen.align;
