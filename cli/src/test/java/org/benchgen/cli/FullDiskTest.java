package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that writes, on a real full disk (a 1 MB tmpfs with 2 kB free; issue 47): each
 * exits 1 with "cannot write FILE: No space left on device" naming the output as given (or
 * "standard output"), never 0 with its output lost or 3 with a stack trace, and leaves nothing
 * behind, no temporary either.
 */
class FullDiskTest {
  private static final Path SAMPLES = Path.of("../samples/traces").toAbsolutePath();

  @TempDir
  static Path tmp;

  private static java.util.Optional<Tmpfs> mounted = java.util.Optional.empty();
  private static Tmpfs disk;
  private static Path stencil;

  @BeforeAll
  static void setUp() throws Exception {
    stencil = tmp.resolve("stencil.bgc");
    assertEquals(0, Cli.run("compress", SAMPLES.resolve("stencil2d").toString(), "-o",
        stencil.toString()).code());
    mounted = Tmpfs.mount(tmp);
    disk = mounted.orElse(null);
  }

  private static void needsDisk() {
    assumeTrue(mounted.isPresent(), "cannot mount a tmpfs (needs root): the full-disk case is"
        + " not tested here");
  }

  @AfterAll
  static void tearDown() throws Exception {
    if (mounted.isPresent()) {
      mounted.get().close();
    }
  }

  /** {@code args} writing {@code output} (in the tmpfs) fails naming {@code named}. */
  private static void refused(String named, String... args) throws Exception {
    disk.fillLeaving(2048);
    Cli.Result r = Cli.run(args);
    String what = String.join(" ", args) + ": " + r.err();
    assertEquals(1, r.code(), what);
    assertTrue(r.err().contains("cannot write " + disk.dir().resolve(named)
        + ": No space left on device"), what);
    assertTrue(!r.err().contains("\tat "), what);
    assertEquals(List.of(), disk.contents(), what);
  }

  private static String out(String name) {
    return disk.dir().resolve(name).toString();
  }

  @Test
  void everyWritingCommandNamesTheFile() throws Exception {
    needsDisk();
    String t = stencil.toString();
    refused("out/stencil.c", "generate", t, "--lang", "c-mpi", "-o", out("out"));
    refused("out/stencil.goal", "generate", t, "--lang", "goal", "-o", out("out"));
    refused("out/stencil.ncptl", "generate", t, "--lang", "conceptual", "-o", out("out"));
    // expand first compares what it would write with the free space; forced, it meets the disk.
    disk.fillLeaving(2048);
    Cli.Result x = Cli.run("expand", t, "-o", out("x"));
    assertEquals(1, x.code(), x.err());
    assertTrue(x.err().contains("expanding writes 6 rank files, about 0.1 MB in all, more than"
        + " the 0.0 MB free in " + disk.dir()), x.err());
    assertEquals(List.of(), disk.contents());
    refused("x/rank-0.trace", "expand", t, "--force", "-o", out("x"));
    refused("a.bgc", "align", t, "-o", out("a.bgc"));
    refused("a.bgc", "resolve", t, "-o", out("a.bgc"));
    refused("a.bgc", "compress", SAMPLES.resolve("stencil2d").toString(), "-o", out("a.bgc"));
    refused("r.html", "report", t, "-o", out("r.html"));
    disk.fillLeaving(2048);
    Cli.Result r = Cli.run("synth", "stencil2d", "-n", "64", "-i", "100", "-o", out("syn"));
    assertEquals(1, r.code(), r.err());
    assertTrue(r.err().matches("(?s).*cannot write " + out("syn") + "/rank-\\d+\\.trace: No"
        + " space left on device.*"), r.err());
    assertEquals(List.of(), disk.contents());
  }

  /**
   * A file large enough that the disk fills inside a nested template (a 27-rank stencil's GOAL
   * schedule, 100 kB): StringTemplate reports what a nested template throws to the outer one as
   * an "internal error" with only its text, which reached the command as a bug, exit 3.
   */
  @Test
  void aDiskThatFillsInsideANestedTemplateIsNamedToo() throws Exception {
    needsDisk();
    Path streams = tmp.resolve("s3");
    Path s3 = tmp.resolve("s3.bgc");
    assertEquals(0, Cli.run("synth", "stencil3d", "-n", "27", "-i", "20", "-o",
        streams.toString()).code());
    assertEquals(0, Cli.run("compress", streams.toString(), "-o", s3.toString()).code());
    for (String lang : List.of("goal", "c-mpi", "conceptual")) {
      String ext = Map.of("goal", "goal", "c-mpi", "c", "conceptual", "ncptl").get(lang);
      refused("g3/s3." + ext, "generate", s3.toString(), "--lang", lang, "-o", out("g3"));
    }
  }

