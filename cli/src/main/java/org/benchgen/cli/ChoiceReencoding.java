package org.benchgen.cli;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;
import org.benchgen.compress.ChoiceSections;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.CompressedTraceWriter;

/**
 * The one step of {@code benchgen trace} that may rewrite the tracer's {@code trace.bgc}: where the
 * trace still has a run that loops could not fold, {@code compress} makes it a choice section
 * ({@link ChoiceSections}). The tracer's in-job fold makes them itself in traces too large for
 * shared blocks (tracer/src/fold_choices.c), which then have too few top-level lines to be read
 * here; the sections of a trace small enough for blocks (whose times the reader pools per
 * place) it leaves to this step, which reads the file and writes it again, the file {@code
 * compress} makes of the same streams. A trace with
 * no such run is left as the tracer wrote it, unread past a count of its top-level lines.
 */
final class ChoiceReencoding {
  private ChoiceReencoding() {}

  /** Rewrites {@code bgc} with its choice sections; whether it did. */
  static boolean apply(Path bgc) throws IOException {
    if (topLevelNodes(bgc) < ChoiceSections.MIN_NODES) {
      return false;
    }
    CompressedTrace read = TraceFiles.readCompressed(bgc);
    CompressedTrace formed = ChoiceSections.form(read);
    if (formed == read) {
      return false;
    }
    Path tmp = bgc.resolveSibling(bgc.getFileName() + ".choices");
    try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      CompressedTraceWriter.write(formed, w);
    }
    Files.move(tmp, bgc, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return true;
  }

  /** The lines that open a top-level node (a call, a loop, a block's use): a section's least. */
  private static long topLevelNodes(Path bgc) throws IOException {
    try (Stream<String> lines = Files.lines(bgc, StandardCharsets.UTF_8)) {
      return lines.filter(l -> l.startsWith("MPI_") || l.startsWith("loop ")
          || l.startsWith("use ")).limit(ChoiceSections.MIN_NODES).count();
    }
  }
}
