package org.benchgen.io;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file's output stream whose errors name the file ({@link OutputFailure}): Java's own write
 * errors say only "No space left on device", and a command writing a directory of files could not
 * say which of them failed.
 */
public final class NamedOutputStream extends FilterOutputStream {
  private final Path file;

  private NamedOutputStream(Path file, OutputStream out) {
    super(out);
    this.file = file;
  }

  /** A new file {@code file} (replaced if it exists), its errors naming it. */
  public static OutputStream create(Path file) throws IOException {
    try {
      return new NamedOutputStream(file, Files.newOutputStream(file));
    } catch (IOException e) {
      throw new OutputFailure(file, e);
    }
  }

  @Override
  public void write(int b) throws IOException {
    try {
      out.write(b);
    } catch (IOException e) {
      throw named(e);
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    try {
      out.write(b, off, len);
    } catch (IOException e) {
      throw named(e);
    }
  }

  @Override
  public void flush() throws IOException {
    try {
      out.flush();
    } catch (IOException e) {
      throw named(e);
    }
  }

  @Override
  public void close() throws IOException {
    try {
      out.close();
    } catch (IOException e) {
      throw named(e);
    }
  }

  private IOException named(IOException e) {
    return e instanceof OutputFailure ? e : new OutputFailure(file, e);
  }
}
