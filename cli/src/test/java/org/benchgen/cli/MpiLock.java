package org.benchgen.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One MPI job at a time across the test JVMs (pom.xml runs two test classes at once): a test
 * holds a lock on a file of the build while an MPI job of its runs. Ranks oversubscribed on the
 * machine's cores wait for each other's time slices, so two MPI jobs side by side took more than
 * twice as long each (docs/benchmarks.md); what a test does between its jobs (compiling,
 * generating, comparing) goes on beside the other JVM's job. {@code Cli.run} of {@code trace} and
 * {@code MpiSamples.run} of a launcher hold it themselves; a test that starts a job another way
 * holds it with {@link #hold}. Reentrant: a job inside a held one takes nothing more.
 */
public final class MpiLock {
  private static final Path FILE = Path.of("target", "mpi-tests.lock");
  private static final ReentrantLock IN_JVM = new ReentrantLock();
  private static FileChannel channel;
  private static FileLock lock;

  private MpiLock() {}

  /** Runs {@code job} holding the lock; its result. */
  public static <T> T hold(Callable<T> job) throws Exception {
    IN_JVM.lock();
    try {
      boolean outermost = IN_JVM.getHoldCount() == 1;
      if (outermost) {
        acquire();
      }
      try {
        return job.call();
      } finally {
        if (outermost) {
          release();
        }
      }
    } finally {
      IN_JVM.unlock();
    }
  }

  /** {@link #hold} for a job that throws no checked exception. */
  public static <T> T holdUnchecked(Callable<T> job) {
    try {
      return hold(job);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static void acquire() {
    try {
      Files.createDirectories(FILE.getParent());
      channel = FileChannel.open(FILE, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      lock = channel.lock();
    } catch (IOException e) {
      throw new UncheckedIOException("the MPI tests' lock " + FILE.toAbsolutePath(), e);
    }
  }

  private static void release() {
    try {
      if (lock != null) {
        lock.release();
      }
      if (channel != null) {
        channel.close();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      lock = null;
      channel = null;
    }
  }
}
