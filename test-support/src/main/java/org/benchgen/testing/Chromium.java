package org.benchgen.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A page rendered by a real browser: headless Chromium (Debian's {@code chromium}, which {@code
 * .ci/run} installs) opens a file, takes a screenshot and reports every message the page wrote to
 * the browser's console (script errors, blocked loads, Content Security Policy violations).
 * Missing Chromium is a failure, not a skip, as missing MPI is.
 */
public final class Chromium {
  /** What rendering a page gave: the console's messages, and whether the screenshot was made. */
  public record Rendered(List<String> console, Path screenshot) {}

  private Chromium() {}

  /** The browser's path: {@code $CHROMIUM}, else {@code /usr/bin/chromium}. */
  public static Path browser() {
    String env = System.getenv("CHROMIUM");
    Path p = Path.of(env == null || env.isEmpty() ? "/usr/bin/chromium" : env);
    if (!Files.isExecutable(p)) {
      throw new AssertionError(p + " is missing: the report's browser tests need Chromium"
          + " (apt-get install chromium, as .ci/run does; or set CHROMIUM)");
    }
    return p;
  }

  /**
   * Opens {@code page} in a window {@code width} by {@code height}, writes its screenshot to
   * {@code png}. The flags keep Chromium off the network (it would try Google's hosts at start)
   * and out of the user's profile.
   */
  public static Rendered render(Path page, Path png, int width, int height)
      throws IOException, InterruptedException {
    Path profile = Files.createTempDirectory("benchgen-chromium");
    Path log = Files.createTempFile("benchgen-chromium", ".log");
    try {
      Files.createDirectories(png.toAbsolutePath().getParent());
      Files.deleteIfExists(png);
      Process p = new ProcessBuilder(browser().toString(), "--headless", "--no-sandbox",
          "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
          "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile,
          "--enable-logging=stderr", "--v=0", "--window-size=" + width + "," + height,
          "--screenshot=" + png.toAbsolutePath(), page.toAbsolutePath().toUri().toString())
          .redirectErrorStream(true).redirectOutput(log.toFile()).start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("Chromium did not finish rendering " + page + " in 120 s");
      }
      List<String> console = new ArrayList<>();
      for (String line : Files.readAllLines(log)) {
        if (line.contains(":CONSOLE")) {
          console.add(line);
        }
      }
      return new Rendered(console, png);
    } finally {
      Files.deleteIfExists(log);
      try (var files = Files.walk(profile)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }
}
