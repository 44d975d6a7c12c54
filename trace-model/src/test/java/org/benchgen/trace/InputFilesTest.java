package org.benchgen.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Input files: regular files only, checked before opening, every error naming the file. */
class InputFilesTest {
  @TempDir
  Path dir;

  private static void mkfifo(Path p) throws Exception {
    Process mk = new ProcessBuilder("mkfifo", p.toString()).inheritIO().start();
    assertEquals(0, mk.waitFor());
  }

  private static String openError(Path p) {
    // Opening a FIFO would block until a writer comes: the bound turns that into a failure.
    return assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThrows(
        Exception.class, () -> InputFiles.open(p).close()).getMessage());
  }

  @Test
  void aFifoIsRefusedWithoutBlocking() throws Exception {
    Path fifo = dir.resolve("rank-0.trace");
    mkfifo(fifo);
    assertEquals(fifo + ": a FIFO (named pipe), not a regular file; benchgen reads only regular"
        + " files (or links to them)", openError(fifo));
    // Through a symbolic link: what counts is where it leads.
    Path link = Files.createSymbolicLink(dir.resolve("link.bgc"), fifo);
    assertEquals(link + ": a FIFO (named pipe), not a regular file; benchgen reads only regular"
        + " files (or links to them)", openError(link));
  }

  @Test
  void aDeviceADirectoryAndNothingAreRefused() throws Exception {
    assertEquals("/dev/null: a character device, not a regular file; benchgen reads only regular"
        + " files (or links to them)", openError(Path.of("/dev/null")));
    assertEquals(dir + ": a directory, not a regular file; benchgen reads only regular files (or"
        + " links to them)", openError(dir));
    assertEquals(dir.resolve("none") + ": no such file", openError(dir.resolve("none")));
    Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("none"));
    assertEquals(dangling + ": no such file (a symbolic link to a file that does not exist)",
        openError(dangling));
  }

  @Test
  void aLinkToARegularFileIsRead() throws Exception {
    Path file = Files.writeString(dir.resolve("a"), "text");
    Path link = Files.createSymbolicLink(dir.resolve("b"), file);
    try (InputStream in = InputFiles.open(link)) {
      assertEquals("text", new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  @Test
  void gzipCutShortOrNotGzipNamesTheFile() throws Exception {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    byte[] text = "MPI_Barrier site=b enter=1 exit=2 comm=0\n".repeat(2000)
        .getBytes(StandardCharsets.UTF_8);
    try (GZIPOutputStream gz = new GZIPOutputStream(b)) {
      gz.write(text);
    }
    byte[] whole = b.toByteArray();
    Path ok = Files.write(dir.resolve("ok.trace.gz"), whole);
    try (InputStream in = InputFiles.open(ok)) {
      assertArrayEquals(text, in.readAllBytes());
    }
    Path cut = Files.write(dir.resolve("cut.trace.gz"), Arrays.copyOf(whole, whole.length / 2));
    IOException e = assertThrows(IOException.class, () -> {
      try (InputStream in = InputFiles.open(cut)) {
        in.readAllBytes();
      }
    });
    assertEquals(cut + ": the gzip data ends too early (the file is cut short: Unexpected end of"
        + " ZLIB input stream)", e.getMessage());
    Path header = Files.write(dir.resolve("header.trace.gz"), Arrays.copyOf(whole, 5));
    assertEquals(header + ": the gzip data ends too early (the file is cut short)",
        openError(header));
    Path plain = Files.write(dir.resolve("plain.trace.gz"), text);
    assertEquals(plain + ": not valid gzip data, although the name ends in .gz (Not in GZIP"
        + " format)", openError(plain));
  }
}
