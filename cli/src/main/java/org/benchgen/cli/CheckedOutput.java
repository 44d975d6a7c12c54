package org.benchgen.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;

/**
 * Standard output that remembers its first error. picocli prints through a {@code PrintWriter},
 * which swallows I/O errors: {@code stats TRACE > FILE} on a full disk exited 0 with its output
 * lost. {@link Benchgen} asks here after the command and exits 1 naming "standard output" and
 * the cause.
 */
final class CheckedOutput extends FilterOutputStream {
  private IOException failure;

  CheckedOutput(OutputStream out) {
    super(out);
  }

  /** The first error writing or flushing, if any. */
  synchronized Optional<IOException> failure() {
    return Optional.ofNullable(failure);
  }

  @Override
  public synchronized void write(int b) throws IOException {
    try {
      out.write(b);
    } catch (IOException e) {
      throw remember(e);
    }
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    try {
      out.write(b, off, len);
    } catch (IOException e) {
      throw remember(e);
    }
  }

  @Override
  public synchronized void flush() throws IOException {
    try {
      out.flush();
    } catch (IOException e) {
      throw remember(e);
    }
  }

  private IOException remember(IOException e) {
    if (failure == null) {
      failure = e;
    }
    return e;
  }
}
