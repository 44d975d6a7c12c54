package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs that are not regular files, or are cut short, given to every command: each refuses them
 * at once (none blocks on a FIFO), exit 1, with a message naming the file, and writes nothing.
 */
class SpecialFilesTest {
  private static final Path RING = Path.of("../samples/traces/ring");

  @TempDir
  Path tmp;

  /** Every command that reads a trace, on {@code trace}, writing (if at all) into tmp/out. */
  private List<String[]> commands(Path trace) {
    String t = trace.toString();
    String out = tmp.resolve("out").toString();
    List<String[]> c = new ArrayList<>(List.of(
        new String[] {"show", t},
        new String[] {"stats", t},
        new String[] {"align", t, "-o", out},
        new String[] {"resolve", t, "-o", out},
        new String[] {"generate", t, "--lang", "c-mpi", "-o", out},
        new String[] {"generate", t, "--lang", "conceptual", "-o", out},
        new String[] {"verify", t, RING.toString()},
        new String[] {"verify", RING.toString(), t}));
    if (Files.isDirectory(trace)) {
      c.add(new String[] {"compress", t, "-o", out});
    } else {
      c.add(new String[] {"expand", t, "-o", out});
    }
    return c;
  }

  /** Runs every command on {@code trace}: each fails with exit 1 and {@code message}. */
  private void everyCommandRefuses(Path trace, String message) throws IOException {
    for (String[] args : commands(trace)) {
      Cli.Result r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> Cli.run(args));
      String what = String.join(" ", args) + ": " + r.err();
      assertEquals(1, r.code(), what);
      assertTrue(r.err().contains(message), what);
      assertTrue(Files.notExists(tmp.resolve("out")), what);
    }
  }

  private Path copyOfRing(String name) throws IOException {
    Path d = Files.createDirectory(tmp.resolve(name));
    try (Stream<Path> s = Files.list(RING)) {
      for (Path p : s.toList()) {
        Files.copy(p, d.resolve(p.getFileName()));
      }
    }
    return d;
  }

  private static void mkfifo(Path p) throws Exception {
    assertEquals(0, new ProcessBuilder("mkfifo", p.toString()).inheritIO().start().waitFor());
  }

  @Test
  void aFifoAsARankFileOrACompressedTrace() throws Exception {
    Path trace = copyOfRing("ring");
    Path rank = trace.resolve("rank-2.trace");
    Files.delete(rank);
    mkfifo(rank);
    everyCommandRefuses(trace, "benchgen: error: " + rank + ": a FIFO (named pipe), not a"
        + " regular file; benchgen reads only regular files (or links to them)");
    Path bgc = tmp.resolve("fifo.bgc");
    mkfifo(bgc);
    everyCommandRefuses(bgc, "benchgen: error: " + bgc + ": a FIFO (named pipe), not a regular"
        + " file");
  }

  @Test
  void aDirectoryWhereARankFileShouldBe() throws Exception {
    Path trace = copyOfRing("ring");
    Path rank = trace.resolve("rank-1.trace");
    Files.delete(rank);
    Files.createDirectory(rank);
    everyCommandRefuses(trace, "benchgen: error: " + rank + ": a directory, not a regular file");
  }

  @Test
  void gzipCutShort() throws Exception {
    Path trace = copyOfRing("ring");
    Path rank = trace.resolve("rank-3.trace");
    byte[] text = Files.readAllBytes(rank);
    Files.delete(rank);
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(b)) {
      gz.write(text);
    }
    Path gz = trace.resolve("rank-3.trace.gz");
    Files.write(gz, Arrays.copyOf(b.toByteArray(), b.size() - 30));
    everyCommandRefuses(trace, "benchgen: I/O error: " + gz + ": the gzip data ends too early"
        + " (the file is cut short: Unexpected end of ZLIB input stream)");
  }
}
