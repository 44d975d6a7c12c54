package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * `benchgen expand` run as a process of its own and stopped while it writes: SIGTERM (what
 * `timeout` sends) leaves nothing beside the target; SIGKILL leaves a recognisable temporary that
 * the next command writing there removes.
 */
class StoppedCommandTest {
  @TempDir
  Path tmp;

  /** A compressed trace whose expansion takes many seconds: the ring sample, 2,000,000 times. */
  private Path longTrace() throws IOException {
    Path ring = tmp.resolve("ring.bgc");
    assertEquals(0, Cli.run("compress", "../samples/traces/ring", "-o", ring.toString()).code());
    Path big = tmp.resolve("in").resolve("big.bgc");
    Files.createDirectories(big.getParent());
    String text = Files.readString(ring);
    assertTrue(text.contains("loop trips=5 {"), text);
    Files.writeString(big, text.replace("loop trips=5 {", "loop trips=2000000 {"));
    return big;
  }

  private static List<String> names(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void expandStoppedWhileWriting(boolean kill) throws Exception {
    Path big = longTrace();
    Path outDir = Files.createDirectory(tmp.resolve("out"));
    String java = ProcessHandle.current().info().command().orElse("java");
    Process p = new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
        // --force: a long write is the point here (stopped long before it ends), which expand
        // refuses without asking above 256 MB (issue 47).
        Benchgen.class.getName(), "expand", big.toString(), "--gzip", "--force", "-o",
        outDir.resolve("exp").toString()).redirectErrorStream(true)
        .redirectOutput(tmp.resolve("log").toFile()).start();
    // Wait until it writes: its temporary appears beside the target.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (names(outDir).isEmpty() && p.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    List<String> writing = names(outDir);
    assertEquals(1, writing.size(), writing + " " + Files.readString(tmp.resolve("log")));
    String temporary = writing.get(0);
    assertTrue(temporary.startsWith(".exp.benchgen-") && temporary.endsWith(".tmp")
        && temporary.contains("-" + p.pid() + "-"), temporary);
    if (kill) {
      p.destroyForcibly();
    } else {
      p.destroy();
    }
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(kill ? 137 : 143, p.exitValue(), Files.readString(tmp.resolve("log")));
    if (!kill) {
      assertEquals(List.of(), names(outDir));
      return;
    }
    assertEquals(List.of(temporary), names(outDir));
    // The next output to that directory removes what the killed run left.
    assertEquals(0, Cli.run("expand", tmp.resolve("ring.bgc").toString(), "-o",
        outDir.resolve("ring").toString()).code());
    assertEquals(List.of("ring"), names(outDir));
  }
}
