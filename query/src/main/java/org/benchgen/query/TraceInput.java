package org.benchgen.query;

import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.TraceDirectory;

/**
 * The trace a query reads: a compressed trace (its calls expanded, times the histograms' means),
 * or a directory of per-rank streams (the traced calls and times, read from the streams) with the
 * lossless compressed trace made from it, whose walk gives each call's loop and the matching.
 */
public sealed interface TraceInput {
  /** The compressed trace: the structure every view is walked on. */
  CompressedTrace trace();

  /** For messages: where the trace came from. */
  String name();

  /** A compressed trace read from {@code name}. */
  record Compressed(String name, CompressedTrace trace) implements TraceInput {}

  /** Per-rank streams in {@code dir}, and {@code trace}, the directory compressed. */
  record Streams(TraceDirectory dir, CompressedTrace trace) implements TraceInput {
    @Override
    public String name() {
      return dir.path().toString();
    }
  }
}
