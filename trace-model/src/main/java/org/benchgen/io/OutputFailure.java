package org.benchgen.io;

import java.io.IOException;
import java.nio.file.Path;
import org.benchgen.trace.InputFiles;

/**
 * An output that could not be written (a full disk, a quota, a device error), naming the file as
 * the user gave it, never a temporary: "cannot write out/b.c: No space left on device". The
 * command exits 1 with this message; {@link AtomicOutput} has removed what was partly written.
 */
public final class OutputFailure extends IOException {
  private static final long serialVersionUID = 1L;

  private final transient Path file;

  /** {@code file} could not be written because of {@code cause}. */
  public OutputFailure(Path file, IOException cause) {
    super("cannot write " + file + ": " + reason(cause), cause);
    this.file = file;
  }

  /** {@code file} could not be written because of {@code cause}, said as {@code reason}. */
  public OutputFailure(Path file, IOException cause, String reason) {
    super("cannot write " + file + ": " + reason, cause);
    this.file = file;
  }

  /** The output as the user named it (or the file inside the output directory). */
  public Path file() {
    return file;
  }

  /** The cause in words, without a path: a named failure inside keeps only its own reason. */
  static String reason(IOException e) {
    if (e instanceof OutputFailure f) {
      return reason((IOException) f.getCause());
    }
    return InputFiles.describe(e);
  }
}
