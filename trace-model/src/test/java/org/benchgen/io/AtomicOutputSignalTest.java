package org.benchgen.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Outputs of runs that do not finish, with real processes ({@link StoppedWriter}) stopped by
 * real signals: SIGTERM leaves nothing; SIGKILL leaves a temporary that the next output to the
 * same directory removes; a temporary that a running process may still be writing is kept.
 */
class AtomicOutputSignalTest {
  @TempDir
  Path dir;

  /** Starts a {@link StoppedWriter} and waits until its temporary holds something. */
  private static Process startWriter(String kind, Path target) throws IOException {
    String java = ProcessHandle.current().info().command().orElse("java");
    Process p = new ProcessBuilder(java, "-Xmx64m", "-cp", System.getProperty("java.class.path"),
        StoppedWriter.class.getName(), kind, target.toString())
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
        StandardCharsets.UTF_8));
    assertEquals("writing", out.readLine());
    return p;
  }

  private static void stop(Process p, boolean kill) throws InterruptedException {
    if (kill) {
      p.destroyForcibly(); // SIGKILL
    } else {
      p.destroy(); // SIGTERM
    }
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the writer did not stop");
  }

  /** The temporary a process with this pid writes for {@code target}, as its only sibling. */
  private void assertOnlyTemporaryOf(Process p, String target) throws IOException {
    List<String> names = AtomicOutputTest.names(dir);
    assertEquals(1, names.size(), names.toString());
    String name = names.get(0);
    assertTrue(name.startsWith("." + target + ".benchgen-") && name.endsWith(".tmp")
        && name.contains("-" + p.pid() + "-"), name);
    assertTrue(Temporaries.isStale(dir.resolve(name)) == !p.isAlive(), name);
  }

  @ParameterizedTest
  @ValueSource(strings = {"dir", "file"})
  void sigtermLeavesNothing(String kind) throws Exception {
    Process p = startWriter(kind, dir.resolve("out"));
    assertOnlyTemporaryOf(p, "out");
    stop(p, false);
    assertEquals(143, p.exitValue()); // 128 + SIGTERM: stopped, not finished
    assertEquals(List.of(), AtomicOutputTest.names(dir));
  }

  @ParameterizedTest
  @ValueSource(strings = {"dir", "file"})
  void sigkillLeavesATemporaryThatTheNextOutputRemoves(String kind) throws Exception {
    Process p = startWriter(kind, dir.resolve("out"));
    stop(p, true);
    assertEquals(137, p.exitValue()); // 128 + SIGKILL
    // Nothing could run: the temporary is there, named after its process, which is gone.
    assertOnlyTemporaryOf(p, "out");
    AtomicOutput.writeFile(dir.resolve("other.txt"), w -> w.write("x"));
    assertEquals(List.of("other.txt"), AtomicOutputTest.names(dir));
  }

  @Test
  void aTemporaryOfARunningWriterIsKept() throws Exception {
    Process p = startWriter("dir", dir.resolve("out"));
    try {
      AtomicOutput.writeFile(dir.resolve("other.txt"), w -> w.write("x"));
      List<String> names = AtomicOutputTest.names(dir);
      assertEquals(2, names.size(), names.toString());
      assertTrue(names.contains("other.txt"), names.toString());
    } finally {
      stop(p, false);
    }
    assertEquals(List.of("other.txt"), AtomicOutputTest.names(dir));
  }

  @Test
  void onlyThisHostsTemporariesOfEndedProcessesAreRemoved() throws Exception {
    long me = ProcessHandle.current().pid();
    String host = Temporaries.prefix(Path.of("x")).replaceFirst("^\\.x\\.benchgen-", "")
        .replaceFirst("-\\d+-$", "");
    // Another host's: its process may be running there.
    Path elsewhere = Files.createDirectory(dir.resolve(".a.benchgen-" + host + "x-1-7.tmp"));
    Process later = new ProcessBuilder("sleep", "60").start();
    try {
      Path byLater = Files.createDirectory(dir.resolve(".c.benchgen-" + host + "-" + later.pid()
          + "-7.tmp"));
      Files.setLastModifiedTime(byLater, FileTime.from(Instant.now().minusSeconds(3600)));
      Path current = Files.createDirectory(dir.resolve(".d.benchgen-" + host + "-" + later.pid()
          + "-8.tmp"));
      Path notOurs = Files.createDirectory(dir.resolve(".e.tmp"));
      Path mine = Files.createDirectory(dir.resolve(".f.benchgen-" + host + "-" + me + "-9.tmp"));
      AtomicOutput.writeFile(dir.resolve("other.txt"), w -> w.write("x"));
      List<String> left = AtomicOutputTest.names(dir);
      assertTrue(left.contains(elsewhere.getFileName().toString()), left.toString());
      assertTrue(left.contains(current.getFileName().toString()), left.toString());
      assertTrue(left.contains(notOurs.getFileName().toString()), left.toString());
      // A number that a process started after the temporary now has: not its writer.
      assertTrue(!left.contains(byLater.getFileName().toString()), left.toString());
      // This process's own: whoever writes it removes it.
      assertTrue(left.contains(mine.getFileName().toString()), left.toString());
    } finally {
      later.destroyForcibly().waitFor();
    }
  }
}
