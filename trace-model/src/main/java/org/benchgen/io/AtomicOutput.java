package org.benchgen.io;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;

/**
 * Writes outputs so that a failure never leaves a half-written file or directory behind: the
 * content goes to a temporary sibling, which is renamed into place only when complete. A run
 * stopped by a signal removes its temporaries; one killed outright leaves them recognisable, and
 * the next output to the same directory removes them ({@link Temporaries}).
 */
public final class AtomicOutput {
  /** Writes content; may throw. */
  public interface WriterBody {
    void write(Writer out) throws IOException;
  }

  /** Fills a directory; may throw. */
  public interface DirBody {
    void fill(Path dir) throws IOException;
  }

  private AtomicOutput() {}

  /**
   * Writes the file {@code target} whole or not at all. An existing directory is refused; an
   * existing special file ({@code /dev/null}, {@code /dev/stdout}, a FIFO) is written into as it
   * is, since renaming a file over it would replace the device itself.
   */
  public static void writeFile(Path target, WriterBody body) throws IOException {
    if (Files.isDirectory(target)) {
      throw new FileSystemException(target.toString(), null, "is a directory; name a file to"
          + " write");
    }
    if (Files.exists(target) && !Files.isRegularFile(target)) {
      try (Writer w = writer(Files.newOutputStream(target, StandardOpenOption.WRITE))) {
        body.write(w);
      }
      return;
    }
    Path parent = parentOf(target);
    Path tmp = Temporaries.newFile(parent, target);
    boolean committed = false;
    try {
      try (Writer w = writer(Files.newOutputStream(tmp))) {
        body.write(w);
      }
      // Temporary files are private (0600); the output is an ordinary file.
      setPermissions(tmp, "rw-r--r--");
      Temporaries.commit(tmp, () -> move(tmp, target));
      committed = true;
    } finally {
      if (!committed) {
        Temporaries.discard(tmp);
      }
    }
  }

  private static Writer writer(OutputStream out) {
    return new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
  }

  /**
   * Fills a new directory and moves it to {@code target}, which must not exist or be an empty
   * directory: an existing trace is never overwritten or mixed with new files.
   */
  public static void writeDirectory(Path target, DirBody body) throws IOException {
    Path abs = target.toAbsolutePath();
    if (Files.exists(abs) && !isEmptyDir(abs)) {
      // The whole message as the reason: it names the file in its own words.
      throw new FileAlreadyExistsException(null, null, target + " (exists and is not an empty"
          + " directory; remove it or choose another output)");
    }
    Path tmp = Temporaries.newDirectory(parentOf(abs), abs);
    boolean committed = false;
    try {
      body.fill(tmp);
      setPermissions(tmp, "rwxr-xr-x");
      Temporaries.commit(tmp, () -> {
        if (Files.exists(abs)) {
          Files.delete(abs);
        }
        move(tmp, abs);
      });
      committed = true;
    } finally {
      if (!committed) {
        Temporaries.discard(tmp);
      }
    }
  }

  /**
   * The directory that {@code target} goes into, created if need be, after removing the
   * temporaries that killed runs left there.
   */
  private static Path parentOf(Path target) throws IOException {
    Path parent = target.toAbsolutePath().getParent();
    try {
      Files.createDirectories(parent);
    } catch (FileAlreadyExistsException e) {
      // A part of the path is a file.
      throw new NotDirectoryException(e.getFile());
    }
    Temporaries.removeStale(parent);
    return parent;
  }

  private static void setPermissions(Path p, String perms) throws IOException {
    try {
      Files.setPosixFilePermissions(p,
          java.nio.file.attribute.PosixFilePermissions.fromString(perms));
    } catch (UnsupportedOperationException e) {
      // Not a POSIX file system: its defaults apply.
    }
  }

  private static boolean isEmptyDir(Path p) throws IOException {
    if (!Files.isDirectory(p)) {
      return false;
    }
    try (Stream<Path> s = Files.list(p)) {
      return s.findAny().isEmpty();
    }
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
