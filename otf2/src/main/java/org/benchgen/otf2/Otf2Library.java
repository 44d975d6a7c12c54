package org.benchgen.otf2;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.benchgen.trace.TraceProblem;

/**
 * The OTF2 library, run by two small C programs on libotf2 built into otf2/target/native/: the
 * native reader {@code bg-otf2-read} reads every archive (import), the native writer {@code
 * bg-otf2-write} makes every one (export); where they were not built, import and export stop
 * saying what to install. Each runs in its own process under a memory limit, so that an archive
 * that crashes or bloats the library stops that process, never benchgen; its error is reported
 * with the archive's name.
 */
public final class Otf2Library {
  /** A native program's address space, in KiB (ulimit -v): 8 GiB. */
  private static final long MEMORY_KIB = 8L << 20;
  /** How much of a native program's error output a message quotes. */
  private static final int MAX_MESSAGE = 4000;
  /** Why import cannot run: the native reader was not built. */
  static final String NO_READER = "OTF2 import needs bg-otf2-read, which benchgen builds where"
      + " libotf2's headers and library are installed: apt-get install libotf2-trace-dev, then"
      + " build benchgen again (mvn package)";
  /** The native reader, under the benchgen home (docs/otf2.md, "The bridge"). */
  static final String NATIVE_READER = "otf2/target/native/bg-otf2-read";
  /** The native writer, beside it: the only way an archive is written. */
  static final String NATIVE_WRITER = "otf2/target/native/bg-otf2-write";
  private static final String BUILD_WRITER = "OTF2 export needs " + NATIVE_WRITER + ", which the"
      + " build makes (otf2/build.sh) where libotf2's headers are installed: apt-get install"
      + " libotf2-trace-dev, then build benchgen again";

  private Otf2Library() {}

  /**
   * Runs the bridge: {@code read ARCHIVE OUT} (the native reader) or {@code write IN OUT} (the
   * native writer); a failure is a {@link TraceProblem} starting with {@code subject}.
   */
  static void run(String mode, Path from, Path to, String subject) throws IOException {
    Path program = mode.equals("write")
        ? nativeWriter().orElseThrow(() -> new TraceProblem(subject + ": " + BUILD_WRITER))
        : nativeReader().orElseThrow(() -> new TraceProblem(subject + ": " + NO_READER));
    runNative(program, from, to, subject);
  }

  /** The native writer, if it was built (where the native reader is, {@link #nativeReader}). */
  static Optional<Path> nativeWriter() {
    Path p = home().resolve(NATIVE_WRITER);
    return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
  }

  /** Why OTF2 archives cannot be read here, if they cannot. */
  public static Optional<String> cannotRead() {
    return nativeReader().isPresent() ? Optional.empty() : Optional.of(NO_READER);
  }

  /** Why OTF2 archives cannot be written here, if they cannot. */
  public static Optional<String> cannotWrite() {
    return nativeWriter().isPresent() ? Optional.empty() : Optional.of(BUILD_WRITER);
  }

  /**
   * The native reader, if it was built: {@code otf2/target/native/bg-otf2-read} under the
   * benchgen home (the {@code benchgen.home} property, else the place of this code: {@code
   * cli/target/benchgen.jar} or {@code otf2/target/classes}, three levels below the home).
   */
  static Optional<Path> nativeReader() {
    Path p = home().resolve(NATIVE_READER);
    return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
  }

  private static Path home() {
    String prop = System.getProperty("benchgen.home");
    if (prop != null && !prop.isBlank()) {
      return Path.of(prop);
    }
    try {
      Path code = Path.of(Otf2Library.class.getProtectionDomain().getCodeSource().getLocation()
          .toURI());
      Path home = code.getParent() == null ? null : code.getParent().getParent();
      return home == null || home.getParent() == null ? Path.of(".") : home.getParent();
    } catch (java.net.URISyntaxException | RuntimeException e) {
      return Path.of(".");
    }
  }

  /**
   * Runs native program {@code program} ({@code bg-otf2-read ARCHIVE OUT} or {@code
   * bg-otf2-write IN OUT}).
   */
  static void runNative(Path program, Path from, Path to, String subject) throws IOException {
    bounded(List.of(program.toString(), from.toString(), to.toString()), subject);
  }

  /** Runs {@code command} under the memory limit; a failure is a {@link TraceProblem}. */
  private static void bounded(List<String> command, String subject) throws IOException {
    List<String> cmd = new ArrayList<>(List.of("/bin/sh", "-c",
        "ulimit -v " + MEMORY_KIB + "; exec \"$@\"", "bg_otf2"));
    cmd.addAll(command);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = readBounded(p.getInputStream());
    int rc = waitFor(p);
    if (rc != 0) {
      String msg = out.strip().replaceFirst("^bg_otf2: ", "");
      throw new TraceProblem(subject + ": the OTF2 library "
          + (rc > 128 ? "crashed (signal " + (rc - 128) + ")" : "failed") + ": "
          + (msg.isEmpty() ? "exit code " + rc : msg));
    }
  }

  private static String readBounded(InputStream in) throws IOException {
    byte[] buf = new byte[MAX_MESSAGE];
    int n = 0;
    int r;
    while ((r = in.read(buf, n, buf.length - n)) > 0) {
      n += r;
      if (n == buf.length) {
        in.transferTo(OutputStream.nullOutputStream());
        break;
      }
    }
    return new String(buf, 0, n, StandardCharsets.UTF_8);
  }

  private static int waitFor(Process p) throws IOException {
    try {
      return p.waitFor();
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("stopped while the OTF2 library ran");
    }
  }

  /** Removes a scratch directory of the bridge and what is in it. */
  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }}
