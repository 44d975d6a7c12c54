package org.benchgen.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The directory a command creates (a picocli mixin): {@code -o DIR}, which must not exist or be
 * empty, so that nothing is overwritten or mixed; it appears whole or not at all.
 */
final class NewDirectory {
  @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR",
      description = "the directory to create (must not exist, or be empty)")
  Path dir;

  @Override
  public String toString() {
    return dir.toString();
  }
}
