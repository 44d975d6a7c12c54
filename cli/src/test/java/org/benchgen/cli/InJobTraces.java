package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.benchgen.compress.ChoiceSections;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.rawtrace.TraceDirectory;

/**
 * The differential check that keeps the two compressors one (docs/compression.md): the trace the
 * ranks compressed and merged themselves in MPI_Finalize, {@code DIR/trace.bgc}, is byte for byte
 * what {@code rsd-compressor} makes of the raw streams of the same run ({@code trace --raw}),
 * and what {@code benchgen compress} writes.
 */
final class InJobTraces {
  private InJobTraces() {}

  /** Asserts that {@code dir}'s trace.bgc equals the compression of its rank streams. */
  static void assertSameAsCompress(Path dir) throws IOException {
    Path bgc = dir.resolve(TraceDirectory.COMPRESSED);
    assertTrue(Files.isRegularFile(bgc), dir + ": no " + TraceDirectory.COMPRESSED);
    // As `compress` writes it: with choice sections, which the in-job fold forms too, before
    // the shared blocks (docs/compression.md, "Choice sections"), and the site lines, which rank
    // 0 makes with addr2line after the merge (issues 48 and 50): the file's own.
    String java = CompressedTraceWriter.toString(ChoiceSections.form(
        new TraceCompressor().compress(TraceDirectory.open(dir), n -> { }).trace())
        .withSites(TraceFiles.readCompressed(bgc).sites()));
    assertEquals(java, Files.readString(bgc, StandardCharsets.UTF_8),
        dir + ": the ranks' trace.bgc differs from benchgen compress of their streams");
  }
}
