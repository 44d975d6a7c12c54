package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.benchgen.compress.ChoiceSections;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.samples.Synth;
import org.benchgen.samples.Synth.Pattern;
import org.benchgen.testing.ChoicePrograms;
import org.benchgen.testing.CpuDeadline;
import org.benchgen.testing.RandomProgram;
import org.benchgen.testing.Sanitized;
import org.benchgen.testing.SplitPrograms;
import org.benchgen.trace.TraceProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two implementations of compression (docs/compression.md) against each other without MPI:
 * the tracer's folding compressor, built with AddressSanitizer and UndefinedBehaviorSanitizer into
 * the driver {@code tracer/target/fold/fold-driver} (tracer/test/fold_driver.c: the tracer's own
 * fold, merge tree and writer, the streams read from text), and {@code rsd-compressor}'s
 * TraceCompressor, on the same streams: random programs, programs of repeated phrases (full of
 * shared blocks: PhraseProgram), programs of random choices (ctxsplit's random splits:
 * SplitPrograms, whose runs make step-choice sections; ChoicePrograms, per-call sections),
 * every synth pattern and the bundled sample traces. The driver's file, as the C writer
 * wrote it (choice sections and shared blocks and all), must be Java's byte for byte ({@code
 * compress}: the TraceCompressor's trace with its choice sections), whatever the trace's size
 * (docs/compression.md, "Choice sections"). The
 * real-MPI check of the same property is InJobCompressionTest; this one is cheap enough for every
 * build and sees every rank count and pattern. Fails, never skips, without make and a C compiler.
 */
class FoldTwinTest {
  /** Random programs: seeds 1 .. SEEDS (-Dfold.seeds=N for more), at the rank counts RANKS. */
  private static final int SEEDS = Integer.getInteger("fold.seeds", 240);
  private static final int[] RANKS = {1, 2, 3, 4, 5, 6, 7, 8, 12, 16};
  /** What the driver may take on all the streams together; it needs about 2 s. */
  private static final Duration DRIVER_CPU = Duration.ofSeconds(60);

