package org.benchgen.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntConsumer;
import java.util.zip.GZIPOutputStream;
import org.benchgen.expand.Expander;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.RawTraceWriter;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.trace.InputFiles;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceProblem;

/** Loading and saving traces in either form: a per-rank directory or a compressed file. */
public final class TraceFiles {
  private TraceFiles() {}

  /** Reads a compressed trace file ({@code .gz} accepted; a regular file: {@link InputFiles}). */
  public static CompressedTrace readCompressed(Path file) throws IOException {
    InputStream in = InputFiles.open(file);
    try (BufferedReader r = new BufferedReader(new InputStreamReader(in,
        StandardCharsets.UTF_8), 1 << 16)) {
      return CompressedTraceReader.read(file, r);
    }
  }

  /**
   * Writes {@code t} to {@code file}, whole or not at all; a trace the format's checks refuse is
   * a problem naming the file (its input was not checked as well as it should have been).
   */
  public static void writeCompressed(CompressedTrace t, Path file) throws IOException {
    try {
      AtomicOutput.writeFile(file, w -> CompressedTraceWriter.write(t, w));
    } catch (TraceProblem e) {
      throw new TraceProblem(file + ": " + e.getMessage());
    }
  }

  /** Expands {@code t} into a new directory of per-rank streams. */
  public static void expand(CompressedTrace t, Path dir, boolean gzip, IntConsumer progress)
      throws IOException {
    AtomicOutput.writeDirectory(dir, tmp -> {
      Expander x = new Expander(t);
      for (int r = 0; r < t.worldSize(); r++) {
        try (RawTraceWriter w = rankWriter(tmp, r, t.worldSize(), gzip, t.symbols())) {
          x.expand(r, new RawTraceReader.Sink() {
            @Override
            public void comm(long id, long[] members, long[] remote) {
              io(() -> w.comm(id, java.util.Arrays.stream(members).mapToObj(m -> (int) m)
                  .toList(), java.util.Arrays.stream(remote).mapToObj(m -> (int) m).toList()));
            }

            @Override
            public void event(RawEvent e) {
              io(() -> w.event(e));
            }
          });
        } catch (java.io.UncheckedIOException e) {
          throw e.getCause();
        }
        progress.accept(r + 1);
      }
    });
  }

  /**
   * A writer for {@code rank}'s stream in {@code dir}, gzip-compressed when asked, its events'
   * names in {@code symbols}.
   */
  public static RawTraceWriter rankWriter(Path dir, int rank, int size, boolean gzip,
      SymbolTable symbols)
      throws IOException {
    OutputStream os = NamedOutputStream.create(dir.resolve(TraceDirectory.fileName(rank, gzip)));
    if (gzip) {
      os = new GZIPOutputStream(os, 1 << 16);
    }
    return new RawTraceWriter(new java.io.BufferedOutputStream(os, 1 << 16), rank, size,
        symbols);
  }

  private interface IoAction {
    void run() throws IOException;
  }

  private static void io(IoAction a) {
    try {
      a.run();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
