package org.benchgen.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Running the coNCePTuaL compiler and the programs it builds, for the tests that check generated
 * programs with the real compiler: a command with its output, and what a task logged.
 */
public final class NcptlRuns {
  private NcptlRuns() {}

  /** A finished command: exit code, standard output, standard error. */
  public record Run(int code, String out, String err) {}

  /**
   * Runs {@code cmd} in {@code dir} with {@code env} added; fails, naming a likely deadlock, when
   * it has not ended after {@code seconds}.
   */
  public static Run run(Path dir, Map<String, String> env, List<String> cmd, long seconds)
      throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
    pb.environment().putAll(env);
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process p = pb.start();
    if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError(String.join(" ", cmd) + ": no end after " + seconds
          + " s (a deadlock?)");
    }
    return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  /**
   * Messages sent, bytes sent, messages received, bytes received from the log of a task of a
   * generated program (which logs them last, after its elapsed time).
   */
  public static List<Long> logged(Path log) throws IOException {
    List<String> rows = new ArrayList<>();
    for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
      if (!line.startsWith("#") && !line.isBlank()) {
        rows.add(line);
      }
    }
    // A header row, an aggregates row, then the one logged row: elapsed, the four counters, scale.
    assertEquals(3, rows.size(), "log rows: " + rows);
    assertEquals("\"elapsed (us)\",\"messages sent\",\"bytes sent\",\"messages received\","
        + "\"bytes received\",\"compute scale (%)\"", rows.get(0));
    String[] v = rows.get(2).split(",");
    return List.of(Long.parseLong(v[1]), Long.parseLong(v[2]), Long.parseLong(v[3]),
        Long.parseLong(v[4]));
  }
}
