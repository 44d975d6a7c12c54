package org.benchgen.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.io.TraceFiles;
import org.benchgen.otf2.Otf2Import;
import org.benchgen.query.TraceDatabase;
import org.benchgen.query.TraceInput;
import org.benchgen.rawtrace.TraceDirectory;

/**
 * The trace a query or a Parquet export reads: a compressed trace, a directory of per-rank streams
 * (compressed too, losslessly, for each call's loop and the matching), or an OTF2 archive's anchor
 * file, imported first (benchgen import) into a temporary directory removed on close.
 */
record QueryInputs(TraceInput input, Optional<Path> temporary) implements AutoCloseable {
  static QueryInputs open(Path given, PrintWriter err) throws IOException {
    if (Files.isRegularFile(given) && given.getFileName().toString().endsWith(".otf2")) {
      Path tmp = Files.createTempDirectory("benchgen-otf2");
      try {
        Path dir = tmp.resolve("trace");
        Otf2Import.run(given, dir, n -> new Progress(err, "importing", n));
        return new QueryInputs(streams(dir, err), Optional.of(tmp));
      } catch (IOException | RuntimeException e) {
        delete(tmp);
        throw e;
      }
    }
    Path input = TraceDirectory.input(given);
    if (Files.isDirectory(input)) {
      return new QueryInputs(streams(input, err), Optional.empty());
    }
    return new QueryInputs(new TraceInput.Compressed(input.toString(),
        TraceFiles.readCompressed(input)), Optional.empty());
  }

  private static TraceInput streams(Path dir, PrintWriter err) throws IOException {
    TraceDirectory d = TraceDirectory.open(dir);
    return new TraceInput.Streams(d, new TraceCompressor().compress(d,
        new Progress(err, "compressing", d.size())).trace());
  }

  /** Progress of the query's loading on {@code err} (a terminal only). */
  static TraceDatabase.ProgressSink progress(PrintWriter err) {
    return (what, ranks) -> new Progress(err, what, ranks);
  }

  @Override
  public void close() {
    temporary.ifPresent(QueryInputs::delete);
  }

  private static void delete(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException | java.io.UncheckedIOException e) {
      // a temporary import left in the temporary directory is not worth failing for
    }
  }
}
