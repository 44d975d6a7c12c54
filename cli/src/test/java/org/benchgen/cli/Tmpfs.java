package org.benchgen.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A real, small file system for the full-disk tests: a 1 MB tmpfs mounted on a directory, which
 * only root can do.
 */
final class Tmpfs implements AutoCloseable {
  private final Path dir;

  private Tmpfs(Path dir) {
    this.dir = dir;
  }

  /** A 1 MB tmpfs on a new directory under {@code parent}, where one can be mounted. */
  static java.util.Optional<Tmpfs> mount(Path parent) throws IOException, InterruptedException {
    Path dir = Files.createDirectory(parent.resolve("tmpfs"));
    int rc;
    try {
      Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs",
          dir.toString()).redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      rc = p.waitFor();
    } catch (IOException e) {
      rc = -1;
    }
    return rc == 0 ? java.util.Optional.of(new Tmpfs(dir)) : java.util.Optional.empty();
  }

  Path dir() {
    return dir;
  }

  /**
   * Fills the file system up to {@code freeBytes} (rounded to pages) with a hidden file, after
   * removing everything else in it.
   */
  void fillLeaving(long freeBytes) throws IOException {
    clear();
    long fill = Files.getFileStore(dir).getUsableSpace() - freeBytes;
    try (OutputStream out = Files.newOutputStream(dir.resolve(".fill"))) {
      byte[] page = new byte[4096];
      for (long n = 0; n < fill; n += page.length) {
        out.write(page, 0, (int) Math.min(page.length, fill - n));
      }
    }
  }

  /** What is in the file system besides the filler, as names. */
  java.util.List<String> contents() throws IOException {
    try (var s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> !n.equals(".fill")).sorted()
          .toList();
    }
  }

  void clear() throws IOException {
    try (var s = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) s.sorted(java.util.Comparator.reverseOrder())::iterator) {
        if (!p.equals(dir)) {
          Files.delete(p);
        }
      }
    }
  }

  @Override
  public void close() throws IOException, InterruptedException {
    clear();
    // A process that had a file open there (an MPI launcher's last child) may take a moment to go;
    // in the end the file system is detached lazily, so that the test's directory can be removed.
    for (int i = 0; i < 20; i++) {
      if (new ProcessBuilder("umount", dir.toString()).redirectErrorStream(true).start()
          .waitFor() == 0) {
        return;
      }
      Thread.sleep(100);
    }
    new ProcessBuilder("umount", "-l", dir.toString()).inheritIO().start().waitFor();
  }
}
