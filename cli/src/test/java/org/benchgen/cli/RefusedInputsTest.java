package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reproducers of issue 47 that are not a full disk (FullDiskTest): each exits 1 with a
 * message that names the file (and line, rank or calls), writes nothing, and prints no stack
 * trace; or, for the report, leaves no absolute path of its input in the output.
 */
class RefusedInputsTest {
  private static final Path SAMPLES = Path.of("../samples/traces").toAbsolutePath();

  @TempDir
  Path tmp;

  private Path ring() {
    Path t = tmp.resolve("ring.bgc");
    if (!Files.exists(t)) {
      assertEquals(0, Cli.run("compress", SAMPLES.resolve("ring").toString(), "-o", t.toString())
          .code());
    }
    return t;
  }

  private static void refused(String expected, String... args) {
    Cli.Result r = Cli.run(args);
    String what = String.join(" ", args) + ": " + r.err();
    assertEquals(1, r.code(), what);
    assertTrue(r.err().contains(expected), what);
    assertFalse(r.err().contains("\tat "), what);
  }

  private Path write(String name, List<String> lines) throws Exception {
    return Files.write(tmp.resolve(name), lines);
  }

  /** Reproducer 3: tsize=2^62 with count=4 read as an Allreduce of 0 bytes. */
  @Test
  void aBufferOfMoreThan2To62BytesIsRefused() throws Exception {
    String text = Files.readString(ring()).replace("count=1024 type=MPI_DOUBLE tsize=8 req=0\n",
        "count=4 type=MPI_DOUBLE tsize=4611686018427387904 req=0\n");
    Path t = Files.writeString(tmp.resolve("big.bgc"), text);
    for (String command : List.of("show", "stats")) {
      refused(t + ":", command, t.toString());
      refused("the buffer holds more than 2^62 bytes", command, t.toString());
    }
    refused("more than 2^62 bytes", "generate", t.toString(), "--lang", "c-mpi", "-o",
        tmp.resolve("out").toString());
    assertFalse(Files.exists(tmp.resolve("out")));
  }

  /** Reproducer 5: a stream without its MPI_Finalize line, and no truncation mark. */
  @Test
  void aStreamWithoutFinalizeIsRefusedNamingFileAndRank() throws Exception {
    Path dir = Files.createDirectory(tmp.resolve("cut"));
    for (int r = 0; r < 4; r++) {
      List<String> lines = Files.readAllLines(SAMPLES.resolve("ring/rank-" + r + ".trace"));
      if (r == 2) {
        lines = lines.stream().filter(l -> !l.startsWith("MPI_Finalize")).toList();
      }
      Files.write(dir.resolve("rank-" + r + ".trace"), lines);
    }
    for (String[] args : List.of(new String[] {"compress", dir.toString(), "-o",
        tmp.resolve("c.bgc").toString()}, new String[] {"show", dir.toString()},
        new String[] {"stats", dir.toString()}, new String[] {"report", dir.toString(), "-o",
        tmp.resolve("r.html").toString()})) {
      refused(dir.resolve("rank-2.trace") + ":", args);
      refused("rank 2's stream ends after MPI_Waitall, not with MPI_Finalize", args);
    }
    assertFalse(Files.exists(tmp.resolve("c.bgc")));
    assertFalse(Files.exists(tmp.resolve("r.html")));
  }

