package org.benchgen.cli.fuzz;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The fuzz test's account: each failure's reproduction line, printed and appended to {@code
 * target/fuzz-failures.txt} at once (a run that brings the JVM down still leaves the earlier
 * ones, and {@code target/fuzz-progress.txt} names the run it died in), grouped by category;
 * the time taken by passing and by failing runs.
 */
final class Tally {
  static final Path LOG = Path.of("target/fuzz-failures.txt");
  private static final Path PROGRESS = Path.of("target/fuzz-progress.txt");

  /** Categories to report without failing (-Dfuzz.known, by hand only). */
  private final Optional<Pattern> known;
  private final List<String> failures = new ArrayList<>();
  private final Map<String, String> firstOfCategory = new LinkedHashMap<>();
  private int runs;
  private long passingNanos;
  private long failingNanos;

  Tally(Optional<Pattern> known) {
    this.known = known;
  }

  /** Notes the run about to start, for when it takes the JVM down. */
  void starting(String where, String command) throws IOException {
    Files.writeString(PROGRESS, where + " command=\"" + command + "\"\n");
  }

  /** Records a run's outcome; true when it is a new failure (not a known category). */
  boolean record(String where, String command, Optional<Guard.Problem> p, long nanos)
      throws IOException {
    runs++;
    if (p.isEmpty()) {
      passingNanos += nanos;
      return false;
    }
    failingNanos += nanos;
    String line = where + " command=\"" + command + "\" -> " + p.get().category() + ": "
        + p.get().detail();
    boolean isKnown = known.isPresent() && known.get().matcher(p.get().category()).find();
    String tagged = (isKnown ? "known: " : "failure: ") + line;
    System.out.println("fuzz " + tagged);
    Files.writeString(LOG, tagged + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    if (isKnown) {
      return false;
    }
    failures.add(line);
    firstOfCategory.putIfAbsent(p.get().category(), line);
    return true;
  }

  /** The counts and times, one line. */
  String summary(int seeds, double seconds) {
    return String.format("fuzz: %d seeds, %d runs, %d failing; %.1f s (passing runs %.1f s,"
        + " failing %.1f s)", seeds, runs, failures.size(), seconds, passingNanos / 1e9,
        failingNanos / 1e9);
  }

  /** Fails with each category's first reproduction line, if anything failed. */
  void assertNoFailure() {
    if (failures.isEmpty()) {
      return;
    }
    StringBuilder b = new StringBuilder(failures.size() + " failing runs in "
        + firstOfCategory.size() + " categories (all in cli/" + LOG + "; rerun a seed with"
        + " -Dfuzz.seeds=N,N), the first of each:");
    firstOfCategory.forEach((k, v) -> b.append("\n  ").append(k).append("\n    ").append(v));
    fail(b.toString());
  }
}
