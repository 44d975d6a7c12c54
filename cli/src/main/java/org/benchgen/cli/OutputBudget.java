package org.benchgen.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.benchgen.trace.TraceProblem;

/**
 * What a command that writes a file per rank ({@code expand}, {@code import}) may write without
 * {@code --force}: at most {@value #MAX_BYTES} bytes, {@value #MAX_FILES} rank files, and never
 * more than the free space where the output goes. Checked on an estimate before anything is
 * written: a trace (or an archive) from a stranger can say 100,000 ranks and fill a disk (issue
 * 47).
 */
final class OutputBudget {
  /** The most that is written without {@code --force}: 256 MB. */
  static final long MAX_BYTES = 256_000_000L;
  /** The most rank files written without {@code --force}. */
  static final int MAX_FILES = 16_384;

  private OutputBudget() {}

  /**
   * Refuses writing {@code files} rank files of about {@code bytes} in all into {@code out};
   * {@code what} names the input and the command's act ("t.bgc: expanding"), {@code doc} where
   * the command's rule is told ("docs/otf2.md, \"Import\"").
   */
  static void check(String what, long files, long bytes, Path out, String doc)
      throws IOException {
    String writes = what + " writes " + files + " rank files, about " + mb(bytes) + " in all";
    String force = "; --force writes it anyway (" + doc + ")";
    if (bytes > MAX_BYTES) {
      throw new TraceProblem(writes + ", over the " + mb(MAX_BYTES) + " written without asking"
          + force);
    }
    if (files > MAX_FILES) {
      throw new TraceProblem(writes + ", over the " + MAX_FILES + " files written without asking"
          + force);
    }
    Path parent = out.toAbsolutePath().getParent();
    if (parent != null && Files.isDirectory(parent)) {
      long free = Files.getFileStore(parent).getUsableSpace();
      if (bytes > free) {
        throw new TraceProblem(writes + ", more than the " + mb(free) + " free in " + parent
            + force);
      }
    }
  }

  private static String mb(long bytes) {
    return String.format("%.1f MB", bytes / 1e6);
  }
}
