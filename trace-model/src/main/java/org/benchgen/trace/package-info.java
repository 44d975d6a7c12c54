/**
 * Per-rank event streams ({@code benchgen-trace 1}, docs/trace-format.md): the calls and their
 * fields ({@link org.benchgen.trace.Op}, {@link org.benchgen.trace.Field}), reading with file:line
 * errors ({@link org.benchgen.rawtrace.RawTraceReader}, byte-level, O(line) per event), writing, and the
 * request numbering shared by encoding and decoding ({@link org.benchgen.rawtrace.LiveRequests}).
 */
package org.benchgen.trace;
