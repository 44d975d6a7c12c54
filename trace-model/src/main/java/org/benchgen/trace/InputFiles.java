package org.benchgen.trace;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Opening the files a command reads: regular files only (a FIFO, device or socket would block or
 * never end; a directory is not a file), gzip-decompressed when the name ends in {@code .gz}, and
 * every error naming the file. Symbolic links are followed: what counts is the file a link leads
 * to. The kind of file is checked before opening, since opening a FIFO already blocks.
 */
public final class InputFiles {
  private static final int BUFFER = 1 << 16;

  private InputFiles() {}

  /**
   * Opens {@code file} for reading, decompressed when its name ends in {@code .gz}.
   *
   * @throws TraceFormatException when it is not a regular file
   * @throws IOException naming the file, when it cannot be opened or read
   */
  public static InputStream open(Path file) throws IOException {
    requireRegularFile(file);
    InputStream raw;
    try {
      raw = Files.newInputStream(file);
    } catch (IOException e) {
      throw named(file, e);
    }
    InputStream in = new Named(file, raw);
    if (file.getFileName().toString().endsWith(".gz")) {
      try {
        return new Named(file, new GZIPInputStream(in, BUFFER));
      } catch (IOException e) {
        in.close();
        throw named(file, e);
      }
    }
    return new BufferedInputStream(in, BUFFER);
  }

  /**
   * Refuses anything but a regular file (following symbolic links), saying what it is.
   *
   * @throws TraceFormatException naming the file
   */
  private static void requireRegularFile(Path file) throws IOException {
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      boolean danglingLink = Files.isSymbolicLink(file);
      throw new TraceFormatException(file + ": no such file"
          + (danglingLink ? " (a symbolic link to a file that does not exist)" : ""));
    } catch (IOException e) {
      throw named(file, e);
    }
    if (!a.isRegularFile()) {
      throw new TraceFormatException(file + ": " + (a.isDirectory() ? "a directory" : kind(file))
          + ", not a regular file; benchgen reads only regular files (or links to them)");
    }
  }

  /** What a file that is neither regular nor a directory is, from its mode where it is known. */
  private static String kind(Path file) {
    try {
      int type = (Integer) Files.getAttribute(file, "unix:mode") & 0170000;
      return switch (type) {
        case 0010000 -> "a FIFO (named pipe)";
        case 0020000 -> "a character device";
        case 0060000 -> "a block device";
        case 0140000 -> "a socket";
        default -> "a special file";
      };
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return "a special file (FIFO, device or socket)";
    }
  }

  /**
   * An exception for an I/O error on {@code file} whose message names it: Java's own messages
   * often do not (a gzip stream cut short, a read error), or give only the path.
   */
  public static IOException named(Path file, IOException e) {
    if (e instanceof NamedIoException) {
      return e;
    }
    return new NamedIoException(file + ": " + describe(e), e);
  }

  /**
   * What went wrong in an I/O error, in words, without the file: Java gives only the path for some
   * (permission denied) and a bare phrase for others.
   */
  public static String describe(IOException e) {
    String m = e.getMessage();
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof java.nio.file.NotDirectoryException) {
      return "not a directory";
    }
    if (e instanceof java.nio.file.DirectoryNotEmptyException) {
      return "directory not empty";
    }
    if (e instanceof java.nio.file.FileAlreadyExistsException) {
      return "already exists";
    }
    if (e instanceof EOFException || m != null && m.contains("Unexpected end of ZLIB")) {
      return "the gzip data ends too early (the file is cut short" + (m != null ? ": " + m : "")
          + ")";
    }
    if (e instanceof ZipException) {
      return "not valid gzip data, although the name ends in .gz (" + m + ")";
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof java.nio.file.FileSystemException f) {
      return f.getReason() != null ? f.getReason() : e.getClass().getSimpleName();
    }
    return m != null ? m : e.getClass().getSimpleName();
  }

  /** An I/O error whose message names the file. */
  private static final class NamedIoException extends IOException {
    private static final long serialVersionUID = 1L;

    NamedIoException(String message, IOException cause) {
      super(message, cause);
    }
  }

  /** A stream whose errors name its file. */
  private static final class Named extends FilterInputStream {
    private final Path file;

    Named(Path file, InputStream in) {
      super(in);
      this.file = file;
    }

    @Override
    public int read() throws IOException {
      try {
        return in.read();
      } catch (IOException e) {
        throw named(file, e);
      }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      try {
        return in.read(b, off, len);
      } catch (IOException e) {
        throw named(file, e);
      }
    }

    @Override
    public long skip(long n) throws IOException {
      try {
        return in.skip(n);
      } catch (IOException e) {
        throw named(file, e);
      }
    }

    @Override
    public int available() throws IOException {
      try {
        return in.available();
      } catch (IOException e) {
        throw named(file, e);
      }
    }

    @Override
    public void close() throws IOException {
      try {
        in.close();
      } catch (IOException e) {
        throw named(file, e);
      }
    }
  }
}
