/**
 * Per-rank event streams ({@code benchgen-trace 1}, docs/trace-format.md): reading with file:line
 * errors ({@link org.benchgen.rawtrace.RawTraceReader}, byte-level, O(line) per event, in layers:
 * framing, values, event lines and their checks, a fast path for lines of a loop), writing ({@link
 * org.benchgen.rawtrace.RawTraceWriter}), events ({@link org.benchgen.rawtrace.RawEvent}), the
 * directory of a run's streams, and the request numbering shared by encoding and decoding ({@link
 * org.benchgen.rawtrace.LiveRequests}).
 */
package org.benchgen.rawtrace;