  /**
   * import weighs the archive's records against the free space before it writes (Score-P's
   * archive of 4 ranks, about 20 kB of records); forced, it meets the full disk and names the
   * file.
   */
  @Test
  void importComparesWhatItWouldWriteWithTheFreeSpace() throws Exception {
    needsDisk();
    String archive = Path.of("..", "otf2", "src", "test", "resources", "scorep4-collectives",
        "traces.otf2").toAbsolutePath().normalize().toString();
    disk.fillLeaving(2048);
    Cli.Result r = Cli.run("import", archive, "-o", out("i"));
    assertEquals(1, r.code(), r.err());
    assertTrue(r.err().matches("(?s).*traces\\.otf2: importing writes 4 rank files, about"
        + " 0\\.0 MB in all, more than the 0\\.0 MB free in " + disk.dir() + "; --force.*"),
        r.err());
    assertEquals(List.of(), disk.contents());
    refused("i/rank-0.trace", "import", archive, "--force", "-o", out("i"));
  }

  @Test
  void generateIntoAGivenDirectoryNamesTheFile() throws Exception {
    needsDisk();
    // A bigger space, so that the benchmark fits and its report does not.
    disk.fillLeaving(100 * 1024);
    Files.createDirectory(disk.dir().resolve("out"));
    Cli.Result r = Cli.run("generate", stencil.toString(), "--lang", "c-mpi", "--report", "-o",
        out("out"));
    assertEquals(1, r.code(), r.err());
    assertTrue(r.err().contains("cannot write " + out("out") + "/"), r.err());
    try (var s = Files.list(disk.dir().resolve("out"))) {
      assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith(".")), "temporaries");
    }
  }

  /** stats and show into a file on the full disk: exit 1, naming standard output. */
  @Test
  void standardOutputOnAFullDisk() throws Exception {
    needsDisk();
    for (String command : List.of("stats", "show")) {
      disk.fillLeaving(2048);
      StringWriter err = new StringWriter();
      int code;
      try (OutputStream out = new FileOutputStream(disk.dir().resolve("s.txt").toFile())) {
        code = Benchgen.run(new String[] {command, stencil.toString()}, out,
            new PrintWriter(err, true));
      }
      assertEquals(1, code, command + ": " + err);
      assertTrue(err.toString().contains("cannot write standard output: No space left on"
          + " device"), command + ": " + err);
    }
  }

  /** The same without a tmpfs: /dev/full fails every write. */
  @Test
  void standardOutputOnDevFull() throws Exception {
    StringWriter err = new StringWriter();
    int code;
    try (OutputStream out = new FileOutputStream("/dev/full")) {
      code = Benchgen.run(new String[] {"stats", stencil.toString()}, out,
          new PrintWriter(err, true));
    }
    assertEquals(1, code, err.toString());
    assertTrue(err.toString().contains("cannot write standard output: No space left on device"),
        err.toString());
  }

  /**
   * The tracer on a full disk (issue 47): each rank that cannot write its stream says so itself
   * (the tracer's stderr), leaves it as rank-R.trace.unwritten-ENOSPC, never cut under its final
   * name; `benchgen trace` then exits 1 naming the ranks and the cause, and leaves nothing.
   */
  @Test
  void theTracerOnAFullDiskLeavesNothingAndSaysWhy() throws Exception {
    needsDisk();
    Path bins = MpiSamples.bins().get("openmpi");
    for (boolean raw : new boolean[] {true, false}) {
      // Less than random_exchange's trace.bgc at 2 ranks (14 kB, its runs choice sections).
      disk.fillLeaving(8 * 1024);
      java.util.List<String> args = new java.util.ArrayList<>(raw
          ? List.of("trace", "--raw", "-o", out("t")) : List.of("trace", "-o", out("t")));
      args.addAll(MpiSamples.launcher("openmpi", 2));
      args.add(bins.resolve("random_exchange").toString());
      Cli.Result r = Cli.run(args.toArray(String[]::new));
      assertEquals(1, r.code(), r.err());
      assertTrue(r.err().contains("cannot write " + out("t") + ": the tracer could not write"),
          r.err());
      assertTrue(r.err().contains("No space left on device"), r.err());
      assertEquals(List.of(), disk.contents(), r.err());
    }
  }
}
