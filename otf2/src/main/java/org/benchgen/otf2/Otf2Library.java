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
 * The OTF2 library: archives are read by the native reader {@code bg-otf2-read} (C on libotf2,
 * built into otf2/target/native/; import stops, saying what to install, where it was not built),
 * and written through the library's own Python bindings (Debian's {@code python3-otf2}) by the
 * script {@code bg_otf2.py}, shipped in this module's resources. Either runs in its own process
 * under a memory limit, so that an archive that crashes or bloats the library stops that process,
 * never benchgen; its error is reported with the archive's name.
 */
public final class Otf2Library {
  /** The interpreter: {@code BENCHGEN_PYTHON}, else Debian's, where python3-otf2 installs. */
  static final String PYTHON = Optional.ofNullable(System.getenv("BENCHGEN_PYTHON"))
      .orElse("/usr/bin/python3");
  /** The script's address space, in KiB (ulimit -v): 8 GiB. */
  private static final long MEMORY_KIB = 8L << 20;
  /** How much of the script's error output a message quotes. */
  private static final int MAX_MESSAGE = 4000;
  private static final String INSTALL = "apt-get install python3-otf2 otf2-tools";
  /** Why import cannot run: the native reader was not built. */
  static final String NO_READER = "OTF2 import needs bg-otf2-read, which benchgen builds where"
      + " libotf2's headers and library are installed: apt-get install libotf2-trace-dev, then"
      + " build benchgen again (mvn package)";
  /** The native reader, under the benchgen home (docs/otf2.md, "The bridge"). */
  static final String NATIVE_READER = "otf2/target/native/bg-otf2-read";

  private Otf2Library() {}

  /** Why OTF2 archives cannot be written here (the Python bindings), if they cannot. */
  public static Optional<String> unavailable() {
    try {
      Process p = new ProcessBuilder(PYTHON, "-c", "import otf2").redirectErrorStream(true)
          .start();
      p.getInputStream().readAllBytes();
      if (p.waitFor() == 0) {
        return Optional.empty();
      }
      return Optional.of(PYTHON + " cannot import the OTF2 library's Python bindings ("
          + INSTALL + ")");
    } catch (IOException e) {
      return Optional.of(PYTHON + " cannot be run (" + e.getMessage() + "); OTF2 needs "
          + INSTALL);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.of("interrupted");
    }
  }

  /**
   * Reads an archive ({@code read ARCHIVE OUT}, the native reader) or writes one ({@code write IN
   * OUT}, the script); a failure is a {@link TraceProblem} starting with {@code subject}.
   */
  static void run(String mode, Path from, Path to, String subject) throws IOException {
    if (mode.equals("read")) {
      // Import has no Python fallback (issue 48): the native reader, or what to install.
      runNative(nativeReader().orElseThrow(() -> new TraceProblem(subject + ": " + NO_READER)),
          from, to, subject);
    } else {
      runPython(mode, from, to, subject);
    }
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

  /** Reads archive {@code from} into {@code to} with the native reader {@code reader}. */
  static void runNative(Path reader, Path from, Path to, String subject) throws IOException {
    bounded(List.of(reader.toString(), from.toString(), to.toString()), subject);
  }

  /** Runs the Python bridge: {@code write IN OUT}. */
  static void runPython(String mode, Path from, Path to, String subject) throws IOException {
    unavailable().ifPresent(why -> {
      throw new TraceProblem(subject + ": " + why);
    });
    Path script = Files.createTempFile("bg_otf2", ".py");
    try {
      try (InputStream in = Otf2Library.class.getResourceAsStream("bg_otf2.py")) {
        Files.write(script, in.readAllBytes());
      }
      bounded(List.of(PYTHON, script.toString(), mode, from.toString(), to.toString()),
          subject);
    } finally {
      Files.deleteIfExists(script);
    }
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
