package org.benchgen.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.CompressedTrace;
import picocli.CommandLine.Option;

/**
 * Where a command writes a compressed trace (a picocli mixin): {@code -o FILE}, written whole or
 * not at all.
 */
final class CompressedOutput {
  @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE",
      description = "the compressed trace to write (docs/compressed-format.md); it appears whole"
          + " or not at all")
  Path file;

  void write(CompressedTrace t) throws IOException {
    TraceFiles.writeCompressed(t, file);
  }

  @Override
  public String toString() {
    return file.toString();
  }
}
