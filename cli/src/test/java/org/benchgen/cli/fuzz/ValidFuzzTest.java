package org.benchgen.cli.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.benchgen.cli.Cli;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Valid-but-wrong traces through generate and the built benchmark (issue 47): each seed mutates a
 * good compressed trace of the corpus so that it still reads ({@link ValidMutation}: sizes swapped
 * between matched calls, counts per rank, tags, peers, trips; or consistent changes), then
 * {@code generate --lang c-mpi} either refuses it (exit 1) or writes a benchmark that builds and
 * runs under MPICH to its end: no MPI error, no abort, no hang (a CPU-time limit). Exit 2 or 3 is
 * a failure too.
 *
 * <p>CI runs seeds 1 to {@value #CI_SEEDS}; more by hand with {@code -Dfuzz.valid.seeds=2000}.
 * The tally goes to {@code target/valid-fuzz.txt} (docs/benchmarks.md has a run's numbers).
 */
class ValidFuzzTest {
  private static final int CI_SEEDS = 12;
  /** The largest world run: more ranks than that on two cores make each run slow. */
  private static final int MAX_RANKS = 8;
  private static final Duration LIMIT = Duration.ofSeconds(Long.getLong("fuzz.valid.timeout",
      20));

  @TempDir
  static Path corpusDir;
  private static List<Corpus.Trace> traces;

  @TempDir
  Path work;

  @BeforeAll
  static void corpus() throws Exception {
    traces = new ArrayList<>();
    for (Corpus.Trace t : new Corpus(corpusDir).traces()) {
      String head = Files.readString(t.compressed()).lines().limit(3)
          .filter(l -> l.startsWith("world ")).findFirst().orElse("world 0");
      int world = Integer.parseInt(head.substring(6).strip());
      // Only traces whose benchmark runs as it is: random programs may break MPI's rules
      // themselves (their sends need not fit their receives), which resolve now refuses.
      if (world <= MAX_RANKS && Cli.run("resolve", t.compressed().toString(), "-o",
          corpusDir.resolve(t.name() + "-check.bgc").toString()).code() == 0) {
        traces.add(t);
      }
    }
  }

  @Test
  void mutatedValidTracesAreRefusedOrTheirBenchmarksRunToTheEnd() throws Exception {
    long seeds = Long.getLong("fuzz.valid.seeds", CI_SEEDS);
    BenchmarkRun runner = new BenchmarkRun(Files.createDirectories(work.resolve("cache")), LIMIT);
    Map<ValidMutation, long[]> tally = new EnumMap<>(ValidMutation.class);
    List<String> failures = new ArrayList<>();
    long valid = 0;
    long invalid = 0;
    for (long seed = 1; seed <= seeds; seed++) {
      Random rnd = new Random(seed);
      Corpus.Trace t = traces.get(rnd.nextInt(traces.size()));
      ValidMutation kind = ValidMutation.values()[rnd.nextInt(ValidMutation.values().length)];
      Optional<ValidMutation.Mutated> m = kind.apply(Files.readString(t.compressed()), rnd);
      if (m.isEmpty()) {
        continue;
      }
      Path in = work.resolve("s" + seed + ".bgc");
      Files.writeString(in, m.get().text());
      if (Cli.run("show", in.toString()).code() != 0) {
        invalid++; // the mutation broke the file: not a valid trace, not counted
        Files.delete(in);
        continue;
      }
      valid++;
      long[] n = tally.computeIfAbsent(kind, k -> new long[3]);
      String what = "seed " + seed + " " + t.name() + " " + kind + " (" + m.get().what() + ")";
      Path gen = work.resolve("g" + seed);
      Cli.Result g = Cli.run("generate", in.toString(), "--lang", "c-mpi", "--name", "bench",
          "-o", gen.toString());
      if (g.code() == 1) {
        n[0]++;
      } else if (g.code() != 0) {
        failures.add(what + ": generate exit " + g.code() + ": " + g.err());
      } else {
        int ranks = Integer.parseInt(m.get().text().lines().filter(l -> l.startsWith("world "))
            .findFirst().orElseThrow().substring(6).strip());
        BenchmarkRun.Outcome o = runner.buildAndRun(gen, "bench", ranks);
        if (o.ok()) {
          n[1]++;
        } else {
          n[2]++;
          failures.add(what + ": the benchmark " + (o.status() == -1 ? "hung" : o.status() == -2
              ? "did not build" : "exited " + o.status()) + ": " + tail(o.output()));
          Files.copy(in, Path.of("target").resolve("valid-fuzz-seed-" + seed + ".bgc"),
              java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
      }
      deleteTree(gen);
      Files.delete(in);
    }
    StringBuilder report = new StringBuilder(String.format("%d seeds: %d valid mutated traces"
        + " (%d mutations broke the file and are not counted); %d benchmarks built, %d runs%n",
        seeds, valid, invalid, runner.builds, runner.runs));
    report.append(String.format("%-28s %8s %8s %8s%n", "mutation", "refused", "ran", "failed"));
    tally.forEach((k, n) -> report.append(String.format("%-28s %8d %8d %8d%n", k, n[0], n[1],
        n[2])));
    failures.forEach(f -> report.append("FAILED ").append(f).append('\n'));
    Files.writeString(Path.of("target/valid-fuzz.txt"), report);
    System.out.print(report);
    assertTrue(failures.isEmpty(), report.toString());
  }

  private static String tail(String s) {
    return s.length() > 600 ? "..." + s.substring(s.length() - 600) : s;
  }

  private static void deleteTree(Path p) throws java.io.IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (var s = Files.walk(p)) {
      for (Path x : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(x);
      }
    }
  }
}