  /** Reproducer 4: two ranks' Sendrecv with swapped sizes; an Alltoall of count 1,2 and rcount 256. */
  @Test
  void sizesThatWouldAbortTheBenchmarkAreRefused() throws Exception {
    Path sr = write("sr.bgc", List.of("benchgen-compressed 1", "world 2", "MPI_Init site=m.c:1",
        "    duration 1*2", "MPI_Sendrecv site=x.c:5 comm=0 dest=+1 tag=0 count=16@0;8@1"
            + " type=MPI_BYTE tsize=1 src=+1 rtag=0 rcount=16@0;8@1 rtype=MPI_BYTE rtsize=1"
            + " bytes=8", "    compute ^ 1*2", "    duration 1*2", "MPI_Finalize site=m.c:9",
        "    compute ^ 1*2", "    duration 1*2"));
    refused("BG204", "resolve", sr.toString(), "-o", tmp.resolve("o.bgc").toString());
    refused("rank 0's MPI_Sendrecv at x.c:5 sends 16 bytes to rank 1, whose MPI_Sendrecv at"
        + " x.c:5", "generate", sr.toString(), "--lang", "c-mpi", "-o",
        tmp.resolve("g").toString());
    Path a2a = write("a2a.bgc", List.of("benchgen-compressed 1", "world 4", "MPI_Init site=m.c:1",
        "    duration 1*4", "loop trips=3 {", "  MPI_Alltoall site=fft.c:80 comm=0 count=1,2"
            + " type=MPI_DOUBLE tsize=8 rcount=256 rtype=MPI_DOUBLE rtsize=8",
        "      compute ^ 1*12", "      duration 1*12", "}", "MPI_Finalize site=m.c:9",
        "    compute ^ 1*4", "    duration 1*4"));
    refused("BG205", "resolve", a2a.toString(), "-o", tmp.resolve("o.bgc").toString());
    refused("MPI_Alltoall at fft.c:80", "generate", a2a.toString(), "--lang", "c-mpi", "-o",
        tmp.resolve("g").toString());
    assertFalse(Files.exists(tmp.resolve("o.bgc")));
    assertFalse(Files.exists(tmp.resolve("g")));
  }

  /** Reproducer 8: a trace that says world 100000 is not expanded into 100,000 files unasked. */
  @Test
  void aHugeExpansionIsRefusedUnlessForced() throws Exception {
    Path big = Files.writeString(tmp.resolve("w.bgc"), Files.readString(ring())
        .replace("world 4", "world 100000"));
    refused("expanding writes 100000 rank files", "expand", big.toString(), "-o",
        tmp.resolve("x").toString());
    assertFalse(Files.exists(tmp.resolve("x")));
    // An OTF2 archive holds a file a rank too (the library ran out of memory on this one).
    refused("exporting writes 100000 rank files, about", "export", "--format", "otf2",
        big.toString(), "-o", tmp.resolve("e").toString());
    assertFalse(Files.exists(tmp.resolve("e")));
    assertEquals(0, Cli.run("expand", ring().toString(), "-o", tmp.resolve("y").toString())
        .code());
  }

  /** Reproducer 9: report -o into a directory that does not exist creates none. */
  @Test
  void noDirectoryAboveTheOutputIsCreated() {
    Path missing = tmp.resolve("nonexistent-dir");
    refused("cannot write " + missing.resolve("r.html") + ": no such directory", "report",
        ring().toString(), "-o", missing.resolve("r.html").toString());
    assertFalse(Files.exists(missing));
  }

  /** Reproducer 7: generate --report wrote the trace's absolute path into the page. */
  @Test
  void theReportHoldsNoAbsolutePathOfItsInput() throws Exception {
    Path out = tmp.resolve("g");
    assertEquals(0, Cli.run("generate", ring().toString(), "--lang", "c-mpi", "--report", "-o",
        out.toString()).code());
    try (var files = Files.walk(out)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        assertFalse(Files.readString(f).contains(tmp.toString()), f + " names " + tmp);
      }
    }
    assertTrue(Files.readString(out.resolve("ring-report.html")).contains("ring.bgc"));
  }

  /** Reproducer 10: a line longer than the bound is refused by file and line, not read whole. */
  @Test
  void aLineOverTheBoundIsRefusedByNumber() throws Exception {
    Path gz = tmp.resolve("long.bgc.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
      out.write("benchgen-compressed 1\nworld 2\nMPI_Init site=".getBytes());
      byte[] pad = new byte[1 << 20];
      java.util.Arrays.fill(pad, (byte) 'a');
      for (int i = 0; i < 80; i++) { // 80 MB, past the 64 M characters of a line
        out.write(pad);
      }
      out.write('\n');
    }
    refused(gz + ":3: line longer than 67108864 characters", "show", gz.toString());
  }
}
