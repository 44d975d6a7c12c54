/**
 * Problems a pass finds in its input, as values: {@link org.benchgen.findings.Finding} (a problem
 * and a message naming ranks, calls, sites and iterations) with codes from one table, {@link
 * org.benchgen.findings.Problem} (BG1xx alignment, BG2xx matching; docs/alignment.md,
 * docs/resolve.md), below both analyses so that codes never collide.
 */
package org.benchgen.findings;
