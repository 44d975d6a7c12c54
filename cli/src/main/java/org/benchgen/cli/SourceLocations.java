package org.benchgen.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.benchgen.ir.SiteFrame;
import org.benchgen.ir.SiteTable;
import org.benchgen.ir.format.SiteLines;

/**
 * Where a traced run's call sites lie in its source (issues 48 and 50): rank 0 of the job writes
 * them into {@code trace.bgc} itself, after {@code PMPI_Finalize} ({@code tracer/src/site_lines.c}:
 * the tracer's {@code trace.sites} resolved by binutils' {@code addr2line}, a benchmark's sites
 * mapped back through the {@code benchgen.sites} beside its source). Here only what is said of
 * them: the command reads the file, never rewrites it, so the library preloaded alone leaves the
 * same file.
 */
final class SourceLocations {
  /** What the tracer writes beside trace.bgc. */
  static final String TRACER_FILE = "trace.sites";
  /** What {@code generate --keep-sites} writes beside the benchmark's source. */
  static final String KEPT_FILE = "benchgen.sites";

  private SourceLocations() {}

  /**
   * How many of {@code bgc}'s sites name a source line, as a sentence for the user; empty where
   * the trace has no site lines (the tracer saw none, or the fold was off).
   */
  static Optional<String> located(Path bgc) throws IOException {
    if (!Files.isRegularFile(bgc)) {
      return Optional.empty();
    }
    SiteTable table = SiteLines.readHeader(bgc);
    if (table.frames().isEmpty()) {
      return Optional.empty();
    }
    long located = table.frames().values().stream().map(fs -> fs.get(0))
        .filter(SiteFrame::hasLine).count();
    int all = table.frames().size();
    return Optional.of(located + " of " + all + " call sites located in the source"
        + (located < all ? " (the others: built without -g, or addr2line missing)" : ""));
  }
}
