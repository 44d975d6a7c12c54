package org.benchgen.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.ir.format.HandWrittenTrace;
import org.benchgen.trace.TraceFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceFilesTest {
  @TempDir
  Path dir;

  /**
   * 2 ranks in communicator 1 = world ranks (1, 0): rank 0 sends 3 ints to communicator rank 0
   * (world rank 1), which receives them from communicator rank 1.
   */
  private static final String TEXT = HandWrittenTrace.text(
      "benchgen-compressed 1",
      "world 2",
      "comm 1 members=1,0",
      "MPI_Init site=m.c:1",
      "    duration 10*2",
      "MPI_Send site=m.c:2 ranks=0 comm=1 dest=0 tag=5 count=3 type=MPI_INT tsize=4",
      "    compute ^ 100",
      "    duration 20",
      "MPI_Recv site=m.c:3 ranks=1 comm=1 src=1 tag=5 count=3 type=MPI_INT tsize=4 bytes=12",
      "    compute m.c:1 90",
      "    duration 30",
      "MPI_Finalize site=m.c:9",
      "    compute m.c:2 5",
      "    compute ^ 7",
      "    duration 40");

  /**
   * The streams of {@link #TEXT}, worked out by hand: enter = previous exit + the compute mean
   * for the previous site, exit = enter + the duration mean.
   */
  private static final List<String> STREAMS = List.of(
      HandWrittenTrace.text(
          "# benchgen-trace 1 rank=0 size=2",
          "comm id=1 members=1,0",
          "MPI_Init site=m.c:1 enter=0 exit=10",
          "MPI_Send site=m.c:2 enter=110 exit=130 comm=1 dest=0 tag=5 count=3 type=MPI_INT"
              + " tsize=4",
          "MPI_Finalize site=m.c:9 enter=135 exit=175"),
      HandWrittenTrace.text(
          "# benchgen-trace 1 rank=1 size=2",
          "comm id=1 members=1,0",
          "MPI_Init site=m.c:1 enter=0 exit=10",
          "MPI_Recv site=m.c:3 enter=100 exit=130 comm=1 src=1 tag=5 count=3 type=MPI_INT"
              + " tsize=4 bytes=12",
          "MPI_Finalize site=m.c:9 enter=137 exit=177"));

  private static CompressedTrace trace() {
    return HandWrittenTrace.read(TEXT.split("\n"));
  }

  private static String gunzip(Path p) throws IOException {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(
        Files.readAllBytes(p)))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void readsAGzipCompressedTrace() throws IOException {
    Path file = dir.resolve("t.bgc.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write(TEXT.getBytes(StandardCharsets.UTF_8));
    }
    // The writer is canonical: the trace read writes the text it was read from.
    assertEquals(TEXT, CompressedTraceWriter.toString(TraceFiles.readCompressed(file)));
  }

  @Test
  void writesACompressedTraceThatReadsBack() throws IOException {
    Path file = dir.resolve("t.bgc");
    TraceFiles.writeCompressed(trace(), file);
    assertEquals(TEXT, Files.readString(file));
    assertEquals(TEXT, CompressedTraceWriter.toString(TraceFiles.readCompressed(file)));
  }

  @Test
  void aMissingFilesErrorNamesIt() {
    Path file = dir.resolve("missing.bgc");
    TraceFormatException e = assertThrows(TraceFormatException.class,
        () -> TraceFiles.readCompressed(file));
    assertEquals(file + ": no such file", e.getMessage());
  }

  @Test
  void expandWritesOneStreamPerRank() throws IOException {
    Path out = dir.resolve("expanded");
    List<Integer> progress = new ArrayList<>();
    TraceFiles.expand(trace(), out, false, progress::add);
    assertEquals(List.of("rank-0.trace", "rank-1.trace"), AtomicOutputTest.names(out));
    assertEquals(STREAMS.get(0), Files.readString(out.resolve("rank-0.trace")));
    assertEquals(STREAMS.get(1), Files.readString(out.resolve("rank-1.trace")));
    assertEquals(List.of(1, 2), progress);
  }

  @Test
  void expandCompressesTheStreamsWithGzipWhenAsked() throws IOException {
    Path out = dir.resolve("expanded");
    TraceFiles.expand(trace(), out, true, r -> {});
    assertEquals(List.of("rank-0.trace.gz", "rank-1.trace.gz"), AtomicOutputTest.names(out));
    assertEquals(STREAMS.get(0), gunzip(out.resolve("rank-0.trace.gz")));
    assertEquals(STREAMS.get(1), gunzip(out.resolve("rank-1.trace.gz")));
  }
}
