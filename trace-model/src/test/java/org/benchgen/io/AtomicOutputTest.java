package org.benchgen.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

class AtomicOutputTest {
  @TempDir
  Path dir;

  /** The names in {@code d}, sorted: a temporary sibling left behind would show here. */
  static List<String> names(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static String permissions(Path p) throws IOException {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"),
        "permissions are POSIX's");
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
  }

  @Test
  void aFileIsWrittenWholeAndNothingElseIsLeft() throws IOException {
    Path target = dir.resolve("out.txt");
    AtomicOutput.writeFile(target, w -> w.write("hello\n"));
    assertEquals("hello\n", Files.readString(target));
    assertEquals(List.of("out.txt"), names(dir));
  }

  @Test
  void aDeviceIsWrittenIntoNotReplaced() throws IOException {
    Path devNull = Path.of("/dev/null");
    assumeTrue(Files.exists(devNull) && !Files.isRegularFile(devNull), "a /dev/null device");
    AtomicOutput.writeFile(devNull, w -> w.write("discarded\n"));
    // Replaced by a rename, it would now be a regular file of that text.
    assertFalse(Files.isRegularFile(devNull), "/dev/null is still a device");
    assertEquals(0, Files.size(devNull));
  }

  @Test
  void aFifoIsWrittenIntoAndItsReaderGetsTheContent() throws Exception {
    Path fifo = dir.resolve("pipe");
    assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo");
    java.util.concurrent.CompletableFuture<String> read =
        java.util.concurrent.CompletableFuture.supplyAsync(() -> {
          try {
            return Files.readString(fifo);
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
    AtomicOutput.writeFile(fifo, w -> w.write("through the pipe\n"));
    assertEquals("through the pipe\n", read.get(30, java.util.concurrent.TimeUnit.SECONDS));
    assertEquals(List.of("pipe"), names(dir));
  }

  @Test
  void aDirectoryIsNotAFileToWrite() throws IOException {
    Path target = Files.createDirectory(dir.resolve("out"));
    IOException e = assertThrows(IOException.class,
        () -> AtomicOutput.writeFile(target, w -> w.write("x")));
    assertTrue(e.getMessage().contains(target + ": is a directory"), e.getMessage());
    assertTrue(Files.isDirectory(target));
    assertEquals(List.of("out"), names(dir));
  }

  /** Runs {@code write}, whose body fails with "boom": the failure passes, nothing is left. */
  private void assertFailsLeavingNothing(Executable write) throws IOException {
    IOException e = assertThrows(IOException.class, write);
    assertEquals("boom", e.getMessage());
    assertEquals(List.of(), names(dir));
  }

  @Test
  void aFileBodyThatThrowsLeavesNeitherTheTargetNorATemporarySibling() throws IOException {
    assertFailsLeavingNothing(() -> AtomicOutput.writeFile(dir.resolve("out.txt"), w -> {
      w.write("half of it");
      throw new IOException("boom");
    }));
  }

  @Test
  void aFailedRewriteLeavesTheOldFileAsItWas() throws IOException {
    Path target = dir.resolve("out.txt");
    Files.writeString(target, "old\n");
    assertThrows(IllegalStateException.class, () -> AtomicOutput.writeFile(target, w -> {
      w.write("new");
      throw new IllegalStateException("a bug in the body");
    }));
    assertEquals("old\n", Files.readString(target));
    assertEquals(List.of("out.txt"), names(dir));
  }

  @Test
  void theFileIsReadableByAllAndWritableByItsOwner() throws IOException {
    Path target = dir.resolve("out.txt");
    AtomicOutput.writeFile(target, w -> w.write("x"));
    assertEquals("rw-r--r--", permissions(target));
  }

  @Test
  void aDirectoryIsFilledThenPutInPlace() throws IOException {
    Path target = dir.resolve("out");
    AtomicOutput.writeDirectory(target, d -> Files.writeString(d.resolve("a.txt"), "a"));
    assertEquals(List.of("a.txt"), names(target));
    assertEquals("a", Files.readString(target.resolve("a.txt")));
    assertEquals(List.of("out"), names(dir));
  }

  @Test
  void aDirectoryBodyThatThrowsLeavesNeitherTheTargetNorATemporarySibling() throws IOException {
    assertFailsLeavingNothing(() -> AtomicOutput.writeDirectory(dir.resolve("out"), d -> {
      Files.writeString(d.resolve("a.txt"), "a");
      throw new IOException("boom");
    }));
  }

  @Test
  void anExistingNonEmptyDirectoryIsRefusedAndLeftAsItWas() throws IOException {
    Path target = dir.resolve("out");
    Files.createDirectory(target);
    Files.writeString(target.resolve("keep.txt"), "mine");
    boolean[] called = {false};
    FileAlreadyExistsException e = assertThrows(FileAlreadyExistsException.class,
        () -> AtomicOutput.writeDirectory(target, d -> called[0] = true));
    assertTrue(e.getMessage().contains("exists and is not an empty directory"), e.getMessage());
    assertFalse(called[0], "the body never runs");
    assertEquals(List.of("keep.txt"), names(target));
    assertEquals("mine", Files.readString(target.resolve("keep.txt")));
    assertEquals(List.of("out"), names(dir));
  }

  @Test
  void anExistingEmptyDirectoryIsFilled() throws IOException {
    Path target = dir.resolve("out");
    Files.createDirectory(target);
    AtomicOutput.writeDirectory(target, d -> Files.writeString(d.resolve("a.txt"), "a"));
    assertEquals(List.of("a.txt"), names(target));
    assertEquals(List.of("out"), names(dir));
  }

  @Test
  void theDirectoryIsReadableAndSearchableByAllAndWritableByItsOwner() throws IOException {
    Path target = dir.resolve("out");
    AtomicOutput.writeDirectory(target, d -> Files.writeString(d.resolve("a.txt"), "a"));
    assertEquals("rwxr-xr-x", permissions(target));
  }

  /** issue 47: {@code report -o /nonexistent-dir/r.html} created the directory. */
  @Test
  void aMissingDirectoryAboveTheOutputIsNotCreated() {
    Path file = dir.resolve("missing/r.html");
    OutputFailure f = assertThrows(OutputFailure.class,
        () -> AtomicOutput.writeFile(file, w -> w.write("x")));
    assertEquals("cannot write " + file + ": no such directory: " + file.getParent()
        + " (benchgen creates only the output it is given)", f.getMessage());
    assertThrows(OutputFailure.class, () -> AtomicOutput.writeDirectory(dir.resolve("a/b"),
        d -> Files.writeString(d.resolve("x"), "x")));
    assertFalse(Files.exists(dir.resolve("missing")));
    assertFalse(Files.exists(dir.resolve("a")));
  }

  /** A write error names the file as the user gave it, inside a directory output too. */
  @Test
  void aWriteErrorNamesTheOutputNotTheTemporary() throws IOException {
    assumeTrue(Files.exists(Path.of("/dev/full")), "/dev/full fails every write");
    Path target = dir.resolve("out");
    OutputFailure f = assertThrows(OutputFailure.class, () -> AtomicOutput.writeDirectory(target,
        d -> {
          try (var w = AtomicOutput.newWriter(d.resolve("b.c"))) {
            w.write("x");
          }
          // A file of the directory whose writes fail as a full disk's do.
          throw new OutputFailure(d.resolve("c.c"), new IOException("No space left on device"));
        }));
    assertEquals("cannot write " + target.resolve("c.c") + ": No space left on device",
        f.getMessage());
    assertEquals(List.of(), names(dir));
    OutputFailure full = assertThrows(OutputFailure.class,
        () -> AtomicOutput.writeFile(Path.of("/dev/full"), w -> w.write("x")));
    assertEquals("cannot write /dev/full: No space left on device", full.getMessage());
  }
}
