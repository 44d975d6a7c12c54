package org.benchgen.cli.fuzz;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile inputs, both formats, every command (issue 18): for seeded broken traces and for the
 * committed inputs that once failed, no command may exit 3, print a stack trace, run past its
 * deadline, or leave anything behind. Each failure prints one line that reproduces it.
 *
 * <p>CI runs seeds 1 to {@value #CI_SEEDS} and {@link #FOUND}; more by hand with
 * {@code -Dfuzz.seeds=5000} (1 to 5000), {@code -Dfuzz.seeds=700-900} or {@code
 * -Dfuzz.seeds=17,523}. {@code -Dfuzz.timeout=S} sets the per-run deadline (10 s of CPU time,
 * which load does not stretch: testing.CpuDeadline); {@code
 * -Dfuzz.known=REGEX} prints the failures whose category matches instead of failing on them (to
 * see what else fails while a known bug is being fixed). Failing inputs are copied to {@code
 * target/fuzz-failures/}, the lines to {@code target/fuzz-failures.txt}.
 */
class FuzzTest {
  /**
   * 150 since the ninth session (300 before): every seed that ever found a failure is in {@link
   * #FOUND} and runs anyway, and the rest cost 12 s of CI's CPU a run for seeds that have passed
   * thousands of times (docs/architecture.md, "Pinned behaviour").
   */
  private static final int CI_SEEDS = 150;
  /**
   * Seeds that found a failure on main (0ae111d) when the test was written (issue 18), kept
   * as CI_SEEDS shrank: out of 1 to 300, these failed; then, by hand over 301 to 1200 with
   * the fixes of issue 18 merged, 470, 533, 670 and 1051 (a value pattern of 2^32 values in a few
   * bytes) and 556, 602 (a raw header's size of 10^9 and 2^31-1).
   */
  private static final long[] FOUND = {
      7, 14, 15, 16, 17, 18, 33, 34, 40, 75, 77, 87, 95, 113, 114, 118, 121, 136, 151, 157, 158,
      167, 173, 175, 176, 188, 191, 192, 200, 204, 217, 226, 247, 250, 254, 271, 272, 276, 280,
      283, 292, 470, 533, 556, 602, 670, 1051};
  private static final Path REGRESSIONS = Path.of("src/test/resources/fuzz-regressions");
  private static final Path FAILURES = Path.of("target/fuzz-failures");
  /** Categories of failure to report without failing, by hand only (empty in CI). */
  private static final Optional<Pattern> KNOWN =
      Optional.ofNullable(System.getProperty("fuzz.known")).map(Pattern::compile);
  private static final Duration LIMIT =
      Duration.ofSeconds(Long.getLong("fuzz.timeout", 10));
  /**
   * {@code expand} of the 50,000-rank regression writes 50,000 files, legitimately: 6 of its 9 s
   * under a load of 2 were the kernel's file creation (119 us an openat, strace -c), so it gets
   * three deadlines. Its other commands, which once ran for minutes, keep one.
   */
  private static final String MANY_RANKS = "bgc-world-50000";

  @TempDir
  static Path corpusDir;
  private static Corpus corpus;

  @TempDir
  Path tmp;

  @BeforeAll
  static void buildCorpus() throws IOException {
    corpus = new Corpus(corpusDir);
    Files.deleteIfExists(Tally.LOG);
  }

  @Test
  void seeds() throws IOException {
    Tally tally = new Tally(KNOWN);
    long start = System.nanoTime();
    long[] seeds = seedList();
    for (long seed : seeds) {
      Path dir = Files.createDirectory(tmp.resolve("s" + seed));
      FuzzCase c = FuzzCase.of(seed, corpus, dir);
      String where = "seed=" + seed + " input=" + c.name() + " mutation=\"" + c.mutation() + "\"";
      runAll(c, seed, where, tally);
      Guard.deleteTree(dir);
    }
    System.out.println(tally.summary(seeds.length, (System.nanoTime() - start) / 1e9));
    tally.assertNoFailure();
  }

  @Test
  void regressions() throws IOException {
    Tally tally = new Tally(KNOWN);
    try (Stream<Path> s = Files.list(REGRESSIONS)) {
      for (Path committed : s.filter(Files::isDirectory).sorted().toList()) {
        Path dir = Files.createDirectory(tmp.resolve(committed.getFileName()));
        FuzzCase c = FuzzCase.regression(committed, dir);
        runAll(c, 0, "regression=" + REGRESSIONS.resolve(c.name()), tally);
      }
    }
    tally.assertNoFailure();
  }

  /** Runs every command on the case; a seeded case's input is kept when one fails. */
  private static void runAll(FuzzCase c, long seed, String where, Tally tally)
      throws IOException {
    if (Guard.compromised()) {
      fail("an earlier test's hung command could not be stopped; run this test alone");
    }
    boolean kept = false;
    for (String command : c.commands(seed)) {
      tally.starting(where, command);
      long t0 = System.nanoTime();
      Duration limit = c.name().equals(MANY_RANKS) && command.startsWith("expand ")
          ? LIMIT.multipliedBy(3) : LIMIT;
      Optional<Guard.Problem> p = Guard.check(c.dir(), c.output(command), limit,
          c.args(command));
      if (tally.record(where, command, p, System.nanoTime() - t0) && !kept && seed != 0) {
        keep(c, seed);
        kept = true;
      }
      if (p.isPresent() && p.get().fatal()) {
        tally.assertNoFailure();
        fail(where + " command=\"" + command + "\": " + p.get().detail());
      }
    }
  }

  /** The seeds to run: -Dfuzz.seeds, or CI's. */
  private static long[] seedList() {
    String s = System.getProperty("fuzz.seeds", "");
    if (s.isBlank()) {
      return LongStream.concat(LongStream.rangeClosed(1, CI_SEEDS), LongStream.of(FOUND))
          .distinct().toArray();
    }
    if (s.contains(",")) {
      return Stream.of(s.split(",")).mapToLong(x -> Long.parseLong(x.trim())).toArray();
    }
    if (s.contains("-")) {
      String[] r = s.split("-");
      return LongStream.rangeClosed(Long.parseLong(r[0]), Long.parseLong(r[1])).toArray();
    }
    return LongStream.rangeClosed(1, Long.parseLong(s)).toArray();
  }

  /** Copies a failing case's input to target/fuzz-failures/seed-N, to minimise and commit. */
  private static void keep(FuzzCase c, long seed) throws IOException {
    Path to = FAILURES.resolve("seed-" + seed);
    Guard.deleteTree(to);
    Files.createDirectories(to);
    try (Stream<Path> s = Files.walk(c.input())) {
      for (Path p : s.toList()) {
        Path q = to.resolve(c.dir().relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(q);
        } else if (Files.isRegularFile(p)) {
          Files.copy(p, q);
        }
      }
    }
  }
}
