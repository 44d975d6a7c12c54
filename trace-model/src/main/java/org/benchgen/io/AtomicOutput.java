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
      } catch (OutputFailure e) {
        throw e;
      } catch (IOException e) {
        throw new OutputFailure(target, e);
      }
      return;
    }
    Path parent = parentOf(target);
    Path tmp = Temporaries.newFile(parent, target);
    boolean committed = false;
    try {
      try (Writer w = writer(NamedOutputStream.create(tmp))) {
        body.write(w);
      } catch (OutputFailure e) {
        // Named after the temporary: the user knows the target.
        throw new OutputFailure(target, e);
      }
      // Temporary files are private (0600); the output is an ordinary file.
      setPermissions(tmp, "rw-r--r--");
      try {
        Temporaries.commit(tmp, () -> move(tmp, target));
      } catch (FileSystemException e) {
        throw new OutputFailure(target, e);
      }
      committed = true;
    } finally {
      if (!committed) {
        discard(tmp);
      }
    }
  }

  /**
   * A new UTF-8 text file {@code file} (for the files of a directory output, inside the
   * temporary that {@link #writeDirectory} hands its body), its errors naming it.
   */
  public static Writer newWriter(Path file) throws IOException {
    return writer(NamedOutputStream.create(file));
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
      try {
        body.fill(tmp);
      } catch (FileSystemException e) {
        throw inTarget(target, tmp, e.getFile() == null ? null : Path.of(e.getFile()), e);
      } catch (OutputFailure e) {
        throw inTarget(target, tmp, e.file(), e);
      }
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
        discard(tmp);
      }
    }
  }

  /**
   * Removes a temporary that will not be committed. A failure to remove it (reported by the
   * next run's cleanup, which removes it) must not hide why the output failed: it is only said.
   */
  private static void discard(Path tmp) {
    try {
      Temporaries.discard(tmp);
    } catch (IOException | java.io.UncheckedIOException e) {
      System.err.println("benchgen: could not remove the temporary " + tmp + " ("
          + e.getMessage() + "); the next output written beside it removes it");
    }
  }

  /**
   * A failure to write a file of a directory output, naming the file as it will be in
   * {@code target} rather than in the temporary; one outside it stays as it is.
   */
  private static IOException inTarget(Path target, Path tmp, Path file, IOException e) {
    if (file == null || !file.toAbsolutePath().startsWith(tmp)) {
      return e;
    }
    Path rel = tmp.relativize(file.toAbsolutePath());
    return new OutputFailure(rel.toString().isEmpty() ? target : target.resolve(rel), e);
  }

  /**
   * The directory that {@code target} goes into, after removing the temporaries that killed runs
   * left there. It must exist: an output names one file or directory, and a typo in a path
   * ({@code -o /nonexistent-dir/r.html}) must not create directories nobody asked for.
   */
  private static Path parentOf(Path target) throws IOException {
    Path parent = target.toAbsolutePath().getParent();
    if (!Files.isDirectory(parent)) {
      throw new OutputFailure(target, Files.exists(parent)
          ? new NotDirectoryException(parent.toString())
          : new java.nio.file.NoSuchFileException(parent.toString()),
          (Files.exists(parent) ? "not a directory: " : "no such directory: ")
              + target.getParent() + " (benchgen creates only the output it is given)");
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