  @Test
  void theTracersFoldIsRsdCompressorsOnRandomProgramsSynthPatternsAndSamples(@TempDir Path temp)
      throws Exception {
    long cpu0 = CpuDeadline.jvmCpuNanos();
    // -Dfold.dir=DIR keeps the streams (DIR/in/CASE), to run the driver on them by hand.
    Path tmp = System.getProperty("fold.dir") == null ? temp
        : Files.createDirectories(Path.of(System.getProperty("fold.dir")));
    Path raw = Files.createDirectories(tmp.resolve("raw"));
    Path in = Files.createDirectories(tmp.resolve("in"));
    List<String> cases = new ArrayList<>();
    for (int seed = 1; seed <= SEEDS; seed++) {
      int ranks = RANKS[seed % RANKS.length];
      String name = "random-" + seed + "-" + ranks;
      Path dir = Files.createDirectories(raw.resolve(name));
      new RandomProgram(seed, ranks).write(dir);
      cases.add(name);
    }
    // Streams full of shared blocks (a hundred, where the programs above make a few).
    for (long seed = 1; seed <= 3; seed++) {
      String name = "phrases-" + seed;
      PhraseProgram.write(raw.resolve(name), seed, 4, 1500);
      cases.add(name);
    }
    // Sections that the C fold must form as Java does (world steps, and per call where the steps
    // do not line up), in traces too large for shared blocks and in ones small enough for them
    // (splits-3-4, choices-1-4: formed before the blocks, in both languages).
    List<String> mustForm = List.of("splits-1-4", "splits-2-3", "splits-3-4", "choices-1-4",
        "choices-2-4");
    SplitPrograms.write(raw.resolve("splits-1-4"), 4, 6000, 1);
    SplitPrograms.write(raw.resolve("splits-2-3"), 3, 6000, 2);
    SplitPrograms.write(raw.resolve("splits-3-4"), 4, 1200, 3);
    Files.createDirectories(raw.resolve("choices-1-4"));
    ChoicePrograms.write(raw.resolve("choices-1-4"), 4, 2000, 1, true);
    Files.createDirectories(raw.resolve("choices-2-4"));
    ChoicePrograms.write(raw.resolve("choices-2-4"), 4, 7000, 2, true);
    cases.addAll(List.of("splits-1-4", "splits-2-3", "splits-3-4", "choices-1-4", "choices-2-4"));
    for (Map.Entry<String, Synth> s : synth().entrySet()) {
      s.getValue().write(raw.resolve(s.getKey()), false, n -> { });
      cases.add(s.getKey());
    }
    try (Stream<Path> samples = Files.list(MpiSamples.HOME.resolve("samples/traces"))) {
      for (Path p : samples.filter(Files::isDirectory).sorted().toList()) {
        String name = "sample-" + p.getFileName();
        HexSites.copy(p, in.resolve(name));
        cases.add(name);
      }
    }
    Map<String, String> java = new LinkedHashMap<>();
    Set<String> formedInJava = new HashSet<>();
    List<String> refused = new ArrayList<>();
    for (String c : cases) {
      try {
        if (Files.isDirectory(raw.resolve(c))) {
          HexSites.copy(raw.resolve(c), in.resolve(c));
        }
        CompressedTrace t = new TraceCompressor().compress(TraceDirectory.open(in.resolve(c)),
            n -> { }).trace();
        CompressedTrace formed = ChoiceSections.form(t);
        java.put(c, CompressedTraceWriter.toString(formed));
        if (formed != t) {
          formedInJava.add(c);
        }
      } catch (TraceProblem e) {
        // Some random programs make streams that the reader refuses (a receive of count 0 that
        // says it received -8 bytes, say): the C fold leaves such checks to the reader, so
        // these are not compared (docs/compression.md, "The C twin's limits").
        refused.add(c + ": " + e.getMessage());
      }
    }
    long randoms = java.keySet().stream().filter(c -> c.startsWith("random-")).count();
    assertTrue(randoms >= 200 && java.size() >= randoms + 30, randoms + " random programs and "
        + (java.size() - randoms) + " others to compare; refused:\n" + String.join("\n", refused));
    double driverCpu = runDriver(java.keySet().stream().map(c -> in.resolve(c).toString())
        .toList());
    List<String> differ = new ArrayList<>();
    int withBlocks = 0;
    List<String> formedInC = new ArrayList<>();
    Map<String, String> written = new LinkedHashMap<>();
    for (String c : java.keySet()) {
      // The C writer's own bytes, as the tracer leaves them: no step after it rewrites them.
      String driver = Files.readString(in.resolve(c).resolve("driver.bgc"),
          StandardCharsets.UTF_8);
      if (formedInJava.contains(c) && driver.equals(java.get(c))) {
        formedInC.add(c);
      } else if (!driver.equals(java.get(c))) {
        differ.add(c);
        Files.writeString(in.resolve(c).resolve("java.bgc"), java.get(c));
      }
      withBlocks += driver.contains("\nblock 1 {\n") ? 1 : 0;
      written.put(c, driver);
    }
    System.out.printf("FoldTwinTest: %d random programs (%d refused), %d synth patterns and"
        + " samples compared, %d of them with shared blocks; %.1f s of CPU in this JVM, about"
        + " %.1f s in the driver; choice sections formed in C: %s%n", randoms, refused.size(),
        java.size() - randoms, withBlocks, (CpuDeadline.jvmCpuNanos() - cpu0) / 1e9, driverCpu,
        formedInC);
    assertEquals(List.of(), differ, "the driver's trace differs from rsd-compressor's (both are"
        + " in " + in + "/CASE: driver.bgc, java.bgc)");
    // The step-choice sections, table and all, made in C: the cases must have them.
    assertEquals(mustForm, formedInC.stream().filter(mustForm::contains).toList());
    for (String c : mustForm.subList(0, 3)) {
      assertTrue(java.get(c).contains("\nchoice 1 configs="), c + " has no step-choice table");
    }
    // The blocks are the part of the writer most likely to differ: the comparison must see them,
    // many of them (the phrase programs' traces hold 60 or more).
    assertTrue(withBlocks >= 8, withBlocks + " traces with shared blocks compared");
    for (long seed = 1; seed <= 3; seed++) {
      // As the C writer wrote them, choice sections and all.
      String phrases = written.get("phrases-" + seed);
      assertTrue(phrases != null && phrases.contains("\nblock 60 {\n"), "phrases-" + seed
          + " has fewer than 60 shared blocks");
    }
  }

