/**
 * The HTML report ({@code benchgen report}): one self-contained page with pictures of a trace
 * (loop structure, time split, waits, byte matrix, calls per function, compute histograms) and,
 * for two traces, of a benchmark's fidelity. Charts are JFreeChart's, drawn as inline SVG by
 * JFreeSVG; the page is laid out by StringTemplate over {@link org.benchgen.report.ReportModel}.
 */
package org.benchgen.report;
