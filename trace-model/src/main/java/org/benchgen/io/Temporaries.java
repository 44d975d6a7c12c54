package org.benchgen.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Comparator;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.benchgen.trace.InputFiles;

/**
 * The temporaries that {@link AtomicOutput} writes before renaming them into place, and their
 * removal when the run does not finish (docs/architecture.md, "Outputs").
 *
 * <p>A temporary is a hidden sibling of its target named {@code .NAME.benchgen-HOST-PID-N.tmp}:
 * the host and process that write it, so that another run can tell whether it is still being
 * written. A run stopped by SIGINT, SIGTERM or SIGHUP removes its temporaries in a shutdown hook.
 * One killed outright (SIGKILL, a crash) cannot: the next output written to the same directory
 * removes every temporary of this host whose process is gone, or is a later process that reuses its
 * number (started after the temporary was last written).
 */
final class Temporaries {
  /** {@code .NAME.benchgen-HOST-PID-N.tmp}: HOST may hold '-', PID and N are digits. */
  private static final Pattern NAME =
      Pattern.compile("\\..+\\.benchgen-([A-Za-z0-9.-]+)-(\\d+)-\\d+\\.tmp");
  private static final String HOST = host();
  private static final long PID = ProcessHandle.current().pid();

  /** The temporaries being written now; guarded by itself for commits and the shutdown hook. */
  private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();
  private static boolean stopping;

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(Temporaries::removeAll,
        "benchgen-temporaries"));
  }

  private Temporaries() {}

  /** The prefix of a temporary of {@code target}; the file system adds N and the suffix. */
  static String prefix(Path target) {
    return "." + target.getFileName() + ".benchgen-" + HOST + "-" + PID + "-";
  }

  static final String SUFFIX = ".tmp";

  /** A new temporary file for {@code target}, in {@code dir}, removed if the run stops. */
  static Path newFile(Path dir, Path target) throws IOException {
    try {
      Path tmp = Files.createTempFile(dir, prefix(target), SUFFIX);
      LIVE.add(tmp);
      return tmp;
    } catch (IOException e) {
      throw cannotWrite(dir, target, e);
    }
  }

  /** A new temporary directory for {@code target}, in {@code dir}, removed if the run stops. */
  static Path newDirectory(Path dir, Path target) throws IOException {
    while (true) {
      Path tmp = dir.resolve(prefix(target) + Long.toUnsignedString(RANDOM.nextLong()) + SUFFIX);
      try {
        Files.createDirectory(tmp, PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rwx------")));
      } catch (FileAlreadyExistsException e) {
        continue;
      } catch (UnsupportedOperationException e) {
        Files.createDirectory(tmp);
      } catch (IOException e) {
        throw cannotWrite(dir, target, e);
      }
      LIVE.add(tmp);
      return tmp;
    }
  }

  /** The error of a temporary that cannot be made, naming the target rather than the temporary. */
  private static IOException cannotWrite(Path dir, Path target, IOException e) {
    return new OutputFailure(target, e, dir + ": " + InputFiles.describe(e));
  }

  private static final SecureRandom RANDOM = new SecureRandom();

  /**
   * Renames {@code tmp} into place with {@code move}, unless the run is stopping (the shutdown hook
   * then removes it): a target is never renamed while the hook empties its temporary.
   */
  static void commit(Path tmp, IoAction move) throws IOException {
    synchronized (LIVE) {
      if (stopping) {
        throw new IOException("stopped before " + tmp + " was complete");
      }
      move.run();
      LIVE.remove(tmp);
    }
  }

  /** Removes a temporary that will not be committed (the run failed). */
  static void discard(Path tmp) throws IOException {
    try {
      // Threads that fill a directory in parallel may still be finishing a file as the first
      // failure arrives here: a file created during the removal makes it fail, so try again.
      for (int attempt = 1; ; attempt++) {
        try {
          deleteTree(tmp);
          return;
        } catch (IOException | UncheckedIOException e) {
          if (attempt == 50) {
            throw e;
          }
          try {
            Thread.sleep(20);
          } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw e;
          }
        }
      }
    } finally {
      LIVE.remove(tmp);
    }
  }

  /** A file-system step that may fail. */
  interface IoAction {
    void run() throws IOException;
  }

  /**
   * Removes the temporaries in {@code dir} that no running process writes: those of this host whose
   * process has ended. Best effort: what cannot be removed stays (and is tried again next time).
   */
  static void removeStale(Path dir) {
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, ".*.benchgen-*.tmp")) {
      for (Path p : s) {
        if (isStale(p)) {
          try {
            deleteTree(p);
          } catch (IOException | UncheckedIOException e) {
            // Another run may be removing it too, or it is not ours to remove: leave it.
          }
        }
      }
    } catch (IOException | UncheckedIOException e) {
      // An unreadable directory: the output itself will report the problem.
    }
  }

  /** Whether {@code p} is a temporary of this host that its writer left behind. */
  static boolean isStale(Path p) {
    Matcher m = NAME.matcher(p.getFileName().toString());
    if (!m.matches() || !m.group(1).equals(HOST)) {
      return false;
    }
    long pid;
    try {
      pid = Long.parseLong(m.group(2));
    } catch (NumberFormatException e) {
      return false;
    }
    if (pid == PID) {
      return false; // ours: removed by whoever wrote it
    }
    Optional<ProcessHandle> writer = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
    if (writer.isEmpty()) {
      return true;
    }
    // A live process with that number that started after the temporary was last written is
    // another process, which reuses the number of the one that wrote it.
    Optional<Instant> started = writer.get().info().startInstant();
    try {
      Instant written = Files.readAttributes(p, BasicFileAttributes.class).lastModifiedTime()
          .toInstant();
      return started.isPresent() && started.get().isAfter(written.plusSeconds(1));
    } catch (IOException e) {
      return false;
    }
  }

  /** The shutdown hook: stops commits, then removes every temporary of this run. */
  private static void removeAll() {
    synchronized (LIVE) {
      stopping = true;
    }
    for (Path p : LIVE) {
      // The writing thread runs on while the hook does: a file it creates in a directory being
      // removed makes the removal fail, so try again; once the directory is gone, none can appear.
      for (int attempt = 0; attempt < 20 && Files.exists(p); attempt++) {
        try {
          deleteTree(p);
        } catch (IOException | UncheckedIOException e) {
          Thread.onSpinWait();
        }
      }
    }
  }

  static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    if (!Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
      Files.deleteIfExists(p);
      return;
    }
    try (Stream<Path> s = Files.walk(p)) {
      for (Path x : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(x);
      }
    }
  }

  /** This host's name, as the kernel has it (no name service lookup), in file-name characters. */
  private static String host() {
    String h = null;
    try {
      h = Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
    } catch (IOException | UncheckedIOException | SecurityException e) {
      h = System.getenv("HOSTNAME");
    }
    if (h == null || h.isEmpty()) {
      h = "localhost";
    }
    return h.replaceAll("[^A-Za-z0-9.-]", "-");
  }
}
