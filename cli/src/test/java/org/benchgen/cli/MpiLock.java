package org.benchgen.cli;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One MPI test at a time across the test JVMs (pom.xml runs two classes at once): each test of a
 * class that runs MPI holds a lock on a file of the build while it runs. Ranks oversubscribed on
 * the machine's cores wait for each other's time slices, so two MPI jobs side by side took more
 * than twice as long each (measured: docs/benchmarks.md); a test that runs no MPI goes on beside
 * one that does.
 */
public final class MpiLock implements BeforeEachCallback, AfterEachCallback {
  private static final Path FILE = Path.of("target", "mpi-tests.lock");
  private FileChannel channel;
  private FileLock lock;

  @Override
  public void beforeEach(ExtensionContext context) throws IOException {
    Files.createDirectories(FILE.getParent());
    channel = FileChannel.open(FILE, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    lock = channel.lock();
  }

  @Override
  public void afterEach(ExtensionContext context) throws IOException {
    try {
      if (lock != null) {
        lock.release();
      }
    } finally {
      lock = null;
      if (channel != null) {
        channel.close();
      }
      channel = null;
    }
  }
}