  /**
   * Every synth pattern, small, by name: at 2 ranks, and at rank counts whose grids are oblong
   * (6: 3 x 2) and square (9), with alignment's split collectives at 6.
   */
  private static Map<String, Synth> synth() {
    Map<String, Synth> out = new LinkedHashMap<>();
    long seed = 1;
    for (Pattern p : Pattern.values()) {
      for (int ranks : new int[] {2, 6, 9}) {
        Synth s = switch (p) {
          case mpmd -> Synth.mpmd(ranks, 4, seed);
          case irregular -> Synth.irregular(ranks, 60, seed);
          case shuffled -> Synth.shuffled(ranks, 40, seed);
          default -> new Synth(p, ranks, 12, seed, ranks == 6);
        };
        out.put("synth-" + p.cliName() + "-" + ranks, s);
        seed++;
      }
    }
    return out;
  }

  /**
   * Runs the driver on every directory at once (one process: its start under the sanitizers
   * costs more than most streams); any exit but 0, or anything on its standard error (a
   * sanitizer's report), fails the test with what it said. make brings it up to date first, so
   * that the test never runs a driver older than the C sources.
   */
  private static double runDriver(List<String> dirs) throws Exception {
    Path tracer = MpiSamples.HOME.resolve("tracer");
    run(List.of("make", "-s", "-C", tracer.toString(), "fold-driver"), "make fold-driver", false);
    Path driver = tracer.resolve("target/fold/fold-driver");
    List<String> cmd = new ArrayList<>(List.of(driver.toString(), "-o", "driver.bgc"));
    cmd.addAll(dirs);
    return run(cmd, "fold-driver", true);
  }

  /**
   * Runs cmd to its end; it must exit 0 and, when {@code quiet}, say nothing. Returns the CPU
   * seconds it was last seen to have used.
   */
  private static double run(List<String> cmd, String what, boolean quiet) throws Exception {
    Path err = Files.createTempFile("fold-twin", ".err");
    try {
      ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile())
          .redirectOutput(ProcessBuilder.Redirect.appendTo(err.toFile()));
      Sanitized.environment(pb);
      Process p;
      try {
        p = pb.start();
      } catch (IOException e) {
        return fail(what + " could not start (" + e.getMessage() + "): the test needs make and"
            + " a C compiler with AddressSanitizer and UndefinedBehaviorSanitizer (gcc, libasan)");
      }
      CpuDeadline end = CpuDeadline.ofChildProcesses(DRIVER_CPU);
      while (!p.waitFor(100, TimeUnit.MILLISECONDS)) {
        if (end.passed()) {
          p.descendants().forEach(ProcessHandle::destroyForcibly);
          p.destroyForcibly();
          fail(what + " " + end.why());
        }
      }
      String said = Files.readString(err, StandardCharsets.UTF_8);
      if (p.exitValue() != 0 || (quiet && !said.isEmpty())) {
        fail(what + " exited " + p.exitValue() + ":\n" + said);
      }
      return end.cpuUsed() / 1e9;
    } finally {
      Files.deleteIfExists(err);
    }
  }
}
