package org.benchgen.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;

/** Commands that take "a compressed trace or a trace directory" load it here. */
final class TraceInput {
  private TraceInput() {}

  /** Reads a compressed trace, or compresses a trace directory (progress on {@code err}). */
  static CompressedTrace load(Path input, PrintWriter err) throws IOException {
    if (Files.isDirectory(input)) {
      TraceDirectory d = TraceDirectory.open(input);
      return new TraceCompressor().compress(d, new Progress(err, "compressing", d.size())).trace();
    }
    return TraceFiles.readCompressed(input);
  }

  /** The numbers of a trace directory (read) or of a compressed trace (expanded). */
  static TraceStats stats(Path input, PrintWriter err) throws IOException {
    if (Files.isDirectory(input)) {
      TraceDirectory d = TraceDirectory.open(input);
      return TraceStats.of(d, new Progress(err, "reading " + input, d.size()));
    }
    CompressedTrace t = TraceFiles.readCompressed(input);
    return TraceStats.of(t, new Progress(err, "expanding " + input, t.worldSize()));
  }
}
